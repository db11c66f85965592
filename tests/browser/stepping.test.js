// A paused school being stepped: step(n) shows its new state at most once a display frame, however many calls
// come, and draws nothing that nobody can see; the frame it owes while hidden comes when it shows again. Frames are
// counted against the display frames of the thread that draws (the Worker's own requestAnimationFrame, or the page's).
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

// How long the frame loop (web/engine/loop.js) lets a display frame that does not come hold replies back, read from
// the loop's source: the engine keeps it to itself.
const STILL_WAIT_MS = (() => {
  const source = fs.readFileSync(path.join(h.ROOT, 'web', 'engine', 'loop.js'), 'utf8');
  const m = /^(?:export )?const STILL_WAIT_MS = (\d+);/m.exec(source);
  if (!m) throw new Error('web/engine/loop.js defines no STILL_WAIT_MS number');
  return Number(m[1]);
})();

describe('a stepped paused school', () => {
  const env = h.serverAndBrowser();

  // A paused school of `fish` in the page, and a counter of the display frames of the thread that draws it.
  async function open(fish) {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    await page.evaluate(async (n) => {
      window.__s = await window.MiroFish.mount(undefined, { fish: n, seed: 3, paused: true, hash: false });
      await window.__s.step(0);
    }, fish);
    const thread = await page.evaluate(() => window.__s.thread);
    assert.equal(thread, h.THREAD);
    const scope = thread === 'worker' ? page.workers()[0] : page;
    await scope.evaluate(() => {
      self.__ticks = 0;
      const tick = () => {
        self.__ticks++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const ticks = () => scope.evaluate(() => self.__ticks);
    return { page, consoleLog, ticks };
  }

  // What `calls` (run in the page on the school window.__s) did: ms taken, frames drawn, steps taken, display frames.
  async function measure(page, ticks, calls) {
    const t0 = await ticks();
    const r = await page.evaluate(calls);
    const t1 = await ticks();
    return Object.assign(r, { displayFrames: t1 - t0 });
  }

  it('draws at most one frame a display frame, for calls together or one after another', async () => {
    const { page, consoleLog, ticks } = await open(300);
    const together = await measure(page, ticks, async () => {
      const s = window.__s,
        a = s.stats(),
        t0 = performance.now();
      const done = await Promise.all(Array.from({ length: 60 }, () => s.step(1)));
      const b = s.stats();
      return {
        ms: performance.now() - t0,
        frames: b.frames - a.frames,
        steps: b.steps - a.steps,
        sum: done.reduce((x, y) => x + y),
      };
    });
    const inTurn = await measure(page, ticks, async () => {
      const s = window.__s,
        a = s.stats(),
        t0 = performance.now();
      for (let i = 0; i < 40; i++) await s.step(1);
      const b = s.stats();
      return { ms: performance.now() - t0, frames: b.frames - a.frames, steps: b.steps - a.steps, sum: 40 };
    });
    for (const [what, r, calls] of [
      ['60 calls at once', together, 60],
      ['40 calls in turn', inTurn, 40],
    ]) {
      const text = `${what}: ${r.frames} frames, ${r.displayFrames} display frames, ${Math.round(r.ms)} ms`;
      assert.equal(r.steps, calls, what);
      assert.equal(r.sum, calls, what + ': each call answers its one step');
      assert.ok(r.frames >= 1, text + ': the last state is shown');
      // One frame at once, then at most one each display frame (or each STILL_WAIT_MS where display frames stall).
      assert.ok(r.frames <= 1 + r.displayFrames + Math.floor(r.ms / STILL_WAIT_MS), text);
    }
    assert.ok(together.frames < 30, `60 calls at once share frames (${together.frames})`);
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });

  it('draws nothing while hidden, and the frame it owes once shown again', async () => {
    const { page, consoleLog } = await open(300);
    await h.setHidden(page, true);
    const r = await page.evaluate(async () => {
      const s = window.__s;
      await s.stateHash(); // a command after the flags: the engine knows it is hidden
      const a = s.stats();
      await s.step(100);
      for (let i = 0; i < 20; i++) await s.step(1);
      const b = s.stats();
      return { frames: b.frames - a.frames, steps: b.steps - a.steps, at: b.frames };
    });
    assert.equal(r.steps, 120, 'the steps are taken');
    assert.equal(r.frames, 0, 'no frame while hidden');
    await h.setHidden(page, false);
    await h.waitFor(page, (at) => window.__s.stats().frames === at + 1, r.at);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__s.stats().frames), r.at + 1, 'one frame, the owed one');
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });
});
