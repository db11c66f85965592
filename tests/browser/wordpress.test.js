// The WordPress plugin in a real WordPress: Debian's 6.1 with MariaDB under PHP's server
// (tests/browser/wordpress_site.js starts and stops them), one site, one Chromium, the checks in the order a site
// owner meets them. The plugin is installed from the zip scripts/wordpress-zip makes, through Plugins, Upload, and
// activated; then the school on the front page and on a nested post; a look saved from the settings form (and one
// imported from the configurator's link) on the next load; the two choices between pages (data-continue="off", the
// morph's @view-transition) where the background runs; the block's school on its page and no MiroFish file on a page
// without it; the editor's live preview; hostile values refused or clamped, each with its notice, and escaped
// wherever they come back; the nonce and the capability; deactivating and deleting leave no tag and no option. PHP
// logs nothing from the plugin and the plugin's PHP asks for nothing outside the site.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const h = require('./helpers');
const wordpress = require('./wordpress_site');

const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const TAG = /<script\b[^>]*\bid=['"]mirofish-js['"][^>]*>/;

// The page's HTML as a visitor gets it (no cookies).
async function html(url) {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return response.text();
}

// The tag's attributes: { defer: '', src: ..., 'data-fish': '33', ... }.
function tagAttributes(text) {
  const tag = text.match(TAG);
  if (!tag) return null;
  const out = {};
  for (const m of tag[0].matchAll(/\s([a-z-]+)(?:=(?:'([^']*)'|"([^"]*)"))?/g)) out[m[1]] = m[2] ?? m[3] ?? '';
  return out;
}

// Pixels that differ between a school's element with its canvas shown and hidden, the school paused: > 0 means it
// draws there.
async function drawnPixels(element) {
  await element.evaluate((el) => el.school.pause());
  const drawn = h.decodePng(await element.screenshot());
  await element.evaluate((el) => (el.school.canvas.style.visibility = 'hidden'));
  const bare = h.decodePng(await element.screenshot());
  await element.evaluate((el) => {
    el.school.canvas.style.visibility = '';
    el.school.resume();
  });
  return h.diffPixels(drawn, bare);
}

// A school in an element that has drawn a few frames: where it runs and whether it draws.
function elementSchool(frame, selector) {
  return frame.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      const s = el && el.school;
      return s && s.stats().frames >= 3 && { thread: s.stats().thread, rendering: s.stats().rendering };
    },
    selector,
    { timeout: 30000, polling: 100 },
  );
}

// The page's frame (its document or an iframe's) that holds `selector`, within 30 s; null if none does.
async function frameWith(page, selector) {
  for (const end = Date.now() + 30000; Date.now() < end; await page.waitForTimeout(100)) {
    for (const frame of page.frames()) if (await frame.$(selector).catch(() => null)) return frame;
  }
  return null;
}

// readme.txt's source link (wordpress/source.mjs), decided before the zip is made: the public repository, from
// SITE_REPO, a public git origin or web/package.json's "repository", never a local path; with none, no zip.
describe("the zip's source link", () => {
  it('is the public repository, credentials and .git dropped; a local path never', async () => {
    const { sourceUrl } = await import('../../wordpress/source.mjs');
    const url = (from) => {
      const got = sourceUrl(from);
      return got.url || 'problem: ' + got.problem;
    };
    const o = 'https://github.com/owner/mirofish';
    assert.equal(url({ siteRepo: o + '.git', origin: '/home/me/mirofish' }), o);
    assert.equal(url({ origin: 'git@github.com:owner/mirofish.git' }), o);
    assert.equal(url({ origin: 'ssh://git@github.com/owner/mirofish.git' }), o);
    assert.equal(url({ origin: 'https://me:token@github.com/owner/mirofish.git' }), o);
    assert.equal(url({ origin: '/home/me/mirofish', repository: 'owner/mirofish' }), o);
    assert.equal(url({ origin: 'file:///home/me/mirofish', repository: { type: 'git', url: 'git+' + o + '.git' } }), o);
    assert.match(url({ siteRepo: '/home/me/mirofish' }), /^problem: SITE_REPO is "\/home\/me\/mirofish", not a public/);
    for (const origin of [
      '',
      '/home/me/mirofish',
      '../mirofish',
      'file:///home/me/mirofish',
      'http://localhost/m.git',
    ]) {
      assert.match(url({ origin }), /^problem: readme\.txt links the source to the public repository, /, origin);
    }
  });

  it('stops the build of a clone whose origin is a local path, with one line saying how', () => {
    const git = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-origin-'));
    try {
      execFileSync('git', ['init', '-q', '--bare', git]);
      execFileSync('git', ['--git-dir', git, 'remote', 'add', 'origin', '/home/me/mirofish']);
      const env = Object.assign({}, process.env, { GIT_DIR: git });
      delete env.SITE_REPO;
      const run = spawnSync(path.join(h.ROOT, 'scripts', 'wordpress-zip'), ['--no-build'], { encoding: 'utf8', env });
      const pkg = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8'));
      if (pkg.repository) {
        assert.equal(run.status, 0, run.stderr); // the package names its repository: that is the link
      } else {
        assert.equal(run.status, 1);
        assert.equal(
          run.stderr,
          'wordpress-zip: readme.txt links the source to the public repository, and this clone names none (git ' +
            'origin: "/home/me/mirofish", web/package.json: no "repository"): run it as ' +
            'SITE_REPO=https://github.com/OWNER/NAME scripts/wordpress-zip\n',
        );
        assert.equal(run.stdout, '');
      }
    } finally {
      fs.rmSync(git, { recursive: true, force: true });
    }
  });
});

describe('the WordPress plugin, in a real WordPress', () => {
  let site, browser, admin, zip;
  const requests = []; // every request a visitor's page made
  const consoleLog = []; // a visitor's console errors and warnings

  // A visitor's page (no cookies), its requests and console recorded.
  async function visit(url) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    page.on('request', (r) => requests.push(r.url()));
    const watched = h.watchConsole(page);
    page.on('close', () => consoleLog.push(...watched.errors().map((m) => m.text), ...watched.warnings()));
    await page.goto(url);
    return page;
  }

  // The settings as stored: { enabled, look }.
  const stored = () => JSON.parse(site.php("echo wp_json_encode( get_option( 'mirofish_settings' ) );"));

  // The settings page, a change made in it, then saved: the response's HTML (its notices show once).
  async function saveSettings(change) {
    await admin.goto(site.base + '/wp-admin/options-general.php?page=mirofish');
    await admin.evaluate(change.fn, change.arg);
    const [response] = await Promise.all([
      admin.waitForResponse((r) => /options-general\.php\?page=mirofish&settings-updated/.test(r.url())),
      admin.click('#submit'),
    ]);
    await admin.waitForLoadState();
    return response.text();
  }

  before(async () => {
    // SITE_REPO: the source link readme.txt names (a clone may name no public repository: then no zip is made).
    const env = Object.assign({}, process.env, { SITE_REPO: 'https://example.org/mirofish' });
    const made = execFileSync(path.join(h.ROOT, 'scripts', 'wordpress-zip'), ['--no-build'], { encoding: 'utf8', env });
    zip = path.join(h.ROOT, made.trim());
    site = await wordpress.start();
    browser = await h.launch();
    admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    admin.on('dialog', (d) => d.accept()); // "Are you sure you want to delete MiroFish?"
  });
  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  it('installs from its zip (Plugins, Upload) and activates', async () => {
    const upload = site.base + '/wp-admin/plugin-install.php?tab=upload';
    await admin.goto(site.base + '/wp-login.php?redirect_to=' + encodeURIComponent(upload));
    await admin.fill('#user_login', wordpress.ADMIN.user);
    await admin.fill('#user_pass', wordpress.ADMIN.password);
    await Promise.all([admin.waitForURL(/plugin-install\.php/), admin.click('#wp-submit')]);
    await admin.setInputFiles('#pluginzip', zip);
    await Promise.all([admin.waitForURL(/update\.php\?action=upload-plugin/), admin.click('#install-plugin-submit')]);
    assert.match(await admin.textContent('.wrap'), /Plugin installed successfully/);
    await Promise.all([admin.waitForURL(/plugins\.php/), admin.click('a:has-text("Activate Plugin")')]);
    assert.match(await admin.getAttribute('tr[data-plugin="mirofish/mirofish.php"]', 'class'), /\bactive\b/);
    assert.ok(await admin.$('tr[data-plugin="mirofish/mirofish.php"] a[href$="options-general.php?page=mirofish"]'));
    const vendor = path.join(site.root, 'wp-content', 'plugins', 'mirofish', 'vendor');
    assert.deepEqual(fs.readdirSync(vendor).sort(), [
      'mirofish-engine.js',
      'mirofish-host.js',
      'mirofish.js',
      'mirofish.wasm',
    ]);
    // The minified files' source (guideline 4): the repository the build was given, as a link.
    const readme = fs.readFileSync(path.join(vendor, '..', 'readme.txt'), 'utf8');
    assert.match(readme, /\(`scripts\/wordpress-zip`\), are at https:\/\/example\.org\/mirofish\. /);
    assert.deepEqual(stored(), { enabled: true, continue: true, morph: false, look: [] }, 'activation adds its option');
  });

  it('the school on the front page and on a nested post, from the site’s own files, the tag deferred in the footer', async () => {
    const front = await html(site.base + '/');
    const tag = tagAttributes(front);
    assert.ok(tag, 'the front page has the tag');
    assert.equal(tag.src, `${site.base}/wp-content/plugins/mirofish/vendor/mirofish.js?ver=${VERSION}`);
    assert.equal(tag.defer, '');
    assert.equal(tag['data-layer'], 'behind');
    assert.ok(front.search(TAG) > front.indexOf('Koi at dusk'), 'after the page’s content: the footer');

    for (const url of [site.base + '/', site.pages.post.url]) {
      const page = await visit(url);
      await h.waitForFish(page, 3);
      assert.deepEqual(
        await h.readySchool(page),
        { thread: 'worker', rendering: true, canvases: 1, current: true },
        url,
      );
      if (url === site.base + '/') assert.ok((await h.fishPixels(page)) > 100, 'fish on the front page');
      await page.close();
    }
    assert.match(site.pages.post.url, /\/\d{4}\/\d{2}\/koi-at-dusk\/$/, 'a nested address');
    const ours = requests.filter((u) => u.includes('/plugins/mirofish/'));
    for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm']) {
      assert.ok(
        ours.some((u) => u.startsWith(`${site.base}/wp-content/plugins/mirofish/vendor/${f}?ver=${VERSION}`)),
        f,
      );
    }
    assert.deepEqual(
      requests.filter((u) => !u.startsWith(site.base + '/') && !/^(data|blob):/.test(u)),
      [],
      'no request leaves the site',
    );
    const quiet = await html(site.pages.off.url);
    assert.ok(!quiet.includes('mirofish'), 'a page whose editor turned the background off has no tag');
    // docs/wordpress.md's example of the `mirofish_background` filter, as a must-use plugin: off on the contact page.
    const example = fs.readFileSync(path.join(h.ROOT, 'docs', 'wordpress.md'), 'utf8').match(/```php\n([^`]*)```/)[1];
    const mu = path.join(site.root, 'wp-content', 'mu-plugins', 'docs-example.php');
    fs.writeFileSync(mu, '<?php\n' + example);
    assert.ok(!(await html(site.pages.plain.url)).includes('mirofish'), 'the filter keeps it off the contact page');
    assert.ok(tagAttributes(await html(site.pages.post.url)), 'and on elsewhere');
    fs.unlinkSync(mu);
  });

  it('a look saved from the settings form, and one imported from the configurator’s link, change the tag on the next load', async () => {
    const saved = await saveSettings({
      fn: () => {
        const f = (id) => document.getElementById(id);
        f('mirofish-fish').value = '33';
        f('mirofish-palette').value = 'ink';
        f('mirofish-opacity').value = '0.8';
        f('mirofish-water').checked = true;
        f('mirofish-click').value = 'scare';
        f('mirofish-layer').value = 'back';
        f('mirofish-controls').value = 'top-left';
        f('mirofish-idlefps').value = '12';
      },
    });
    assert.match(saved, /Settings saved\./);
    assert.ok(!TAG.test(saved) && !saved.includes('vendor/mirofish'), 'never in the admin');
    const tag = tagAttributes(await html(site.base + '/'));
    for (const [k, v] of Object.entries({ fish: '33', palette: 'ink', opacity: '0.8', water: '1', click: 'scare' })) {
      assert.equal(tag['data-' + k], v, k);
    }
    assert.equal(tag['data-layer'], 'back');
    assert.equal(tag['data-controls'], 'top-left');
    assert.equal(tag['data-idle-fps'], '12');
    const page = await visit(site.base + '/');
    await h.waitForFish(page, 3);
    assert.deepEqual(
      await page.evaluate(() => ['fish', 'palette', 'water', 'layer'].map((k) => MiroFish.current.get(k))),
      [33, 2, 1, 1],
    );
    assert.ok(await page.$('[data-mirofish-controls]'), 'the visitor’s pause button');
    await page.close();

    const link = 'https://example.org/configure.html#fish=120&palette=goldfish&sepRadius=30&opacity=7&qr=1&bogus=3';
    const imported = await saveSettings({
      fn: (l) => (document.getElementById('mirofish-import').value = l),
      arg: link,
    });
    assert.match(imported, /Imported the look: fish, palette, sepRadius, opacity\./);
    assert.match(imported, /Not options of MiroFish, left out: bogus\./);
    assert.match(imported, /held at the nearest end: opacity 7 → 1\./);
    assert.match(imported, /QR landing \(qr=1\)/);
    assert.equal(await admin.inputValue('#mirofish-fish'), '120', 'the fields show the imported look');
    const after = tagAttributes(await html(site.base + '/'));
    assert.deepEqual(
      Object.keys(after).filter((k) => k.startsWith('data-')),
      ['data-fish', 'data-sep-radius', 'data-opacity', 'data-palette', 'data-layer'],
    );
    assert.equal(after['data-sep-radius'], '30');
    assert.equal(after['data-palette'], 'goldfish');
    assert.equal(after['data-opacity'], '1');
  });

  it('between pages: one school across the site unless turned off (data-continue="off"), the morph’s CSS when turned on', async () => {
    const front = await html(site.base + '/');
    assert.equal(tagAttributes(front)['data-continue'], undefined, 'by default the school goes on across the site');
    assert.ok(!front.includes('@view-transition'), 'by default no morph: MiroFish never adds it by itself');
    const saved = await saveSettings({
      fn: () => {
        const f = (id) => document.getElementById(id);
        if (!f('mirofish-continue').checked || f('mirofish-morph').checked)
          throw new Error('the form: not the defaults');
        f('mirofish-continue').checked = false;
        f('mirofish-morph').checked = true;
      },
    });
    assert.match(saved, /Settings saved\./);
    assert.ok(!/<style[^>]*>[^<]*@view-transition/.test(saved), 'never in the admin');
    const { continue: going, morph } = stored();
    assert.deepEqual({ going, morph }, { going: false, morph: true });
    const changed = await html(site.base + '/');
    assert.equal(tagAttributes(changed)['data-continue'], 'off');
    const style = changed.match(/<style\b[^>]*\bid=['"]mirofish-morph-inline-css['"][^>]*>([^<]*)<\/style>/);
    assert.ok(style, 'the morph’s CSS');
    assert.equal(style[1].trim(), '@view-transition { navigation: auto; }');
    assert.ok(changed.indexOf(style[0]) < changed.indexOf('</head>'), 'in the head');
    const quiet = await html(site.pages.off.url);
    assert.ok(!quiet.includes('mirofish') && !quiet.includes('@view-transition'), 'only where the background runs');
  });

  it('the block’s school on a page that uses it, and no MiroFish file on a page that does not', async () => {
    const off = await saveSettings({ fn: () => (document.getElementById('mirofish-enabled').checked = false) });
    assert.match(off, /Settings saved\./);
    const pond = await html(site.pages.block.url);
    const tag = tagAttributes(pond);
    assert.equal(tag['data-auto'], 'false', 'the block’s view script mounts no page background');
    assert.equal(tag['data-continue'], undefined, 'the settings between pages are the background’s');
    assert.ok(!pond.includes('@view-transition'), 'no morph without the background');
    assert.equal(tag.defer, '');
    assert.match(pond, /<miro-fish fish="40" seed="7" palette="ink" style="position:absolute;inset:0"><\/miro-fish>/);
    assert.match(pond, /min-height:320px/);

    const seen = requests.length;
    const page = await visit(site.pages.block.url);
    assert.deepEqual(await (await elementSchool(page, 'miro-fish')).jsonValue(), { thread: 'worker', rendering: true });
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 1, 'the block’s school alone');
    assert.ok((await drawnPixels(await page.$('miro-fish'))) > 50, 'fish in the block');
    assert.equal(await page.evaluate(() => document.querySelector('miro-fish').school.get('palette')), 2);
    await page.close();
    assert.ok(requests.slice(seen).some((u) => u.includes('/plugins/mirofish/vendor/mirofish.wasm')));

    for (const url of [site.pages.plain.url, site.base + '/']) {
      const before = requests.length;
      const plain = await visit(url);
      await plain.waitForLoadState('load');
      assert.equal(await plain.evaluate(() => typeof window.MiroFish), 'undefined', url);
      await plain.close();
      assert.deepEqual(
        requests.slice(before).filter((u) => /mirofish/i.test(u)),
        [],
        'no MiroFish file on ' + url,
      );
    }
  });

  it('the editors: the block’s preview draws (in the site editor’s iframe too) and follows its sidebar; the page’s switch saves', async () => {
    const errors = [];
    admin.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    admin.on('pageerror', (e) => errors.push(String(e)));
    await admin.goto(`${site.base}/wp-admin/post.php?post=${site.pages.block.id}&action=edit`);
    // The canvas: the editor's document (WordPress 6.1's post editor), or its iframe where WordPress makes one.
    const canvas = await frameWith(admin, 'miro-fish');
    assert.ok(canvas, 'the block’s <miro-fish> in the editor');
    assert.deepEqual(await (await elementSchool(canvas, 'miro-fish')).jsonValue(), {
      thread: 'worker',
      rendering: true,
    });
    assert.ok((await drawnPixels(await canvas.$('miro-fish'))) > 50, 'the preview draws');
    assert.equal(await canvas.evaluate(() => MiroFish.current), null, 'no page background in the editor');

    const block = await admin.evaluate(() => {
      const b = wp.data.select('core/block-editor').getBlocks()[0];
      wp.data.dispatch('core/block-editor').selectBlock(b.clientId);
      return { name: b.name, isValid: b.isValid };
    });
    assert.deepEqual(block, { name: 'mirofish/school', isValid: true });
    // Its attributes and its sidebar are the table's options (block.php makes both from it): one control each, and
    // each one an attribute, so what the sidebar sets is saved.
    const made = await admin.evaluate(() => ({
      options: Object.keys(window.mirofishBlock.table),
      attributes: Object.keys(wp.blocks.getBlockType('mirofish/school').attributes),
    }));
    assert.deepEqual(made.options, ['fish', 'palette', 'opacity', 'water', 'click', 'controls', 'idleFps', 'seed']);
    for (const name of made.options.concat(['height', 'heightUnit']))
      assert.ok(made.attributes.includes(name), `the block saves ${name}`);
    const inspector = admin.locator('.block-editor-block-inspector');
    for (const name of made.options) {
      const label = await admin.evaluate((n) => window.mirofishBlock.table[n].label, name);
      await inspector.getByLabel(label, { exact: true }).first().waitFor({ timeout: 10000 }); // its control
    }
    await admin.locator('.block-editor-block-inspector').getByLabel('Palette', { exact: true }).selectOption('neon');
    await canvas.waitForFunction(
      () => {
        const el = document.querySelector('miro-fish');
        return el.getAttribute('palette') === 'neon' && el.school.get('palette') === 3;
      },
      null,
      { timeout: 10000 },
    );

    // The document's panel: "No fish background on this page", saved through the REST API into the post's meta.
    await admin.evaluate(() => {
      wp.data.dispatch('core/block-editor').clearSelectedBlock();
      wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
    });
    const toggle = admin.getByLabel('No fish background on this page');
    if (!(await toggle.isVisible())) await admin.click('button:has-text("Fish background")'); // the panel, closed
    await toggle.check();
    await admin.evaluate(() => wp.data.dispatch('core/editor').savePost());
    await h.waitFor(
      admin,
      () => !wp.data.select('core/editor').isSavingPost() && !wp.data.select('core/editor').isEditedPostDirty(),
    );
    assert.equal(
      site
        .sql(`SELECT meta_value FROM wp_postmeta WHERE post_id=${site.pages.block.id} AND meta_key='_mirofish_off'`)
        .trim(),
      '1',
    );
    assert.match(await html(site.pages.block.url), /palette="neon"/, 'the saved block renders what the sidebar chose');

    // The site editor's canvas is an iframe (as every editor's is from WordPress 7.1): the block added to a
    // template brings mirofish.js into that iframe, and its school draws there.
    const template = 'twentytwentythree%2F%2Fpage';
    await admin.goto(`${site.base}/wp-admin/site-editor.php?postType=wp_template&postId=${template}`);
    await h.waitFor(
      admin,
      () => window.wp && wp.data && wp.data.select('core/block-editor').getBlocks().length,
      null,
      30000,
    );
    await admin.evaluate(() =>
      wp.data.dispatch('core/block-editor').insertBlocks(wp.blocks.createBlock('mirofish/school', { fish: 30 }), 0),
    );
    const iframe = await frameWith(admin, 'miro-fish');
    assert.ok(iframe && iframe !== admin.mainFrame(), 'the block’s <miro-fish> in the site editor’s iframe');
    assert.deepEqual(await (await elementSchool(iframe, 'miro-fish')).jsonValue(), {
      thread: 'worker',
      rendering: true,
    });
    assert.ok((await drawnPixels(await iframe.$('miro-fish'))) > 50, 'the preview draws in the iframe');
    assert.equal(await iframe.evaluate(() => document.querySelectorAll('script[data-mirofish-editor]').length), 1);
    assert.deepEqual(
      errors.filter((e) => /mirofish|miro-fish/i.test(e)),
      [],
    );
  });

  it('hostile values: clamped or refused, each with its notice, escaped wherever they come back', async () => {
    const before = stored();
    const long = 'https://example.org/configure.html#fish=' + '9'.repeat(10000);
    const page = await saveSettings({
      fn: (l) => {
        const f = (id) => document.getElementById(id);
        f('mirofish-enabled').checked = true;
        for (const id of ['mirofish-fish', 'mirofish-opacity', 'mirofish-idlefps']) f(id).type = 'text';
        f('mirofish-fish').value = '-5';
        f('mirofish-opacity').value = '"><script>window.__xss=1</script>';
        f('mirofish-idlefps').value = 'abc';
        const palette = f('mirofish-palette');
        palette.add(new Option('x', '"><img src=x onerror="window.__xss=2">'));
        palette.selectedIndex = palette.options.length - 1;
        f('mirofish-import').value = l;
      },
      arg: long,
    });
    assert.ok(!/<script>window\.__xss|<img src=x/.test(page), 'nothing hostile printed raw');
    assert.equal(await admin.evaluate(() => window.__xss), undefined);
    const notice = async (code) => (await admin.textContent('#setting-error-mirofish-' + code)).trim();
    assert.match(await notice('fish'), /How many fish: -5 is outside 0 to 100000; stored 0\./);
    assert.match(await notice('opacity'), /Opacity: “"><script>window\.__xss=1<\/script>” is not a number; kept 1\./);
    assert.match(await notice('idleFps'), /Resting rate: “abc” is not a number; kept 20\./);
    assert.match(
      await notice('palette'),
      /Palette: “"><img src=x onerror="window.__xss=2">” is not one of koi, goldfish, ink, neon; kept goldfish\./,
    );
    assert.match(
      await notice('import'),
      /is 10040 characters long, more than a link to a look \(4096\): nothing imported\./,
    );
    assert.ok(!page.includes('9'.repeat(100)), 'the long value is not printed back');
    const after = stored();
    assert.equal(after.look.fish, 0, 'a negative count is stored clamped');
    for (const k of ['opacity', 'idleFps', 'palette']) assert.equal(after.look[k], before.look[k], k + ' kept');

    const front = await html(site.base + '/');
    assert.equal(tagAttributes(front)['data-fish'], '0');
    assert.ok(!/window\.__xss/.test(front));
    // A post's markup is anyone's with the right to edit it: the block's renderer checks and escapes it too.
    const hostile = await html(site.pages.hostile.url);
    assert.ok(!/window\.__xss|xxxxxxxxxx/.test(hostile), 'hostile block attributes are not printed');
    assert.match(hostile, /<miro-fish fish="0" opacity="0.5" style="position:absolute;inset:0"><\/miro-fish>/);
    assert.match(hostile, /min-height:100vh/);
  });

  it('saving needs the nonce and the right to manage options', async () => {
    const fish = stored().look.fish;
    const form = { option_page: 'mirofish', action: 'update', 'mirofish_settings[form][fish]': '77' };
    const noNonce = await admin.context().request.post(site.base + '/wp-admin/options.php', { form, maxRedirects: 0 });
    assert.equal(noNonce.status(), 403, 'no nonce: refused');
    const visitor = await browser.newContext();
    const login = await visitor.request.post(site.base + '/wp-login.php', {
      form: { log: wordpress.VISITOR.user, pwd: wordpress.VISITOR.password, testcookie: '1' },
      headers: { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
      maxRedirects: 0,
    });
    assert.equal(login.status(), 302, 'the subscriber is logged in');
    const nonce = await admin.evaluate(async (base) => {
      const text = await (await fetch(base + '/wp-admin/options-general.php?page=mirofish')).text();
      return text.match(/name="_wpnonce" value="([^"]+)"/)[1];
    }, site.base);
    const asVisitor = await visitor.request.post(site.base + '/wp-admin/options.php', {
      form: Object.assign({ _wpnonce: nonce }, form),
      maxRedirects: 0,
    });
    assert.equal(asVisitor.status(), 403, 'a subscriber: refused');
    const page = await visitor.request.get(site.base + '/wp-admin/options-general.php?page=mirofish');
    assert.equal(page.status(), 403);
    await visitor.close();
    assert.equal(stored().look.fish, fish, 'nothing saved');
  });

  it('deactivating leaves no tag, deleting no option; PHP logged nothing of the plugin and asked nothing of the network', async () => {
    await admin.goto(site.base + '/wp-admin/plugins.php');
    await Promise.all([
      admin.waitForURL(/plugins\.php\?deactivate=true/),
      admin.click('tr[data-plugin="mirofish/mirofish.php"] .deactivate a'),
    ]);
    for (const url of [site.base + '/', site.pages.post.url, site.pages.block.url]) {
      assert.ok(!/mirofish|miro-fish/.test(await html(url)), 'no tag after deactivating: ' + url);
    }
    await admin.click('tr[data-plugin="mirofish/mirofish.php"] .delete a');
    await admin.waitForSelector('text=MiroFish was successfully deleted.', { timeout: 30000 });
    assert.equal(site.sql("SELECT COUNT(*) FROM wp_options WHERE option_name LIKE '%mirofish%'").trim(), '0');
    assert.equal(site.sql("SELECT COUNT(*) FROM wp_postmeta WHERE meta_key LIKE '%mirofish%'").trim(), '0');
    assert.ok(!site.sql("SELECT option_value FROM wp_options WHERE option_name='active_plugins'").includes('mirofish'));
    assert.ok(!fs.existsSync(path.join(site.root, 'wp-content', 'plugins', 'mirofish')));
    const pond = await html(site.pages.block.url);
    assert.ok(!/mirofish|miro-fish/.test(pond), 'no tag and no element');
    assert.match(pond, /Over the fish/, 'the block’s inner content stays: it is the post’s');
    assert.deepEqual(site.pluginLog(), [], 'PHP logged nothing from the plugin');
    assert.deepEqual(site.outgoingRequests(), [], 'the plugin’s PHP made no outgoing request');
    assert.deepEqual(consoleLog, [], 'a visitor’s console: no error, no warning');
  });
});
