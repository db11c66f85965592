#!/usr/bin/env node
// docs/wordpress.md's two pictures, from the build: the plugin's zip (scripts/wordpress-zip) installed in the test's
// real WordPress (tests/browser/wordpress_site.js), then headless Chromium on Settings, MiroFish and on the block in
// the editor, its school paused and stepped to a fixed step with school.step() (seed 7).
//   scripts/wordpress-zip && node wordpress/docs-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const h = require(path.join(ROOT, 'tests', 'browser', 'helpers.js'));
const wordpress = require(path.join(ROOT, 'tests', 'browser', 'wordpress_site.js'));
const OUT = path.join(ROOT, 'docs', 'images');
const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'package.json'), 'utf8')).version;
const zip = path.join(ROOT, 'build', 'wordpress', `mirofish-${version}.zip`);
if (!fs.existsSync(zip)) {
  console.error(`${path.relative(ROOT, zip)} is missing: run scripts/wordpress-zip first`);
  process.exit(1);
}

const site = await wordpress.start();
const browser = await h.launch();
try {
  execFileSync('python3', ['-m', 'zipfile', '-e', zip, path.join(site.root, 'wp-content', 'plugins')]);
  site.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php';
$error = activate_plugin( 'mirofish/mirofish.php' );
if ( is_wp_error( $error ) ) { fwrite( STDERR, $error->get_error_message() ); exit( 1 ); }`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => (m.type() === 'error' ? console.log('console:', m.text()) : null));
  const settings = site.base + '/wp-admin/options-general.php?page=mirofish';
  await page.goto(site.base + '/wp-login.php?redirect_to=' + encodeURIComponent(settings));
  await page.fill('#user_login', wordpress.ADMIN.user);
  await page.fill('#user_pass', wordpress.ADMIN.password);
  await Promise.all([page.waitForURL(/options-general\.php/), page.click('#wp-submit')]);
  // A look of its own, saved, so that the picture shows one.
  await page.fill('#mirofish-fish', '120');
  await page.selectOption('#mirofish-palette', 'ink');
  await page.fill('#mirofish-opacity', '0.7');
  await page.selectOption('#mirofish-controls', 'bottom-right');
  await Promise.all([page.waitForURL(/settings-updated/), page.click('#submit')]);
  await page.evaluate(() => document.querySelectorAll('.notice').forEach((n) => n.remove()));
  fs.writeFileSync(path.join(OUT, 'wordpress-settings.png'), await page.screenshot({ fullPage: true }));
  console.log('wrote docs/images/wordpress-settings.png');

  // The block in the editor: selected, its options in the sidebar, its school at step 600.
  await page.goto(`${site.base}/wp-admin/post.php?post=${site.pages.block.id}&action=edit`);
  await page.waitForFunction(
    () => window.wp && wp.data && wp.data.select('core/block-editor').getBlocks().length,
    null,
    {
      timeout: 30000,
    },
  );
  let canvas = null; // the editor's document, or its iframe where WordPress makes one
  for (let i = 0; !canvas && i < 300; i++) {
    for (const f of page.frames()) if (await f.$('miro-fish').catch(() => null)) canvas = f;
    if (!canvas) await page.waitForTimeout(100);
  }
  await canvas.waitForFunction(() => {
    const el = document.querySelector('miro-fish');
    return el.school && el.school.stats().frames >= 2;
  });
  await page.evaluate(() => {
    const b = wp.data.select('core/block-editor').getBlocks()[0];
    wp.data.dispatch('core/block-editor').selectBlock(b.clientId);
  });
  await canvas.evaluate(async () => {
    const s = document.querySelector('miro-fish').school;
    s.pause();
    await s.step(600 - s.stats().steps);
  });
  // Two screenshots alike: the paused frame is on screen.
  let last = await page.screenshot();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const next = await page.screenshot();
    if (next.equals(last)) break;
    last = next;
  }
  fs.writeFileSync(path.join(OUT, 'wordpress-block.png'), last);
  console.log('wrote docs/images/wordpress-block.png');
} finally {
  await browser.close();
  await site.stop();
}
