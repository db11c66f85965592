// Does a notebook's live view swim? Opens an HTML page (a file, or a URL) in headless Chromium, finds every view
// school.show() put there (an <iframe> whose document is mirofish.notebook's), and for each one reports, as JSON on
// stdout: whether its school mounted, on which thread, its hash, how many of the view's pixels changed between two
// screenshots a second apart, how many pixels are fish (the school's canvas shown against hidden, paused), and, with
// the school paused, its step and stateHash(), which tests/python/test_notebook.py replays in Python.
//
//   node tests/python/swims.mjs PAGE.html [--shots DIR] [--timeout MS]
//
// Chromium: $CHROMIUM or /usr/bin/chromium, with the browser suite's flags (tests/support/chromium_args.js:
// SwiftShader WebGL, no network).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const ARGS = require('../support/chromium_args.js');
const { decodePng, diffPixels } = require('../browser/helpers.js');

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const shotsDir = option('--shots', '');
const timeout = Number(option('--timeout', '60000'));
if (!target) {
  console.error('usage: node tests/python/swims.mjs PAGE.html [--shots DIR] [--timeout MS]');
  process.exit(2);
}
const url = /^[a-z]+:/.test(target) ? target : pathToFileURL(path.resolve(target)).href;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ARGS });
const result = { url, views: [], console: [] };
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('console', (m) => result.console.push(m.type() + ': ' + m.text()));
  page.on('pageerror', (e) => result.console.push('pageerror: ' + String(e)));
  // An exported notebook names scripts on CDNs; with no network they fail, and the page's load waits for nothing else.
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout });
  const frames = page.locator('iframe');
  const count = await frames.count();
  for (let i = 0; i < count; i++) {
    const element = frames.nth(i);
    const frame = await (await element.elementHandle()).contentFrame();
    if (!frame) continue;
    try {
      await frame.waitForFunction(() => window.__mirofishNotebook, undefined, { timeout: 10000 });
    } catch (e) {
      continue; // not a view of ours
    }
    const view = { index: i };
    result.views.push(view);
    await element.scrollIntoViewIfNeeded(); // a school out of sight takes no steps
    // The school's third frame, or the view's first MiroFish warning (a file that did not load: no school comes).
    let drawn = false;
    try {
      drawn = await (
        await frame.waitForFunction(
          () => {
            const s = window.MiroFish && window.MiroFish.current;
            if (s && s.stats().frames >= 3 && s.stats().steps > 0) return 'drawn';
            return window.__mirofishNotebook.warnings.length ? 'warned' : false;
          },
          undefined,
          { timeout, polling: 100 },
        )
      ).jsonValue();
      drawn = drawn === 'drawn';
    } catch (e) {
      drawn = false;
    }
    if (!drawn) {
      view.error = 'no school drew three frames';
      view.notes = await frame.evaluate(() => window.__mirofishNotebook.warnings.slice());
      continue;
    }
    const stats = () => frame.evaluate(() => window.MiroFish.current.stats());
    const shot = async (name) => {
      const png = await element.screenshot();
      if (shotsDir) fs.writeFileSync(path.join(shotsDir, `view${i}-${name}.png`), png);
      return decodePng(png);
    };
    const before = await stats();
    const a = await shot('a');
    await new Promise((r) => setTimeout(r, 1000));
    const b = await shot('b');
    const after = await stats();
    view.thread = after.thread;
    view.state = after.state;
    view.fish = after.fish;
    view.framesBetween = after.frames - before.frames;
    view.stepsBetween = after.steps - before.steps;
    view.pixels = a.width * a.height;
    view.changed = diffPixels(a, b, 16);
    // The fish on screen: the canvas shown against hidden, the school held still.
    await frame.evaluate(() => window.MiroFish.current.pause());
    await new Promise((r) => setTimeout(r, 300));
    const withFish = await shot('paused');
    await frame.evaluate(() => (window.MiroFish.current.canvas.style.visibility = 'hidden'));
    await new Promise((r) => setTimeout(r, 100));
    const without = await shot('hidden');
    await frame.evaluate(() => (window.MiroFish.current.canvas.style.visibility = ''));
    view.fishPixels = diffPixels(withFish, without, 16);
    // The school now, paused: its hash, step and state hash (replayed in Python by the test).
    Object.assign(
      view,
      await frame.evaluate(async () => {
        const s = window.MiroFish.current;
        const stateHash = await s.stateHash();
        return {
          expectedHash: window.__mirofishNotebook.hash,
          hash: s.hash(),
          steps: s.stats().steps,
          stateHash,
          notes: window.__mirofishNotebook.warnings.slice(),
        };
      }),
    );
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result, null, 1) + '\n');
