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
    await h.instrument(context); // live listeners, animation frames, WebGL contexts
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + path);
    return { context, page, consoleLog };
  }

  it('destroy() removes the canvas, every listener and the loop; mounting 15 times leaks nothing', async () => {
    const { context, page, consoleLog } = await open();
    const before = await page.evaluate(() => ({
      listeners: window.__listeners,
      style: document.getElementById('box').getAttribute('style'),
    }));
    const r = await page.evaluate(async () => {
      const out = [];
      for (let i = 0; i < 15; i++) {
        const s = await window.MiroFish.mount(i % 2 ? '#box' : undefined, { fish: 30, seed: i });
        await new Promise((res) => setTimeout(res, 30));
        out.push(s.stats().fish);
        s.destroy();
        s.destroy(); // twice is harmless
      }
      return out;
    });
    assert.deepEqual(r, Array(15).fill(30));
    const s = await page.evaluate(async () => {
      const school = await window.MiroFish.mount(undefined, { fish: 20 });
      // The loop's first frames and steps, as its snapshots (every 250 ms at most) tell them: a busy machine is
      // given 10 s, a loop that never runs fails below.
      const t0 = performance.now();
      do await new Promise((res) => setTimeout(res, 50));
      while (!(school.stats().frames > 0 && school.stats().steps > 0) && performance.now() - t0 < 10000);
      const running = window.__rafRuns;
      const live = school.stats();
      // A command still in flight when destroy() comes resolves too (nothing is left hanging).
      const inFlight = school.step(5);
      school.destroy();
      const raf0 = window.__rafRuns;
      await new Promise((res) => setTimeout(res, 700));
      return {
        running,
        live: { frames: live.frames, steps: live.steps, state: live.state, thread: live.thread },
        raf0,
        raf1: window.__rafRuns,
        canvases: document.querySelectorAll('canvas').length,
        listeners: window.__listeners,
        stats: school.stats(),
        inFlight: await Promise.race([
          inFlight.then(
            () => 'resolved',
            () => 'rejected',
          ),
          new Promise((res) => setTimeout(() => res('pending'), 2000)),
        ]),
        step: await school.step(10),
        hash: await school.stateHash(),
        set: await school.set('fish', 10),
        trajectory: await school.trajectory(10),
        canvas: school.canvas,
      };
    });
    assert.equal(s.live.thread, h.THREAD);
    assert.match(s.live.state, h.ANIMATING);
    assert.ok(s.live.frames > 0 && s.live.steps > 0, `the loop ran before destroy (${JSON.stringify(s.live)})`);
    assert.equal(s.raf1, s.raf0, 'no animation frame after destroy');
    if (h.THREAD === 'main') {
      assert.ok(s.running > 1, "the loop ran on the page's animation frames");
    } else {
      // The one frame mount() waits for before it starts (first paint, S-COST-7); the loop's are the Worker's own.
      assert.ok(s.running <= 1, `the worker path's loop asks the page for no animation frame (${s.running})`);
      // The loop ran in the Worker: with its last school gone the Worker is terminated, loop, wasm and context.
      const deadline = Date.now() + 5000;
      while (page.workers().length && Date.now() < deadline) await page.waitForTimeout(50);
      assert.equal(page.workers().length, 0, 'no Worker left after destroy');
    }
    assert.equal(s.canvases, 0, 'no canvas left');
    assert.equal(s.listeners, before.listeners, 'every listener removed');
    assert.equal(s.stats.state, 'destroyed');
    assert.equal(s.canvas, null);
    // Every call is safe after destroy(): the computing ones resolve to their empty values.
    assert.equal(s.inFlight, 'resolved', 'a step() pending at destroy() resolves');
    assert.equal(s.step, 0, 'step() after destroy() resolves to 0 steps');
    assert.equal(s.hash, '');
    assert.equal(s.set, undefined);
    assert.equal(s.trajectory, null);
    const styleAfter = await page.evaluate(() => document.getElementById('box').getAttribute('style'));
    assert.equal(styleAfter, before.style, 'the host element style is restored');
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('warns specifically about bad options and bad set() values, and clamps', h.ONE_PATH, async () => {
    const { context, page, consoleLog } = await open();
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(undefined, {
        fish: 80,
        sepRadius: 1e9,
        opacity: 'abc',
        bogus: 1,
        maxSpeed: NaN,
      });
      window.__school = s;
      // set() and step() resolve (never reject) to the value held and the steps taken; a rejection is recorded.
      const settle = (p) => Promise.resolve(p).catch((e) => 'rejected: ' + (e && e.name) + ': ' + (e && e.message));
      const out = { sepRadius: s.get('sepRadius'), opacity: s.get('opacity'), maxSpeed: s.get('maxSpeed') };
      out.negative = await settle(s.set('fish', -5));
      out.count = s.stats().fish;
      out.unknown = await settle(s.set('nope', 3));
      out.nan = await settle(s.set('cohWeight', NaN));
      out.inf = await settle(s.set('aliRadius', Infinity));
      out.huge = await settle(s.set('cohRadius', 1e300));
      out.key = await settle(s.set('rsep', 30)); // hash keys work as names too
      out.keyRead = s.get('sepRadius');
      out.stepBad = [await settle(s.step(-1)), await settle(s.step('abc')), await settle(s.step(NaN))];
      out.getBad = s.get('nope');
      out.setBad = await settle(s.set(42, 1));
      let sync = 'no throw';
      let objectValue;
      try {
        objectValue = settle(
          s.set('seed', {
            toString() {
              throw new Error('boom');
            },
          }),
        );
      } catch (e) {
        sync = 'threw ' + e.name;
      }
      out.objectValue = await objectValue;
      out.sync = sync;
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
    assert.equal(r.keyRead, 30, 'after await set() the snapshot has the value');
    assert.deepEqual(r.stepBad, [0, 0, 0]);
    assert.equal(r.getBad, undefined);
    assert.equal(r.setBad, undefined);
    assert.equal(r.sync, 'no throw');
    assert.equal(r.objectValue, 1, 'a value whose toString throws is refused with a warning; seed stays 1');
    const w = consoleLog.warnings().join('\n');
    for (const needle of [
      'sepRadius',
      'opacity',
      '"bogus"',
      'maxSpeed',
      'fish',
      '"nope"',
      'cohWeight',
      'aliRadius',
      'cohRadius',
      'step(-1)',
      'step("abc")',
    ]) {
      assert.ok(w.includes(needle), `a warning names ${needle}:\n${w}`);
    }
    assert.ok(consoleLog.warnings().every((m) => m.startsWith('MiroFish: ')));
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('feeds the pointer and clicks to the simulation (same seed: different path only with input)', async () => {
    const { context, page, consoleLog } = await open('/fixtures/manual.html#n=120&seed=11&w=800&h=600&prad=150');
    const run = () =>
      page.evaluate(async () => {
        const s = await window.MiroFish.mount(undefined, { paused: true });
        window.__school = s;
        return s.stats().steps;
      });
    // The pointer goes to the engine at most once a frame: a short wait lets the last move arrive before the steps.
    const finish = () =>
      page.evaluate(async () => {
        await new Promise((res) => setTimeout(res, 50));
        const s = window.__school;
        const taken = await s.step(120);
        const hash = await s.stateHash();
        s.destroy();
        return taken === 120 ? hash : 'step(120) took ' + taken;
      });
    assert.equal(await run(), 0);
    const still = await finish();
    await run();
    await page.mouse.move(400, 300);
    await page.mouse.move(402, 301);
    const pointed = await finish();
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })),
    );
    await run();
    const again = await finish();
    await run();
    await page.mouse.down();
    await page.mouse.up();
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })),
    );
    const scared = await finish();
    assert.match(still, /^[0-9a-f]{16}$/);
    assert.notEqual(pointed, still, 'the pointer changes the school');
    assert.equal(again, still, 'without input the school is the same');
    assert.notEqual(scared, still, 'a click scares the school');
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('bad data-* attributes warn, clamp and still render', h.ONE_PATH, async () => {
    const { context, page, consoleLog } = await open('/fixtures/bad-options.html');
    await h.waitForFish(page, 1); // data-fish="-5" is clamped to 0: one still frame, then no loop (state 'empty')
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

  it('stops when its element scrolls out of view and resumes when it is back', h.ONE_PATH, async () => {
    const { context, page, consoleLog } = await open();
    await page.evaluate(() =>
      window.MiroFish.mount('#box', { fish: 40 }).then((s) => {
        window.__school = s;
      }),
    );
    await h.waitFor(page, () => window.__school.stats().frames >= 3);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await h.waitFor(page, () => window.__school.stats().state === 'hidden');
    // The page knows at once; step(0), a command, makes the engine's snapshot fresh (it has stopped by then).
    const read = () =>
      page.evaluate(async () => {
        await window.__school.step(0);
        return { ...window.__school.stats(), raf: window.__rafRuns };
      });
    const a = await read();
    await page.waitForTimeout(800);
    const b = await read();
    assert.equal(a.state, 'hidden');
    assert.equal(b.state, 'hidden');
    assert.equal(b.steps, a.steps, 'no step while out of view');
    assert.equal(b.frames, a.frames, 'no frame while out of view');
    assert.equal(b.raf, a.raf, 'no animation frame while out of view');
    // The worker path's loop runs on the Worker's own frames: the page saw at most the first-paint one (S-COST-7).
    if (h.THREAD === 'worker') assert.ok(b.raf <= 1, `no page animation frame for the loop (${b.raf})`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.waitFor(page, () => /^(running|idle)$/.test(window.__school.stats().state));
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
    assert.equal(await page.evaluate(() => window.MiroFish.current.set('palette', 3)), 3);
    await page.waitForTimeout(100);
    const b = await h.shot(page);
    assert.ok(h.diffPixels(a, b) > 200, 'the palette changed on screen');
    assert.equal(await page.evaluate(() => window.MiroFish.current.set('fishSize', 2)), 2);
    await page.waitForTimeout(100);
    const c = await h.shot(page);
    assert.ok(h.diffPixels(b, c) > 200, 'the fish size changed on screen');
    const r = await page.evaluate(async () => {
      const s = window.MiroFish.current;
      await s.set('fish', 120);
      return { fish: s.stats().fish, state: s.stats().state, palette: s.get('palette') };
    });
    assert.deepEqual(r, { fish: 120, state: 'paused', palette: 3 });
    // The performance overlay (S-DEV-1) comes and goes with its option.
    const overlay = await page.evaluate(async () => {
      const s = window.MiroFish.current;
      await s.set('perf', 1);
      const on = document.querySelectorAll('canvas').length;
      await s.set('perf', 0);
      return [on, document.querySelectorAll('canvas').length];
    });
    assert.deepEqual(overlay, [2, 1]);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });
});
