// What a visitor sees, from screenshots, with tolerant measures rather than golden pixels (the software GL differs
// between engines): the QR finale in view (fish seen flying over the code's plate, the plate's tone full only as they
// land), text readable over the water whatever the page's colour scheme, the default page's fish (how many, none
// over the avoided text, none outside the canvas), and each palette its own colours. Fixed seed, quality=high and
// school.step(), so each frame is the same in every run.
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

  it('the QR finale: fish fly over the plate into their modules; its tone is full only once they have landed', async () => {
    const AT = 30; // steps: the landing begins half a second in
    const { context, page, log } = await open('form=qr:' + encodeURIComponent('https://example.org/pond') + '&at=0.5');
    await page.evaluate(() => {
      document.body.style.background = '#101418';
    });
    const stats = () => page.evaluate(() => window.MiroFish.current.stats().form);
    const shots = [];
    for (const step of [AT + 18, AT + 42, AT + 66, AT + 90, AT + 114]) {
      const img = await at(page, step);
      const f = await stats();
      shots.push({ step, landed: f.settled / f.targets, img });
    }
    const held = await at(page, AT + 240);
    assert.equal((await stats()).phase, 'holding');
    const square = look.plateBox(held);
    assert.ok(square, 'the held code shows its light plate');
    const final = look.ringTone(held, square);
    assert.ok(final > 200, `the held plate is light (${final})`);
    const frames = shots.map(({ step, landed, img }) => ({
      step,
      landed,
      tone: look.ringTone(img, square),
      fish: look.koiRed(img, square),
    }));
    const seen = frames.filter((f) => f.fish >= 40);
    assert.ok(seen.length >= 3, 'fish pixels inside the code square in at least 3 frames: ' + JSON.stringify(frames));
    for (const f of frames) {
      if (f.landed < 0.6) assert.ok(f.tone < final - 40, 'the plate is not yet full: ' + JSON.stringify(f));
    }
    for (let k = 1; k < frames.length; k++) assert.ok(frames[k].tone >= frames[k - 1].tone - 6, 'it only comes in');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

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
    it(`the default page at DPR ${dpr}: fish in a band, none over the avoided text${dpr === 1 ? ", none outside an element's canvas, each palette its own hues" : ''}`, async (t) => {
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

      // Each palette's fish differ in hue from every other's: a palette change cannot silently do nothing.
      const clip = { x: 0, y: 0, width: 800, height: 300 };
      const hists = [];
      for (const pal of [0, 1, 2, 3]) {
        await page.evaluate((p) => window.MiroFish.current.set('palette', p), pal);
        const shot = await withAndWithout(page, undefined, clip);
        hists.push(look.hueHistogram(shot.shown, shot.hidden));
      }
      for (let a = 0; a < 4; a++) {
        for (let b = a + 1; b < 4; b++) {
          const d = look.histogramDistance(hists[a], hists[b]);
          assert.ok(d > 0.2, `palettes ${a} and ${b} differ in hue (${d.toFixed(2)})`);
        }
      }

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
