// S-ECO-5 ripples in a real browser: with water=1 a click (a pellet landing) and a startle send a ring through the
// water around them; with ripple=0, or without water, a click makes none. The page's clock is held by the test
// (performance.now, which a paused school's frames use), so two frames drawn at the same moment differ only by what
// the test changed: the ring, not the caustics drifting between screenshots.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const CLICK = { x: 620, y: 470 }; // an empty part of the fixture page (the box and the heading are top left)
const FAR = { x: 160, y: 500 };
const R = 80; // CSS px: half the side of the squares compared (the ring's front is 55 px out at 0.5 s)
const T0 = 100; // s on the held clock

describe('ripples', () => {
  const env = h.serverAndBrowser();
  const holds = new WeakMap(); // page -> hold(t): its held clocks

  // A paused school (its still frames read performance.now) and the world the canvas's size (world px = CSS px).
  async function open(options) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addInitScript(() => {
      const real = performance.now.bind(performance);
      window.__clock = null; // s, or null: the real clock
      performance.now = () => (window.__clock === null ? real() : window.__clock * 1000);
    });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    await page.evaluate(
      async (o) => {
        window.__s = await window.MiroFish.mount(undefined, o);
      },
      { paused: true, width: 800, height: 600, ...options },
    );
    await h.waitFor(page, () => window.__s.get('width') === 800);
    assert.equal(await page.evaluate(() => window.__s.stats().thread), h.THREAD);
    // On the worker path the engine draws in its Worker, on that thread's clock: held there the same way.
    const worker = h.THREAD === 'worker' ? page.workers()[0] : null;
    if (worker) {
      await worker.evaluate(() => {
        const real = performance.now.bind(performance);
        self.__clock = null;
        performance.now = () => (self.__clock === null ? real() : self.__clock * 1000);
      });
    }
    // Holds both clocks at t (s), or lets them go (null).
    holds.set(page, async (t) => {
      await page.evaluate((v) => {
        window.__clock = v;
      }, t);
      if (worker)
        await worker.evaluate((v) => {
          self.__clock = v;
        }, t);
    });
    return { context, page, log };
  }
  // One still frame at clock time t (step(0) draws once while paused, and answers once it is drawn), then its
  // screenshot.
  async function frameAt(page, t) {
    await holds.get(page)(t);
    await page.evaluate(() => window.__s.step(0));
    return h.shot(page);
  }

  // Over the square of side 2R around c: the mean of each pixel's largest channel difference, and the pixels that
  // differ by more than 4 levels.
  function diff(a, b, c) {
    let sum = 0,
      count = 0;
    for (let y = c.y - R; y < c.y + R; y++) {
      for (let x = c.x - R; x < c.x + R; x++) {
        const i = (y * a.width + x) * 4;
        const d = Math.max(
          Math.abs(a.data[i] - b.data[i]),
          Math.abs(a.data[i + 1] - b.data[i + 1]),
          Math.abs(a.data[i + 2] - b.data[i + 2]),
        );
        sum += d;
        count += d > 4;
      }
    }
    return { mean: sum / (4 * R * R), count };
  }
  // A ring shows: over 1000 pixels around c clearly changed (the ring's disc is about 9 500 px at 0.5 s).
  function assertRing(d, what) {
    assert.ok(
      d.count > 1000 && d.mean > 0.8,
      `the water changes around ${what} (${d.count} px, mean ` + `${d.mean.toFixed(2)} levels)`,
    );
  }

  // A click, and then the school's count of clicks (stats()[what]: feeds or scares) at n. The page's pointer listeners
  // are passive, so Chromium acknowledges the click before the page hears it (at its next frame): without the wait
  // a loaded machine could deliver it after the test has moved the clock, or turned the water back on.
  async function clickAndWait(page, what, n) {
    await page.mouse.click(CLICK.x, CLICK.y);
    await h.waitFor(page, ([key, count]) => window.__s.stats()[key] === count, [what, n]);
  }

  // What act() does (in the page's world: a click, a pointer) makes a ring that starts with the next frame (t = T0)
  // and is drawn 0.5 s later; `same` is that moment drawn again with ripple=0 (no ring, everything else the same).
  async function ringAt(page, act) {
    await holds.get(page)(T0); // a still frame that act() draws is at T0 too
    await act();
    await frameAt(page, T0);
    const ring = await frameAt(page, T0 + 0.5);
    await page.evaluate(() => window.__s.set('ripple', 0)); // draws the same moment again, without rings
    const same = await frameAt(page, T0 + 0.5);
    return { ring, same };
  }

  it('water=1: a click sends a ring through the water around it, and nowhere else', async () => {
    const { context, page, log } = await open({ fish: 0, seed: 1, water: 1 });
    // A click feeds, by default: the pellet's ring.
    const { ring, same } = await ringAt(page, () => clickAndWait(page, 'feeds', 1));
    assertRing(diff(ring, same, CLICK), 'the click');
    assert.equal(diff(ring, same, FAR).mean, 0, 'and nowhere else');
    assert.equal(await page.evaluate(() => window.__s.stats().feeds), 1);
    assert.match(await page.evaluate(() => window.__s.hash()), /&rip=0&/, 'rip is a hash key');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('a startle sends a ring from where the fright came', async () => {
    // A crowded pond, and the pointer (not a click, which would ripple by itself) coming down among the fish: those
    // within its radius startle.
    const { context, page, log } = await open({ fish: 400, seed: 2, water: 1, opacity: 0 });
    const at = { x: 400, y: 300 };
    const { ring, same } = await ringAt(page, async () => {
      await page.mouse.move(at.x, at.y);
      // The pointer reaches the school at the page's next frame (passive listeners, forwarded once a frame): step
      // until the fish under it have startled.
      await page.evaluate(async () => {
        for (let k = 0; k < 100 && !(window.__s.stats().states.startle > 0); k++) {
          await window.__s.step(1);
          await new Promise((res) => setTimeout(res, 20));
        }
      });
    });
    assert.ok((await page.evaluate(() => window.__s.stats().states.startle)) > 0, 'fish startled');
    assertRing(diff(ring, same, at), 'the startle');
    assert.equal(diff(ring, same, FAR).mean, 0);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('ripple=0, or water=0: a click makes no ring', async () => {
    // click=scare: no pellet to see, and no fish to startle.
    const { context, page, log } = await open({ fish: 0, seed: 1, water: 1, ripple: 0, click: 'scare' });
    const plain = await frameAt(page, T0 + 0.5); // the water at that moment, no ring
    await frameAt(page, T0);
    await clickAndWait(page, 'scares', 1);
    await frameAt(page, T0 + 0.25);
    const still = await frameAt(page, T0 + 0.5);
    assert.equal(diff(still, plain, CLICK).mean, 0, 'ripple=0: no ring');
    await page.evaluate(async () => {
      await window.__s.set('ripple', 1);
      await window.__s.set('water', 0);
    });
    await frameAt(page, T0);
    await clickAndWait(page, 'scares', 2);
    await frameAt(page, T0 + 0.25);
    await page.evaluate(() => window.__s.set('water', 1));
    const dry = await frameAt(page, T0 + 0.5);
    assert.equal(diff(dry, plain, CLICK).mean, 0, 'water=0: no ring kept for later either');
    assert.equal(await page.evaluate(() => window.__s.stats().scares), 2);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
