// Without WebGL2 the page is left exactly as it was, with ONE console.warn saying why and no error.
// Chromium's --disable-3d-apis turns off WebGL on the page's canvases, but an OffscreenCanvas (the page's or a
// Worker's) still gets WebGL2 there: a browser with no WebGL2 at all is emulated by also taking the Worker path away
// (no OffscreenCanvas), which makes the host run the school on the main thread, where WebGL2 is really missing.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('no WebGL2', () => {
  const env = h.serverAndBrowser(['--disable-3d-apis']);

  async function expectNoFish(page, consoleLog) {
    const ready = await page.evaluate(() => window.MiroFish.ready.then((s) => s === null));
    assert.ok(ready, 'MiroFish.ready resolves to null');
    // A second mount from code does not warn again.
    const second = await page.evaluate(() => window.MiroFish.mount().then((s) => s === null));
    assert.ok(second);
    await page.waitForTimeout(300);
    const dom = await page.evaluate(() => ({
      canvases: document.querySelectorAll('canvas').length,
      title: document.querySelector('h1').textContent,
      current: window.MiroFish.current,
      linkOnTop: (() => {
        const a = document.getElementById('nav-about');
        const r = a.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === a;
      })(),
    }));
    assert.deepEqual(dom, { canvases: 0, title: 'Mira Lin', current: null, linkOnTop: true });
    assert.deepEqual(consoleLog.errors(), []);
    const warnings = consoleLog.warnings();
    assert.equal(warnings.length, 1, 'exactly one warning: ' + JSON.stringify(warnings));
    assert.match(warnings[0], /^MiroFish: .*WebGL2/);
  }

  it('leaves the page intact with exactly one warning (a browser with no WebGL2 anywhere)', async () => {
    // No OffscreenCanvas: no Worker path either.
    const { page, consoleLog } = await h.openFrontPage(env, () => {
      delete window.OffscreenCanvas;
    });
    await expectNoFish(page, consoleLog);
    await page.close();
  });

  it("with only the page's canvases lacking WebGL2: a Worker that can draw draws, else the same single warning", async () => {
    const { page, consoleLog } = await h.openFrontPage(env);
    // What a Worker's OffscreenCanvas would get (Chromium with --disable-3d-apis: WebGL2 all the same).
    const offscreenGL = await page.evaluate(
      () => typeof OffscreenCanvas === 'function' && !!new OffscreenCanvas(1, 1).getContext('webgl2'),
    );
    if (h.THREAD === 'main' || !offscreenGL) {
      await expectNoFish(page, consoleLog);
    } else {
      await h.expectWorkerSchool(page, consoleLog, 'the school runs and draws in the Worker');
    }
    await page.close();
  });
});
