// URL hash: the hash wins over data-*, plain anchors are left alone, t= seeks, a shared hash replays the same
// school as the native CLI bit for bit, and hostile hashes only ever give warnings.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

function cliStateHash(hash, steps) {
  const out = execFileSync(h.CLI, ['run', '--hash', hash, '--steps', String(steps)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const m = out.match(/^state-hash ([0-9a-f]{16})$/m);
  assert.ok(m, 'the CLI prints a state-hash line:\n' + out);
  return m[1];
}

// Hostile hashes with no key of ours: the page's business, so no warning at all.
const NOT_OURS = [
  '=&&==',
  '%E6%97%A5%E6%9C%AC=1',
  'foo=bar',
  '%3Cscript%3Ewindow.__xss=1%3C/script%3E=1',
  'x'.repeat(10000) + '=1',
];
// Each one must give at least one warning (unless it is not ours), no error, and leave the page rendering.
const HOSTILE = [
  'n=NaN',
  'n=Infinity',
  'n=-1',
  'rsep=1e309',
  '=&&==',
  'n=abc',
  'rsep=1e9',
  'n=%zz',
  'seed=-3',
  'w=0&h=-5',
  '%E6%97%A5%E6%9C%AC=1',
  'n=%EF%BC%92%EF%BC%90%EF%BC%90',
  't=-5',
  't=1e12',
  'op=0x10',
  'pal=7',
  'n==5',
  'foo=bar',
  'seed=4294967296',
  'n=200;seed=1',
  '%3Cscript%3Ewindow.__xss=1%3C/script%3E=1',
  'n=%3Cimg%20src=x%20onerror=window.__xss=1%3E',
  'vmax=-Infinity&fmax=NaN',
  'rsep=' + '9'.repeat(5000),
  'x'.repeat(10000) + '=1',
  'n=50&' + 'wsep=1&'.repeat(800),
  'wsep=%00%01%02',
  'size=1e-400&water=-0.5',
];

describe('URL hash', () => {
  let srv, browser, context;
  before(async () => {
    srv = await h.startServer();
    browser = await h.launch();
    context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  });
  after(async () => {
    await context.close();
    await browser.close();
    await srv.close();
  });

  it(
    'configures the school over data-*, takes w/h from the viewport when absent, and replays on hashchange',
    h.ONE_PATH,
    async () => {
      const page = await context.newPage();
      const consoleLog = h.watchConsole(page);
      await page.goto(srv.base + '/?q=1#n=50&seed=3&rsep=30');
      await h.waitForFish(page, 2);
      const p = await page.evaluate(() => window.MiroFish.current.params());
      assert.equal(p.fish, 50, 'the hash wins over data-fish=200');
      assert.equal(p.seed, 3, 'the hash wins over data-seed=7');
      assert.equal(p.sepRadius, 30);
      assert.equal(p.width, 800);
      assert.equal(p.height, 600);
      assert.equal(await page.evaluate(() => window.MiroFish.current.stats().fish), 50);
      // A pasted link in the same tab replays that school.
      await page.evaluate(() => {
        location.hash = '#n=30&seed=9&w=1000&h=500';
      });
      await h.waitFor(page, () => window.MiroFish.current.stats().fish === 30);
      const q = await page.evaluate(() => window.MiroFish.current.params());
      assert.deepEqual([q.seed, q.width, q.height], [9, 1000, 500]);
      // A plain anchor afterwards is the page's: nothing changes.
      await page.evaluate(() => {
        location.hash = '#about';
      });
      await page.waitForTimeout(100);
      // A round trip: whatever the hashchange sent the engine has been applied and is in the snapshot.
      const after = await page.evaluate(async () => {
        await window.MiroFish.current.stateHash();
        return { fish: window.MiroFish.current.stats().fish, seed: window.MiroFish.current.get('seed') };
      });
      assert.deepEqual(after, { fish: 30, seed: 9 });
      assert.deepEqual(consoleLog.errors(), []);
      assert.deepEqual(consoleLog.warnings(), []);
      await page.close();
    },
  );

  it('replays the same school as the native CLI after step(600), on two page loads of different sizes', async (t) => {
    if (!fs.existsSync(h.CLI)) {
      t.skip(`native CLI missing at ${h.CLI} (cmake --preset native && cmake --build --preset native)`);
      return;
    }
    const hash = 'n=150&seed=42&w=1200&h=800&rsep=25&wali=1.2';
    const expected = cliStateHash(hash, 600);
    const results = [];
    for (const viewport of [
      { width: 800, height: 600 },
      { width: 1100, height: 500 },
    ]) {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      const consoleLog = h.watchConsole(page);
      await page.goto(srv.base + '/fixtures/manual.html#' + hash);
      const r = await page.evaluate(() =>
        window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
          const before = school.stats().steps;
          const taken = await school.step(600);
          return {
            before,
            taken,
            after: school.stats().steps,
            hash: await school.stateHash(),
            state: school.stats().state,
            thread: school.stats().thread,
          };
        }),
      );
      assert.equal(r.thread, h.THREAD);
      assert.equal(r.before, 0, 'no step ran before step(600)');
      assert.equal(r.taken, 600, 'step(600) resolves to the steps taken');
      assert.equal(r.after, 600);
      assert.match(r.hash, /^[0-9a-f]{16}$/);
      assert.equal(r.state, 'paused');
      results.push(r.hash);
      assert.deepEqual(consoleLog.errors(), []);
      await ctx.close();
    }
    assert.equal(results[0], results[1], 'two loads agree');
    assert.equal(results[0], expected, 'the browser agrees with `mirofish run --hash ... --steps 600`');
  });

  it('seeks t=SECONDS in chunks across frames, landing where the CLI does', async (t) => {
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    const hash = 'n=60&seed=5&w=800&h=600&t=20';
    await page.goto(srv.base + '/fixtures/manual.html#' + hash);
    const first = await page.evaluate(() =>
      window.MiroFish.mount().then((s) => {
        window.__school = s;
        return s.stats();
      }),
    );
    assert.equal(first.steps, 0, 'the seek does not block mount()');
    assert.equal(first.seeking, true);
    await h.waitFor(page, () => !window.__school.stats().seeking);
    const r = await page.evaluate(async () => {
      window.__school.pause();
      // step(0) is a command: once it resolves the engine has the pause and the snapshot is fresh, so the step
      // count read here and the state hash are of the same moment.
      await window.__school.step(0);
      const s = window.__school.stats();
      return { steps: s.steps, frames: s.frames, state: s.state, hash: await window.__school.stateHash() };
    });
    assert.equal(r.state, 'paused');
    assert.ok(r.steps >= 1200, `seeked to 1200 steps, at ${r.steps}`);
    assert.ok(r.frames >= 2, `the seek spanned frames (${r.frames}): at most ~8 ms of stepping a frame`);
    if (fs.existsSync(h.CLI)) assert.equal(r.hash, cliStateHash(hash, r.steps - 1200));
    else t.diagnostic('native CLI missing: the seek was not compared with it');
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });

  it('after pause() and one round trip (await stateHash()), stats() is of the same moment as the state hashed', async () => {
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(srv.base + '/fixtures/manual.html#n=60&seed=5&w=800&h=600');
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount();
      const out = [];
      for (let i = 0; i < 8; i++) {
        s.resume();
        // Pause a little after a snapshot came in, while the school runs (snapshots come at most every 100 ms): frames
        // may have stepped since.
        const seen = s.stats().steps;
        while (s.stats().steps === seen || s.stats().steps < 10) await new Promise((res) => setTimeout(res, 5));
        await new Promise((res) => setTimeout(res, 10 * i));
        s.pause();
        const hash = await s.stateHash();
        const steps = s.stats().steps;
        await s.step(0); // a command that changes nothing, whose snapshot comes right before its answer
        out.push({ steps, settled: s.stats().steps, same: hash === (await s.stateHash()) });
      }
      s.destroy();
      return out;
    });
    for (const x of r) assert.ok(x.same, 'paused: the state does not move');
    assert.deepEqual(
      r.map((x) => x.steps),
      r.map((x) => x.settled),
      'stats().steps after pause(); await stateHash() is the step count of that state (the snapshot is fresh)',
    );
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });

  it(
    `gives warnings, never errors, for ${HOSTILE.length} hostile hashes, and keeps rendering`,
    h.ONE_PATH,
    async () => {
      const small = await browser.newContext({ viewport: { width: 480, height: 320 } }); // quicker frames
      const page = await small.newPage();
      const consoleLog = h.watchConsole(page);
      for (let i = 0; i < HOSTILE.length; i++) {
        consoleLog.clear();
        await page.goto(`${srv.base}/?hostile=${i}#${HOSTILE[i]}`);
        await h.waitForFish(page, 1); // n=-1 gives 0 fish: one still frame, then no loop (state 'empty')
        const state = await page.evaluate(() => ({
          xss: window.__xss === 1,
          title: document.querySelector('h1').textContent,
          stats: window.MiroFish.current.stats(),
          params: window.MiroFish.current.params(),
        }));
        const label = `hash #${i} ${JSON.stringify(HOSTILE[i].slice(0, 60))}`;
        assert.deepEqual(consoleLog.errors(), [], label);
        const warnings = consoleLog.warnings().filter((w) => w.startsWith('MiroFish: '));
        // A hash without one key of ours (#foo=bar, #=&&==) is the page's own: left alone, without a word.
        if (NOT_OURS.includes(HOSTILE[i])) assert.deepEqual(warnings, [], `${label} is the page's, not ours`);
        else assert.ok(warnings.length >= 1, `${label} gives a warning`);
        assert.equal(state.xss, false, label);
        assert.equal(state.title, 'Mira Lin', label);
        assert.notEqual(state.stats.state, 'destroyed', label);
        for (const [name, value] of Object.entries(state.params)) {
          assert.ok(Number.isFinite(value), `${label}: ${name}=${value}`);
        }
      }
      await small.close();
    },
  );
});
