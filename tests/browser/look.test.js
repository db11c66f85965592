// What a visitor sees on a page, from screenshots, with tolerant measures rather than golden pixels (the software GL
// differs between engines): text readable over the water whatever the page's colour scheme, the default page's fish
// (how many, none over the avoided text, none outside an element's canvas). Fixed seed, quality=high and
// school.step(), so each frame is the same in every run. The frames themselves (each palette's hues, the QR code's
// plate under the landing fish, the water's tone against a text colour, DPR 2, the depth tiers, the predator) are
// tested natively without a page (tests/render/gl).
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');
const look = require('./look');

describe('look', () => {
  const env = h.serverAndBrowser();

  // The fixture at `hash`, paused at step 0 of its own clock (the engine may be in a Worker: step(0) answers after a
  // fresh snapshot).
  async function open(hash = '', { dpr = 1, scheme = 'light', width = 800, height = 600 } = {}) {
    const context = await env.browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: dpr,
      colorScheme: scheme,
    });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/look.html' + (hash ? '#' + hash : ''));
    await h.waitForFish(page);
    await page.evaluate(async () => {
      const s = window.MiroFish.current;
      s.pause();
      await s.step(0);
    });
    return { context, page, log };
  }

  // Steps the paused school to `step` and takes a screenshot once two in a row agree.
  async function at(page, step) {
    await page.evaluate(async (n) => {
      const s = window.MiroFish.current;
      await s.step(n - s.stats().steps);
    }, step);
    return look.stillShot(page);
  }

  it('water=1: the page text reads at 4.5:1 over the water, dark text or light, and as the scheme changes', async () => {
    const { context, page, log } = await open('water=1');
    await page.evaluate(() => window.MiroFish.current.set('opacity', 0)); // the water alone: fish over text, below
    const light = await look.readable(page);
    assert.ok(light.ratio >= 4.5, `dark text (${light.text}) over the water: ${light.ratio.toFixed(2)}:1`);
    await page.emulateMedia({ colorScheme: 'dark' }); // the visitor's scheme changes at run time
    const dark = await look.readable(page);
    assert.notEqual(dark.text, light.text);
    assert.ok(dark.ratio >= 4.5, `light text (${dark.text}) over the water: ${dark.ratio.toFixed(2)}:1`);
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok((await look.readable(page)).ratio >= 4.5, 'back to the light scheme');
    await page.evaluate(() => document.documentElement.classList.add('night')); // a site's own dark-mode class
    const night = await look.readable(page);
    assert.equal(night.text, dark.text);
    assert.ok(night.ratio >= 4.5, `the site's dark class: ${night.ratio.toFixed(2)}:1`);
    assert.deepEqual(log.warnings(), []);
    // The owner's own tone under dark text: one warning, with the ratio.
    await page.evaluate(() => document.documentElement.classList.remove('night'));
    await page.evaluate(() => window.MiroFish.current.set('waterTone', 'deep'));
    const warned = () => log.warnings().filter((w) => /waterTone=deep/.test(w));
    for (let i = 0; i < 50 && warned().length === 0; i++)
      await page.evaluate(() => new Promise((r) => setTimeout(r, 20)));
    assert.equal(warned().length, 1, log.warnings().join('\n'));
    assert.match(warned()[0], /has 1\.\d:1 against the deep water/);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('a dark-scheme page from the start: its light text reads over the water', async () => {
    const { context, page, log } = await open('water=1', { scheme: 'dark' });
    await page.evaluate(() => window.MiroFish.current.set('opacity', 0));
    const m = await look.readable(page);
    assert.ok(m.ratio >= 4.5, `light text (${m.text}) over the water: ${m.ratio.toFixed(2)}:1`);
    assert.deepEqual(log.warnings(), []);
    await context.close();
  });

  // Screenshots with the school's canvas shown and hidden (clip: CSS px).
  async function withAndWithout(page, canvas = 'window.MiroFish.current.canvas', clip) {
    const shown = await look.stillShot(page, clip);
    await page.evaluate((c) => {
      eval(c).style.visibility = 'hidden';
    }, canvas);
    const hidden = await h.shot(page, clip);
    await page.evaluate((c) => {
      eval(c).style.visibility = '';
    }, canvas);
    return { shown, hidden };
  }

  for (const dpr of [1, 2]) {
    it(`the default page at DPR ${dpr}: fish in a band, none over the avoided text${dpr === 1 ? ", none outside an element's canvas" : ''}`, async (t) => {
      const { context, page, log } = await open('', { dpr });
      await at(page, 240);
      const { shown, hidden } = await withAndWithout(page);
      const all = h.diffPixels(shown, hidden);
      const share = all / (800 * 600 * dpr * dpr);
      t.diagnostic(`fish cover ${(share * 100).toFixed(1)} % of the viewport`);
      assert.ok(share > 0.03 && share < 0.25, `fish pixels ${all} (${(share * 100).toFixed(1)} %)`);
      const box = await page.evaluate(() => {
        const r = document.getElementById('text').getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      });
      let over = 0;
      for (let y = Math.ceil(box.y * dpr); y < (box.y + box.h) * dpr; y++) {
        for (let x = Math.ceil(box.x * dpr); x < (box.x + box.w) * dpr; x++) {
          const i = (y * shown.width + x) * 4;
          if (
            Math.abs(shown.data[i] - hidden.data[i]) +
              Math.abs(shown.data[i + 1] - hidden.data[i + 1]) +
              Math.abs(shown.data[i + 2] - hidden.data[i + 2]) >
            24
          )
            over++;
        }
      }
      assert.ok(over <= 0.002 * box.w * box.h * dpr * dpr, `fish pixels over the avoided text box: ${over}`);
      if (dpr === 2) {
        await context.close();
        return;
      }
      // Text over a fish (were it not avoided): the page's text against each fish pixel, a figure for behaviour.md.
      const text = look.rgbOf(await page.evaluate(() => getComputedStyle(document.body).color));
      const c = look.fishContrast(shown, hidden, text);
      t.diagnostic(`text over a fish: ${c.low.toFixed(2)}:1 (1st percentile), ${c.median.toFixed(2)}:1 (median)`);

      // An element's school draws inside the element and nowhere else.
      await page.evaluate(async () => {
        window.MiroFish.current.destroy();
        window.__el = await window.MiroFish.mount('#pond', { layer: 'element', seed: 7, fish: 40, quality: 'high' });
        window.__el.pause();
        await window.__el.step(120);
      });
      const pond = await page.evaluate(() => {
        const r = document.getElementById('pond').getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      });
      const el = await withAndWithout(page, 'window.__el.canvas');
      let inside = 0,
        outside = 0;
      for (let y = 0; y < el.shown.height; y++) {
        for (let x = 0; x < el.shown.width; x++) {
          const i = (y * el.shown.width + x) * 4;
          if (
            Math.abs(el.shown.data[i] - el.hidden.data[i]) +
              Math.abs(el.shown.data[i + 1] - el.hidden.data[i + 1]) +
              Math.abs(el.shown.data[i + 2] - el.hidden.data[i + 2]) <
            9
          )
            continue;
          if (x >= pond.x && x < pond.x + pond.w && y >= pond.y && y < pond.y + pond.h) inside++;
          else outside++;
        }
      }
      assert.ok(inside > 200, `the element's fish are drawn (${inside} px)`);
      assert.equal(outside, 0, 'nothing drawn outside the element');
      assert.deepEqual(log.errors(), []);
      await context.close();
    });
  }
});
