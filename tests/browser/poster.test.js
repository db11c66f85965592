// data-poster (web/loader/picture.js): the still is in the page at once, behind it; the school takes its place once it
// draws; it stays where no school comes (no WebGL2); and with data-reduced-motion="poster" a visitor who prefers
// reduced motion gets the poster alone, the host and the engine never fetched. The frames themselves are tested
// natively (tests/render/gl): here only what a page shows.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('poster', () => {
  const env = h.serverAndBrowser();

  async function open(fixture, { reducedMotion = 'no-preference', init } = {}) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 }, reducedMotion });
    const page = await context.newPage();
    if (init) await page.addInitScript(init);
    const log = h.watchConsole(page);
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(env.srv.base + '/fixtures/' + fixture, { waitUntil: 'domcontentloaded' });
    return { context, page, log, fetched };
  }
  const poster = (page) =>
    page.evaluate(() => {
      const img = document.querySelector('img[src$="poster.webp"]');
      if (!img) return null;
      const s = getComputedStyle(img);
      return { position: s.position, z: s.zIndex, events: s.pointerEvents, first: document.body.firstChild === img };
    });

  it('is in the page at once, behind it, and goes once the school has drawn', async () => {
    const { context, page, log } = await open('poster.html');
    assert.deepEqual(await poster(page), { position: 'fixed', z: '-1', events: 'none', first: true });
    assert.equal(
      await page.evaluate(() => document.querySelector('script[src$="mirofish.js"]').dataset.poster),
      undefined,
    );
    await h.waitForFish(page);
    await h.waitFor(page, () => !document.querySelector('img[src$="poster.webp"]'));
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), [], 'data-poster is not a school option');
    await context.close();
  });

  it('stays where the school cannot run (no WebGL2)', async () => {
    const { context, page, log } = await open('poster.html', {
      init: () => {
        delete window.OffscreenCanvas;
        const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return kind === 'webgl2' ? null : get.call(this, kind, ...rest);
        };
      },
    });
    assert.equal(await page.evaluate(() => window.MiroFish.ready), null);
    await page.waitForTimeout(200);
    assert.ok(await poster(page), 'the poster is still there');
    assert.deepEqual(log.errors(), []);
    assert.equal(log.warnings().length, 1, JSON.stringify(log.warnings()));
    await context.close();
  });

  it('data-reduced-motion="poster": for reduced motion the poster alone, no host or engine fetched', async () => {
    const { context, page, log, fetched } = await open('poster-still.html', { reducedMotion: 'reduce' });
    await page.waitForLoadState('load');
    assert.equal(await page.evaluate(() => window.MiroFish.ready), null);
    await page.waitForTimeout(500); // the host would be on its way by now
    assert.ok(await poster(page), 'the poster is shown');
    const ours = fetched.filter((p) => /mirofish[^/]*\.(js|wasm)$/.test(p));
    assert.deepEqual(ours, ['/dist/mirofish.js'], 'only the loader came');
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 0);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), []);
    await context.close();
  });
});
