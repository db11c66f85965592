// Failures that speak, and heal once: a wasm trap, a throw in a command, a Worker the browser kills. Every
// pending call settles with its method's failure value, stats().state reads 'failed' with one warning, and the same
// handle runs again on a fresh main-thread engine from the last snapshot's hash and steps (the same state hash); a
// second failure stays 'failed', and nothing is logged as an error.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const OPTIONS = { fish: 40, seed: 3, width: 400, height: 300, hash: false };
const ourWarnings = (log) => log.warnings().filter((w) => w.startsWith('MiroFish: '));

// Settles within `ms` or says it did not: { ok, value } / { ok: false } / { rejected: message }.
const SETTLED = `window.__settled = (p, ms) => Promise.race([
  p.then((value) => ({ ok: true, value: value === undefined ? 'undefined' : value }),
    (e) => ({ rejected: String(e && e.message) })),
  new Promise((r) => setTimeout(() => r({ ok: false, pending: true }), ms))]);`;

describe('a failing engine', () => {
  const env = h.serverAndBrowser();

  async function open(options = {}) {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    await page.evaluate(SETTLED);
    await page.evaluate(
      async (o) => {
        window.__s = await window.MiroFish.mount('#box', o);
        while (window.__s.stats().frames < (o.paused ? 1 : 3)) await new Promise((r) => setTimeout(r, 20));
      },
      Object.assign({}, OPTIONS, options),
    );
    return { page, log };
  }

  const state = (page) =>
    page.evaluate(() => {
      const st = window.__s.stats();
      return { state: st.state, thread: st.thread, steps: st.steps, seeking: st.seeking, frames: st.frames };
    });

  // Back on the main thread and running: its steps advance on the same handle, in the same place.
  async function runsAgain(page, why) {
    await h.waitFor(
      page,
      () => window.__s.stats().thread === 'main' && /^(running|idle)$/.test(window.__s.stats().state),
      undefined,
      10000,
    );
    const before = (await state(page)).steps;
    await h.waitFor(page, (n) => window.__s.stats().steps > n + 5, before, 5000);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#box canvas').length), 1, why);
  }

  it('a wasm trap: the school heals from the same hash and steps; a second trap stays failed', async () => {
    const { page, log } = await open({ paused: true });
    const box = await page.evaluate(() => JSON.stringify(window.__s.canvas.getBoundingClientRect()));
    const before = await page.evaluate(async () => {
      await window.__s.set('maxFps', 30); // a page setting a hash never carries: the healed school keeps it too
      await window.__s.step(90);
      return { steps: window.__s.stats().steps, hash: await window.__s.stateHash(), link: window.__s.hash() };
    });
    const trapped = await page.evaluate(() =>
      window
        .__settled(window.__s._test.trap(), 5000)
        .then((r) => Object.assign(r, { state: window.__s.stats().state })),
    );
    assert.deepEqual(
      trapped,
      { ok: true, value: 'undefined', state: 'failed' },
      'the call settled, the school says failed',
    );
    // Paused, it seeks back to the snapshot's steps and stays there: the state hash is the one it had.
    await h.waitFor(
      page,
      (n) => {
        const st = window.__s.stats();
        return st.thread === 'main' && st.state === 'paused' && !st.seeking && st.steps === n;
      },
      before.steps,
      5000,
    );
    const after = await page.evaluate(async () => ({
      hash: await window.__s.stateHash(),
      link: window.__s.hash(),
      box: JSON.stringify(window.__s.canvas.getBoundingClientRect()),
      maxFps: window.__s.get('maxFps'),
    }));
    assert.deepEqual(
      after,
      { hash: before.hash, link: before.link, box, maxFps: 30 },
      "same state, same hash, same place, the page's own settings",
    );
    await page.evaluate(() => window.__s.resume());
    await runsAgain(page, 'one canvas, the fresh one');
    assert.equal(ourWarnings(log).length, 1, ourWarnings(log).join('\n'));
    assert.match(ourWarnings(log)[0], /^MiroFish: the school failed \(.+\); mounting it again on the main thread$/);

    // A second failure, in a frame this time: failed for good, and every method answers its failure value at once.
    await page.evaluate(() => window.__s._test.trap(true));
    await h.waitFor(page, () => window.__s.stats().state === 'failed', undefined, 5000);
    await page.waitForTimeout(500);
    const answers = await page.evaluate(async () => {
      const s = window.__s;
      return {
        state: s.stats().state,
        step: await window.__settled(s.step(5), 2000),
        hash: await window.__settled(s.stateHash(), 2000),
        form: await window.__settled(s.form({ type: 'ring' }), 2000),
        set: await window.__settled(s.set('fish', 20), 2000),
        release: await window.__settled(s.release(), 2000),
        trajectory: await window.__settled(s.trajectory(10), 2000),
        canvases: document.querySelectorAll('#box canvas').length,
      };
    });
    assert.deepEqual(answers, {
      state: 'failed',
      step: { ok: true, value: 0 },
      hash: { ok: true, value: '' },
      form: { ok: true, value: false },
      set: { ok: true, value: 'undefined' },
      release: { ok: true, value: 'undefined' },
      trajectory: { rejected: answers.trajectory.rejected },
      canvases: 1,
    });
    assert.match(answers.trajectory.rejected, /the engine failed/);
    assert.equal(ourWarnings(log).length, 2, ourWarnings(log).join('\n'));
    assert.match(ourWarnings(log)[1], /^MiroFish: the school failed again \(.+\); it stays stopped, as last drawn$/);
    assert.deepEqual(log.errors(), []);
    await page.evaluate(() => window.__s.destroy());
    assert.equal(
      await page.evaluate(() => document.querySelectorAll('#box canvas').length),
      0,
      'destroy still cleans up',
    );
    await page.close();
  });

  it('a throw inside set(): the set() settles, a pending step(36000) settles, the school heals', async () => {
    const { page, log } = await open();
    const r = await page.evaluate(async () => {
      const s = window.__s;
      await s._test.throwOnSet();
      const long = s.step(36000);
      const set = s.set('fish', 50);
      return { set: await window.__settled(set, 5000), step: await window.__settled(long, 5000) };
    });
    // The step may have finished before the set() reached the engine (it then resolves 36 000), or been cut short (0).
    assert.deepEqual(r.set, { ok: true, value: 'undefined' });
    assert.ok(r.step.ok && (r.step.value === 0 || r.step.value === 36000), JSON.stringify(r.step));
    await runsAgain(page, 'healed after the throw');
    assert.equal(ourWarnings(log).length, 1, ourWarnings(log).join('\n'));
    assert.match(ourWarnings(log)[0], /test: set\(\) throws/);
    assert.deepEqual(log.errors(), []);
    await page.close();
  });

  it('a pending step(36000) settles with 0 when a trap hits in a frame', async () => {
    const { page, log } = await open({ fish: 400 });
    const r = await page.evaluate(async () => {
      const s = window.__s;
      const long = s.step(36000);
      await new Promise((res) => setTimeout(res, 30));
      s._test.trap(true);
      return window.__settled(long, 5000);
    });
    assert.deepEqual(r, { ok: true, value: 0 });
    await runsAgain(page, 'healed after the trap');
    assert.deepEqual(log.errors(), []);
    await page.close();
  });

  it(
    'a Worker terminated from outside: failed within 5 s, then runs on the main thread',
    { skip: h.THREAD === 'main' && 'the Worker path only' },
    async () => {
      const { page, log } = await open();
      assert.equal((await state(page)).thread, 'worker');
      const t0 = Date.now();
      const r = await page.evaluate(async () => {
        const s = window.__s;
        const killed = s._test.killWorker();
        const long = s.step(36000); // posted to a dead Worker: only the watchdog can settle it
        // the watchdog's 2 s of silence and 2 s of ping (heal.js), plus what a busy machine adds to two timers
        return { killed, step: await window.__settled(long, 8000), state: s.stats().state };
      });
      assert.deepEqual(r, { killed: true, step: { ok: true, value: 0 }, state: 'failed' });
      assert.ok(Date.now() - t0 < 8500, 'failed within seconds');
      await runsAgain(page, 'on the main thread now');
      assert.equal(ourWarnings(log).length, 1, ourWarnings(log).join('\n'));
      assert.match(ourWarnings(log)[0], /no answer from the engine/);
      assert.deepEqual(log.errors(), []);
      // A later mount does not try the dead Worker again.
      const thread = await page.evaluate(async () => {
        const s = await window.MiroFish.mount('#box', { fish: 10, hash: false });
        const t = s.thread;
        s.destroy();
        return t;
      });
      assert.equal(thread, 'main');
      await page.close();
    },
  );

  it('a hidden school runs no watchdog timer', async () => {
    const { page } = await open();
    // Hidden (the page's own pause stands in for a hidden tab, the same rule): no timer fires for a whole silence.
    const fired = await page.evaluate(async () => {
      window.__s.pause();
      await new Promise((r) => setTimeout(r, 100));
      let n = 0;
      const set = window.setTimeout;
      window.setTimeout = function (fn, ms, ...rest) {
        if (ms === 2000 || ms > 1500) n++;
        return set.call(this, fn, ms, ...rest);
      };
      await new Promise((r) => set(r, 2500));
      window.setTimeout = set;
      return { n, state: window.__s.stats().state };
    });
    assert.deepEqual(fired, { n: 0, state: 'paused' });
    await page.close();
  });
});
