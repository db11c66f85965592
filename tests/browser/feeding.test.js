// S-INT-4 feeding in a real browser: a click drops a pellet that shows, sinks or is eaten; click: 'scare' scares
// instead; school.feed() and school.scare() take viewport points and refuse bad ones with a warning.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('feeding', () => {
  const env = h.serverAndBrowser();

  async function open(options) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    await page.evaluate(async (o) => {
      window.__s = await window.MiroFish.mount(undefined, o);
    }, options);
    await h.waitFor(page, () => window.__s.stats().frames >= 2);
    return { context, page, log };
  }
  const stats = (page) => page.evaluate(() => window.__s.stats());

  // Pixels in the clip that the fish canvas changes (paused, shown vs hidden).
  const canvasPixels = (page, clip) => h.fishPixels(page, clip, { school: '__s' });

  it('a click drops a pellet where it was clicked; it shows, then sinks out of sight', async () => {
    // One fish that never turns to food (feedRadius 0), pellets that sink in 2 s.
    const { context, page, log } = await open({ fish: 1, seed: 3, feedRadius: 0, pelletTime: 2, opacity: 1 });
    const clip = { x: 590, y: 190, width: 20, height: 20 };
    const before = await canvasPixels(page, clip);
    await page.mouse.click(600, 200);
    await h.waitFor(page, () => window.__s.stats().pellets === 1);
    const s = await stats(page);
    assert.equal(s.feeds, 1);
    assert.equal(s.scares, 0, 'click defaults to feed');
    await page.waitForTimeout(100);
    const withPellet = await canvasPixels(page, clip);
    assert.ok(withPellet > before + 20, `the pellet shows where it was clicked (${before} -> ${withPellet} pixels)`);
    await h.waitFor(page, () => window.__s.stats().pellets === 0, undefined, 8000);
    assert.equal((await stats(page)).eaten, 0, 'nobody ate it: it sank');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('the school eats a pellet dropped among it, once', async () => {
    const { context, page, log } = await open({ fish: 200, seed: 1 });
    await page.evaluate(async () => {
      await window.__s.step(120);
    });
    await page.mouse.click(400, 300);
    await h.waitFor(page, () => window.__s.stats().eaten === 1, undefined, 15000);
    const s = await stats(page);
    assert.equal(s.pellets, 0, 'eaten, so gone');
    assert.equal(s.feeds, 1);
    assert.equal(s.states.cruise + s.states.sprint + s.states.hover + s.states.startle, 200);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it("click: 'scare' scares instead; feed() and scare() take viewport points and refuse bad ones", async () => {
    const { context, page, log } = await open({ fish: 50, click: 'scare' });
    assert.equal(await page.evaluate(() => window.__s.get('click')), 1);
    await page.mouse.click(300, 300);
    await h.waitFor(page, () => window.__s.stats().scares === 1);
    assert.equal((await stats(page)).feeds, 0);
    const r = await page.evaluate(() => [
      window.__s.feed(100, 100),
      window.__s.scare(50, 50),
      window.__s.feed('a', 2),
      window.__s.feed(NaN, 1),
    ]);
    assert.deepEqual(r, [true, true, false, false]);
    // The effect lands asynchronously: a round trip to the engine, then the snapshot has it.
    await page.evaluate(() => window.__s.stateHash());
    const s = await stats(page);
    assert.equal(s.feeds, 1);
    assert.equal(s.scares, 2);
    assert.equal(log.warnings().filter((w) => /feed\(.*needs two finite numbers/.test(w)).length, 2);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
