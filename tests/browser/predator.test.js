// S-ECO-2 in the browser: predator=1 (option and hash key) draws the predator with its own look, and predator=0
// sends it away; no GL or console errors.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('predator', () => {
  const env = h.serverAndBrowser();

  it('is drawn while present (an empty pond shows it) and gone after predator=0', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=0&seed=4&pred=1');
    await page.evaluate(async () => {
      window.__s = await window.MiroFish.mount(undefined, { opacity: 1, paused: true });
    });
    const clip = { x: 0, y: 0, width: 800, height: 600 };
    await page.evaluate(() => {
      window.__s.canvas.style.visibility = 'hidden';
    });
    const page0 = await h.shot(page, clip); // the page without the canvas
    await page.evaluate(async () => {
      window.__s.canvas.style.visibility = '';
      await window.__s.step(120);
    });
    await page.waitForTimeout(100); // the still frame after the steps reaches the screen
    const hunting = h.diffPixels(await h.shot(page, clip), page0);
    await page.evaluate(async () => {
      await window.__s.set('predator', 0);
      await window.__s.step(60 * 15);
    }); // it swims out
    await page.waitForTimeout(100);
    const gone = h.diffPixels(await h.shot(page, clip), page0);
    assert.ok(hunting > 300, `the predator shows (${hunting} pixels)`);
    assert.ok(gone < 20, `and is gone after predator=0 (${gone} pixels)`);
    assert.ok((await page.evaluate(() => window.__s.hash())).includes('pred=0'), 'pred is a hash key');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
