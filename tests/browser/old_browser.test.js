// A browser without DecompressionStream (Firefox before 113, Safari before 16.4) cannot inflate the embedded wasm:
// the page is left exactly as it was, with ONE console.warn saying why and no error.
// An init script removes DecompressionStream from the page only (a Worker keeps its own): such a browser is emulated
// by also taking the Worker path away (those browsers cannot hand a canvas to a Worker either), which makes the shim
// load the wasm on the main thread.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('no DecompressionStream', () => {
  const env = h.serverAndBrowser();

  async function expectNoFish(page, consoleLog) {
    const ready = await page.evaluate(() => window.MiroFish.ready.then((s) => s === null));
    assert.ok(ready, 'MiroFish.ready resolves to null');
    await page.waitForTimeout(300);
    const dom = await page.evaluate(() => ({
      canvases: document.querySelectorAll('canvas').length,
      title: document.querySelector('h1').textContent,
      current: window.MiroFish.current,
    }));
    assert.deepEqual(dom, { canvases: 0, title: 'Mira Lin', current: null });
    assert.deepEqual(consoleLog.errors(), []);
    const warnings = consoleLog.warnings();
    assert.equal(warnings.length, 1, 'exactly one warning: ' + JSON.stringify(warnings));
    assert.match(warnings[0], /^MiroFish: .*DecompressionStream \(Chrome 80\+, Firefox 113\+, Safari 16\.4\+\)/);
  }

  it('leaves the page intact with exactly one warning naming what is missing', async () => {
    const { page, consoleLog } = await h.openFrontPage(env, () => {
      delete window.DecompressionStream;
      delete HTMLCanvasElement.prototype.transferControlToOffscreen;  // no Worker path either
    });
    await expectNoFish(page, consoleLog);
    await page.close();
  });

  it('with DecompressionStream missing on the page only: the Worker path loads the wasm there, the main path warns', async () => {
    const { page, consoleLog } = await h.openFrontPage(env, () => { delete window.DecompressionStream; });
    if (h.THREAD === 'main') {
      await expectNoFish(page, consoleLog);
    } else {
      await h.expectWorkerSchool(page, consoleLog, 'the Worker inflates the wasm itself');
    }
    await page.close();
  });
});
