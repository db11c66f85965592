// S-ECO-3 in the browser: species=3 (option and hash key) draws three kinds, each in its own palette (the renderer
// keeps one draw per layer: koi.frag picks the palette); the hash round-trips species=3 and replays the native CLI's
// school; bad values are clamped with a warning.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

// Pixels in the goldfish palette's colours (kind 1 of pal=0): orange-gold skin, neither the koi's white nor its red.
function goldPixels(img) {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const r = img.data[i],
      g = img.data[i + 1],
      b = img.data[i + 2];
    if (r > 170 && g > 0.45 * r && g < 0.85 * r && b < 0.55 * g) n++;
  }
  return n;
}

describe('species', () => {
  const env = h.serverAndBrowser();

  it('species=3: a kind in its own palette, the hash round-trips, the CLI school replays', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    const clip = { x: 0, y: 0, width: 800, height: 600 };
    const look = async (species) => {
      await page.goto(env.srv.base + `/fixtures/manual.html#n=120&seed=5&w=1600&h=900&pal=0&species=${species}`);
      const r = await page.evaluate(async () => {
        window.__s = await window.MiroFish.mount(undefined, { opacity: 1, paused: true, quality: 'high' });
        await window.__s.step(120);
        return { hash: window.__s.hash(), state: await window.__s.stateHash() };
      });
      await page.waitForTimeout(100); // the frame after the steps
      const img = await h.shot(page, clip);
      await page.evaluate(() => {
        window.__s.canvas.style.visibility = 'hidden';
      });
      const fish = h.diffPixels(img, await h.shot(page, clip));
      await page.evaluate(() => window.__s.destroy());
      return { ...r, gold: goldPixels(img), fish };
    };
    const one = await look(1),
      three = await look(3);
    assert.ok(three.hash.includes('species=3'), `the hash carries species=3: ${three.hash}`);
    assert.ok(one.hash.includes('species=1'));
    assert.ok(three.fish > 1500 && one.fish > 1500, `fish are drawn (${one.fish}, ${three.fish} pixels)`);
    assert.ok(
      three.gold > 60 && three.gold > 5 * one.gold + 20,
      `species=3 draws a goldfish-coloured kind (${three.gold} gold pixels, species=1: ${one.gold})`,
    );
    if (fs.existsSync(h.CLI)) {
      const out = execFileSync(
        h.CLI,
        ['run', '--hash', 'n=120&seed=5&w=1600&h=900&pal=0&species=3', '--steps', '120'],
        { encoding: 'utf8' },
      );
      assert.equal(three.state, out.match(/^state-hash ([0-9a-f]{16})$/m)[1], 'the page replays `mirofish run`');
    }
    console.log(
      `species: gold pixels ${one.gold} (species=1) -> ${three.gold} (species=3); fish pixels ${one.fish}, ${three.fish}`,
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('species=9 in a link is clamped to 3 with one warning; set() changes the kinds live', async () => {
    const context = await env.browser.newContext({ viewport: { width: 640, height: 480 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=40&species=9');
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(undefined, { paused: true });
      const clamped = s.hash();
      await s.set('species', 2);
      await s.step(30);
      return { clamped, live: s.hash() };
    });
    assert.ok(r.clamped.includes('species=3'), r.clamped);
    assert.ok(r.live.includes('species=2'), r.live);
    assert.ok(
      log.warnings().some((w) => /species.*clamped to 3/.test(w)),
      JSON.stringify(log.warnings()),
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
