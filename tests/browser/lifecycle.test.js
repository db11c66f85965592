// mount()/destroy() from code: nothing left behind; options and set() validate with warnings, never throws;
// an element scrolled out of view stops its loop; run-time options take effect at once.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('mount, set and destroy', () => {
  const env = h.serverAndBrowser();

  // Counts live listeners and animation frames, installed before any page script.
  async function open(path = '/fixtures/manual.html') {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await h.instrument(context);  // live listeners, animation frames, WebGL contexts
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + path);
    return { context, page, consoleLog };
  }

  it('destroy() removes the canvas, every listener and the loop; mounting 15 times leaks nothing', async () => {
    const { context, page, consoleLog } = await open();
    const before = await page.evaluate(() => ({ listeners: window.__listeners, style: document.getElementById('box').getAttribute('style') }));
    const r = await page.evaluate(async () => {
      const out = [];
      for (let i = 0; i < 15; i++) {
        const s = await window.MiroFish.mount(i % 2 ? '#box' : undefined, { fish: 30, seed: i });
        await new Promise((res) => setTimeout(res, 30));
        out.push(s.stats().fish);
        s.destroy();
        s.destroy();  // twice is harmless
      }
      return out;
    });
    assert.deepEqual(r, Array(15).fill(30));
    const s = await page.evaluate(async () => {
      const school = await window.MiroFish.mount(undefined, { fish: 20 });
      await new Promise((res) => setTimeout(res, 300));
      const running = window.__rafRuns;
      school.destroy();
      const raf0 = window.__rafRuns;
      await new Promise((res) => setTimeout(res, 700));
      return { running, raf0, raf1: window.__rafRuns, canvases: document.querySelectorAll('canvas').length,
        listeners: window.__listeners, stats: school.stats(), step: school.step(10), hash: school.stateHash() };
    });
    assert.ok(s.running > 0, 'the loop ran before destroy');
    assert.equal(s.raf1, s.raf0, 'no animation frame after destroy');
    assert.equal(s.canvases, 0, 'no canvas left');
    assert.equal(s.listeners, before.listeners, 'every listener removed');
    assert.equal(s.stats.state, 'destroyed');
    assert.equal(s.step, 0);
    const styleAfter = await page.evaluate(() => document.getElementById('box').getAttribute('style'));
    assert.equal(styleAfter, before.style, 'the host element style is restored');
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('warns specifically about bad options and bad set() values, and clamps', async () => {
    const { context, page, consoleLog } = await open();
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(undefined, { fish: 80, sepRadius: 1e9, opacity: 'abc', bogus: 1, maxSpeed: NaN });
      window.__school = s;
      const out = { sepRadius: s.get('sepRadius'), opacity: s.get('opacity'), maxSpeed: s.get('maxSpeed') };
      out.negative = s.set('fish', -5);
      out.count = s.stats().fish;
      out.unknown = s.set('nope', 3);
      out.nan = s.set('cohWeight', NaN);
      out.inf = s.set('aliRadius', Infinity);
      out.huge = s.set('cohRadius', 1e300);
      out.key = s.set('rsep', 30);  // hash keys work as names too
      out.stepBad = [s.step(-1), s.step('abc'), s.step(NaN)];
      out.getBad = s.get('nope');
      out.setBad = s.set(42, 1);
      out.objectValue = s.set('seed', { toString() { throw new Error('boom'); } });
      return out;
    });
    assert.equal(r.sepRadius, 400);
    assert.equal(r.opacity, 0.55);
    assert.equal(r.maxSpeed, 90);
    assert.equal(r.negative, 0);
    assert.equal(r.count, 0);
    assert.equal(r.unknown, undefined);
    assert.equal(r.nan, 0.8);
    assert.equal(r.inf, 48);
    assert.equal(r.huge, 400);
    assert.equal(r.key, 30);
    assert.deepEqual(r.stepBad, [0, 0, 0]);
    assert.equal(r.getBad, undefined);
    assert.equal(r.setBad, undefined);
    assert.equal(r.objectValue, 1);
    const w = consoleLog.warnings().join('\n');
    for (const needle of ['sepRadius', 'opacity', '"bogus"', 'maxSpeed', 'fish', '"nope"', 'cohWeight', 'aliRadius',
      'cohRadius', 'step(-1)', 'step("abc")']) {
      assert.ok(w.includes(needle), `a warning names ${needle}:\n${w}`);
    }
    assert.ok(consoleLog.warnings().every((m) => m.startsWith('MiroFish: ')));
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('feeds the pointer and clicks to the simulation (same seed: different path only with input)', async () => {
    const { context, page, consoleLog } = await open('/fixtures/manual.html#n=120&seed=11&w=800&h=600&prad=150');
    const run = () => page.evaluate(async () => {
      const s = await window.MiroFish.mount(undefined, { paused: true });
      window.__school = s;
      return s.stats().steps;
    });
    const finish = () => page.evaluate(() => {
      const s = window.__school;
      s.step(120);
      const hash = s.stateHash();
      s.destroy();
      return hash;
    });
    assert.equal(await run(), 0);
    const still = await finish();
    await run();
    await page.mouse.move(400, 300);
    await page.mouse.move(402, 301);
    const pointed = await finish();
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })));
    await run();
    const again = await finish();
    await run();
    await page.mouse.down();
    await page.mouse.up();
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })));
    const scared = await finish();
    assert.notEqual(pointed, still, 'the pointer changes the school');
    assert.equal(again, still, 'without input the school is the same');
    assert.notEqual(scared, still, 'a click scares the school');
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('bad data-* attributes warn, clamp and still render', async () => {
    const { context, page, consoleLog } = await open('/fixtures/bad-options.html');
    await h.waitForFish(page, 1);  // data-fish="-5" is clamped to 0: one still frame, then no loop (state 'empty')
    const p = await page.evaluate(() => window.MiroFish.current.params());
    assert.equal(p.fish, 0);
    assert.equal(p.sepRadius, 400);
    assert.equal(p.seed, 1);
    assert.equal(p.opacity, 0.55);
    assert.equal(p.maxSpeed, 90);
    const w = consoleLog.warnings().join('\n');
    for (const needle of ['fish', 'seed', 'sepRadius', 'opacity', 'maxSpeed', '"bogus"']) {
      assert.ok(w.includes(needle), `a warning names ${needle}:\n${w}`);
    }
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('stops when its element scrolls out of view and resumes when it is back', async () => {
    const { context, page, consoleLog } = await open();
    await page.evaluate(() => window.MiroFish.mount('#box', { fish: 40 }).then((s) => { window.__school = s; }));
    await h.waitFor(page, () => window.__school.stats().frames >= 3);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await h.waitFor(page, () => window.__school.stats().state === 'hidden');
    const a = await page.evaluate(() => ({ ...window.__school.stats(), raf: window.__rafRuns }));
    await page.waitForTimeout(800);
    const b = await page.evaluate(() => ({ ...window.__school.stats(), raf: window.__rafRuns }));
    assert.equal(b.steps, a.steps);
    assert.equal(b.frames, a.frames);
    assert.equal(b.raf, a.raf);
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.waitFor(page, () => window.__school.stats().state === 'running');
    await h.waitFor(page, (f) => window.__school.stats().frames > f + 2, b.frames);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('applies set() at once, colours included, even while paused', async () => {
    const { context, page, consoleLog } = await open('/');
    await h.waitForFish(page, 2);
    await page.evaluate(() => window.MiroFish.current.pause());
    await page.waitForTimeout(100);
    const a = await h.shot(page);
    await page.evaluate(() => window.MiroFish.current.set('palette', 3));
    await page.waitForTimeout(100);
    const b = await h.shot(page);
    assert.ok(h.diffPixels(a, b) > 200, 'the palette changed on screen');
    await page.evaluate(() => window.MiroFish.current.set('fishSize', 2));
    await page.waitForTimeout(100);
    const c = await h.shot(page);
    assert.ok(h.diffPixels(b, c) > 200, 'the fish size changed on screen');
    const r = await page.evaluate(() => {
      const s = window.MiroFish.current;
      s.set('fish', 120);
      return { fish: s.stats().fish, state: s.stats().state, palette: s.get('palette') };
    });
    assert.deepEqual(r, { fish: 120, state: 'paused', palette: 3 });
    // The performance overlay (S-DEV-1) comes and goes with its option.
    const overlay = await page.evaluate(() => {
      const s = window.MiroFish.current;
      s.set('perf', 1);
      const on = document.querySelectorAll('canvas').length;
      s.set('perf', 0);
      return [on, document.querySelectorAll('canvas').length];
    });
    assert.deepEqual(overlay, [2, 1]);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });
});
