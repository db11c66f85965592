// Without WebGL2 the page is left exactly as it was, with ONE console.warn saying why and no error.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('no WebGL2', () => {
  const env = h.serverAndBrowser(['--disable-3d-apis']);

  it('leaves the page intact with exactly one warning', async () => {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/');
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
    await page.close();
  });
});
