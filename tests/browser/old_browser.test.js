// A browser without DecompressionStream (Firefox before 113, Safari before 16.4) cannot inflate the embedded wasm:
// the page is left exactly as it was, with ONE console.warn saying why and no error.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('no DecompressionStream', () => {
  const env = h.serverAndBrowser();

  it('leaves the page intact with exactly one warning naming what is missing', async () => {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.addInitScript(() => { delete window.DecompressionStream; });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/');
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
    await page.close();
  });
});
