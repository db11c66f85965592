// school.trajectory(steps, every): the bytes `mirofish run --trajectory` writes, from the school's hash at step 0, on a
// second school (the one on screen keeps its state), and a Promise that rejects with a RangeError for a
// request over the limits.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

describe('school.trajectory()', () => {
  const env = h.serverAndBrowser();

  it('equals the CLI file byte for byte, without disturbing the school on screen', async (t) => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=60&seed=5&w=1200&h=800&wcoh=1.1');
    const r = await page.evaluate(() =>
      window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
        await school.step(100); // the visible school is somewhere else: the trajectory still starts at step 0
        const before = { hash: await school.stateHash(), steps: school.stats().steps };
        const tr = await school.trajectory(300, 20);
        const after = { hash: await school.stateHash(), steps: school.stats().steps };
        return {
          before,
          after,
          link: school.hash(),
          meta: tr.meta,
          length: tr.data.length,
          isF32: tr.data instanceof Float32Array,
          bytes: Array.from(new Uint8Array(tr.data.buffer)),
        };
      }),
    );
    assert.equal(r.before.steps, 100);
    assert.deepEqual(r.after, r.before, 'the school on screen kept its state and step count');
    assert.ok(r.isF32);
    assert.equal(r.meta.frames, 16);
    assert.equal(r.meta.fish, 60);
    assert.equal(r.meta.every, 20);
    assert.equal(r.meta.steps, 300);
    assert.equal(r.meta.startStep, 0);
    assert.equal(r.meta.hash, r.link);
    assert.equal(r.length, 16 * 60 * 4);
    assert.notDeepEqual(r.bytes.slice(0, 960), r.bytes.slice(960, 1920), 'frames 0 and 1 differ');
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();

    if (!fs.existsSync(h.CLI)) {
      t.skip(`native CLI missing at ${h.CLI}: not compared with mirofish run --trajectory`);
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-trajectory-'));
    try {
      const file = path.join(dir, 't.f32');
      const out = execFileSync(
        h.CLI,
        ['run', '--hash', r.link, '--steps', '300', '--every', '20', '--trajectory', file],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const cliBytes = fs.readFileSync(file);
      assert.equal(cliBytes.length, r.bytes.length);
      assert.ok(cliBytes.equals(Buffer.from(r.bytes)), 'the browser frames are the CLI file, bit for bit');
      assert.deepEqual(r.meta, JSON.parse(fs.readFileSync(file + '.json', 'utf8')), 'the same side-car');
      // The last frame (step 300) hashes to the CLI run's state hash.
      const last = Buffer.from(r.bytes.slice(15 * 960));
      assert.equal(h.fnv1a(last), out.match(/^state-hash ([0-9a-f]{16})$/m)[1]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects with a RangeError for bad arguments or over 256 MB, before stepping; null after destroy()', async () => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=100&seed=2');
    const r = await page.evaluate(() =>
      window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
        // trajectory() returns a Promise on both paths: a bad request rejects (it never throws synchronously).
        const errorOf = async (f) => {
          const t0 = performance.now();
          let p;
          try {
            p = f();
          } catch (e) {
            return { name: 'sync throw: ' + e.name, message: e.message, ms: performance.now() - t0 };
          }
          if (!p || typeof p.then !== 'function') return { name: 'not a promise', message: String(p), ms: 0 };
          try {
            await p;
            return null;
          } catch (e) {
            return { name: e.name, message: e.message, ms: performance.now() - t0 };
          }
        };
        const out = {
          huge: await errorOf(() => school.trajectory(216000, 1)), // 216001 frames x 100 fish x 16 bytes: ~330 MB
          tooLong: await errorOf(() => school.trajectory(216001, 1000)),
          negative: await errorOf(() => school.trajectory(-1)),
          fraction: await errorOf(() => school.trajectory(10.5)),
          zeroEvery: await errorOf(() => school.trajectory(10, 0)),
          text: await errorOf(() => school.trajectory('10')),
          defaultEvery: (await school.trajectory(3)).meta.frames,
          zeroSteps: (await school.trajectory(0, 5)).data.length,
          steps: school.stats().steps,
        };
        school.destroy();
        out.destroyed = await school.trajectory(10, 1);
        return out;
      }),
    );
    assert.equal(r.huge.name, 'RangeError');
    assert.match(r.huge.message, /256 MB/);
    assert.ok(r.huge.ms < 1000, `refused before stepping (${r.huge.ms.toFixed(1)} ms)`);
    for (const k of ['tooLong', 'negative', 'fraction', 'zeroEvery', 'text']) {
      assert.equal(r[k] && r[k].name, 'RangeError', k);
      assert.match(r[k].message, /^trajectory\(/, k);
    }
    assert.equal(r.defaultEvery, 4, 'every defaults to 1: steps 0..3');
    assert.equal(r.zeroSteps, 100 * 4, 'steps 0: the start frame only');
    assert.equal(r.steps, 0, 'the school on screen never stepped');
    assert.equal(r.destroyed, null);
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });

  // A long call works in chunks of ~8 ms, on the page's thread or the Worker's, so neither the page nor
  // the school's own frames stall; progress(done, total) hears each chunk; the result is the unchunked one.
  // What the call promises, in terms a busy machine keeps. The page's timers go on as they do while the same
  // page runs its own work in 8 ms tasks, a well-chunked call (for half the call's time: its typical gap is what is
  // compared, the median): a busy machine slows both alike, where a fixed bound measured the machine (a quiet
  // page's timers waited 355 ms on the loaded 2-core machine, with no call at all). The running school draws at
  // least one frame in four of the display frames that came meanwhile (the page's own rAF): a machine that shows no
  // display frame for half a second asks none of it. One stall of the whole machine can still cover a short call
  // (CI: 2 ticks in 244 ms, one gap of 239 ms, with the call in the Worker), so a timing that fails is measured
  // again, on a new school, twice at most: a call that blocks the page fails every attempt.
  it('a long trajectory() and step(n) run in chunks: the page and the frames go on, with progress', async (t) => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=150&seed=4');
    const measure = () =>
      page.evaluate(async () => {
        const w = /** @type {any} */ (window);
        if (!w.__running) {
          w.__display = 0;
          (function tick() {
            w.__display++;
            requestAnimationFrame(tick);
          })();
          // A school that asks for every display frame (the top level, the full rate at rest), beside the one that works.
          w.__running = await window.MiroFish.mount('#box', { fish: 40, hash: false, quality: 'high', idleFps: 60 });
        }
        const running = w.__running;
        const school = await window.MiroFish.mount(undefined, { paused: true });
        while (running.stats().frames < 3) await new Promise((res) => setTimeout(res, 20));
        // The same page's own work in 8 ms tasks, one after another, for `ms`.
        const chunked = (ms) =>
          new Promise((done) => {
            const channel = new MessageChannel();
            const end = performance.now() + ms;
            channel.port1.onmessage = () => {
              const until = Math.min(end, performance.now() + 8);
              while (performance.now() < until);
              if (performance.now() < end) channel.port2.postMessage(0);
              else done();
            };
            channel.port2.postMessage(0);
          });
        // While `f` runs: the gaps between 10 ms timers, the display frames, the running school's frames, progress.
        const watch = async (f) => {
          const gaps = [],
            calls = [];
          let last = performance.now();
          const beat = setInterval(() => {
            const now = performance.now();
            gaps.push(now - last);
            last = now;
          }, 10);
          const frames0 = running.stats().frames,
            display0 = w.__display,
            t0 = performance.now();
          const value = await f((done, total) => calls.push([done, total]));
          clearInterval(beat);
          const ms = performance.now() - t0,
            shown = w.__display - display0;
          await running.stateHash(); // its snapshot of now
          gaps.sort((a, b) => a - b);
          const median = gaps.length ? gaps[gaps.length >> 1] : ms;
          return { value, median, ticks: gaps.length, calls, ms, shown, frames: running.stats().frames - frames0 };
        };
        const tr = await watch((p) => school.trajectory(6000, 3000, p));
        const trPage = await watch(() => chunked(tr.ms / 2));
        const st = await watch((p) => school.step(6000, p));
        const stPage = await watch(() => chunked(st.ms / 2));
        const last = new Uint8Array(tr.value.data.buffer, 2 * 150 * 16);
        const plain = ({ median, ticks, calls, ms, shown, frames }) => ({ median, ticks, calls, ms, shown, frames });
        const hash = await school.stateHash();
        school.destroy();
        return {
          runs: [
            ['trajectory(6000, 3000)', plain(tr), plain(trPage)],
            ['step(6000)', plain(st), plain(stPage)],
          ],
          frameCount: tr.value.meta.frames,
          stepped: st.value,
          last: Array.from(last),
          hash,
        };
      });
    const said = (name, c, own) =>
      `${name}: ${c.ticks} timer ticks in ${c.ms | 0} ms, median gap ${c.median | 0} ms (the page's own 8 ms tasks: ${own.ticks}, ${own.median | 0} ms); ${c.frames} frames of ${c.shown} display frames`;
    const onTime = (c, own) => c.median <= 2 * own.median + 8 && c.frames >= Math.floor(c.shown / 4);
    let r;
    for (let attempt = 1; ; attempt++) {
      r = await measure();
      for (const [name, c, own] of r.runs) {
        t.diagnostic(`attempt ${attempt}: ${said(name, c, own)}`);
        assert.ok(
          c.calls.length >= 3,
          `${name}: progress after each chunk (${c.calls.length} calls in ${c.ms | 0} ms)`,
        );
        assert.deepEqual(c.calls[c.calls.length - 1], [6000, 6000], name);
        for (let k = 1; k < c.calls.length; k++)
          assert.ok(c.calls[k][0] > c.calls[k - 1][0], `${name}: progress grows`);
      }
      if (attempt === 3 || r.runs.every(([, c, own]) => onTime(c, own))) break;
    }
    for (const [name, c, own] of r.runs) {
      assert.ok(
        c.median <= 2 * own.median + 8,
        `the page's timers went on as through its own chunked work: ${said(name, c, own)}`,
      );
      assert.ok(c.frames >= Math.floor(c.shown / 4), `the school's frames went on: ${said(name, c, own)}`);
    }
    assert.equal(r.frameCount, 3);
    assert.equal(r.stepped, 6000);
    assert.equal(h.fnv1a(r.last), r.hash, "the chunked trajectory's last frame is the chunked step(6000)'s state");
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });
});
