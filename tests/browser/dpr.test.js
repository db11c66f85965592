// Canvas backing store = CSS size x min(devicePixelRatio, maxDpr) at the top quality level, at DPR 1, 2 and 3, after
// resize and in a box.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('devicePixelRatio sizing', () => {
  const env = h.serverAndBrowser();

  // The backing store comes from the engine's snapshot (stats().canvas): on the worker path the page's canvas has
  // handed its control to an OffscreenCanvas, and its own width/height are only a placeholder's.
  const size = (page) =>
    page.evaluate(() => {
      const s = window.MiroFish.current;
      const r = s.canvas.getBoundingClientRect();
      return {
        w: s.stats().canvas.width,
        h: s.stats().canvas.height,
        cssW: r.width,
        cssH: r.height,
        dpr: devicePixelRatio,
        thread: s.stats().thread,
        element: [s.canvas.width, s.canvas.height],
      };
    });
  // On the main thread the page's canvas element is the backing store itself: the snapshot says what it holds.
  const sameElement = (s) => {
    if (h.THREAD === 'main') assert.deepEqual(s.element, [s.w, s.h]);
  };

  for (const dpr of [1, 2, 3]) {
    it(`sizes the canvas at DPR ${dpr}`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 640, height: 400 }, deviceScaleFactor: dpr });
      const page = await context.newPage();
      const consoleLog = h.watchConsole(page);
      await page.goto(env.srv.base + '/');
      await h.waitForFish(page, 1);
      // SwiftShader is a software rasterizer, so auto quality starts at its lowest level (cost.test.js); the top
      // level's sizing is what this checks.
      await page.evaluate(() => window.MiroFish.current.set('quality', 'high'));
      await h.waitFor(page, (w) => window.MiroFish.current.stats().canvas.width === w, 640 * Math.min(dpr, 2));
      let s = await size(page);
      assert.equal(s.thread, h.THREAD);
      assert.equal(s.dpr, dpr);
      assert.deepEqual([s.cssW, s.cssH], [640, 400]);
      const capped = Math.min(dpr, 2); // maxDpr defaults to 2
      assert.deepEqual([s.w, s.h], [640 * capped, 400 * capped], `DPR ${dpr} (capped at maxDpr 2)`);
      sameElement(s);
      if (dpr === 3) {
        await page.evaluate(() => window.MiroFish.current.set('maxDpr', 4));
        await h.waitFor(page, () => window.MiroFish.current.stats().canvas.width === 1920);
        s = await size(page);
        assert.deepEqual([s.w, s.h], [1920, 1200], 'maxDpr=4 lets DPR 3 through');
      }
      // Resize follows the viewport.
      await page.setViewportSize({ width: 500, height: 300 });
      const factor = dpr === 3 ? 3 : dpr;
      await h.waitFor(page, (w) => window.MiroFish.current.stats().canvas.width === w, 500 * factor);
      s = await size(page);
      assert.deepEqual([s.w, s.h], [500 * factor, 300 * factor]);
      sameElement(s);
      assert.deepEqual(consoleLog.errors(), []);
      await context.close();
    });
  }

  it('sizes a canvas mounted in an element to the element', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    const r = await page.evaluate(() =>
      window.MiroFish.mount('#box', { fish: 40, quality: 'high' }).then((s) => {
        window.__school = s;
        const c = s.canvas;
        const { width: w, height: hgt } = s.stats().canvas;
        return {
          w,
          h: hgt,
          parent: c.parentElement.id,
          position: getComputedStyle(c).position,
          boxW: document.getElementById('box').clientWidth,
          boxH: document.getElementById('box').clientHeight,
          world: [s.get('width'), s.get('height')],
        };
      }),
    );
    assert.equal(r.parent, 'box');
    assert.equal(r.position, 'absolute');
    assert.deepEqual([r.w, r.h], [r.boxW * 2, r.boxH * 2]);
    assert.deepEqual(r.world, [r.boxW, r.boxH], 'the world is the box at mount time');
    await page.evaluate(() => {
      document.getElementById('box').style.width = '300px';
    });
    await h.waitFor(
      page,
      () => window.__school.stats().canvas.width === document.getElementById('box').clientWidth * 2,
    );
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });
});
