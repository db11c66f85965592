#!/usr/bin/env node
// Browser frame bench (on demand, not in CI): headless Chromium (Debian's, SwiftShader WebGL) loads the built bundle
// in bench/browser/bench.html and measures, inside the page,
//   1. the default page (web/index.html, 200 fish, quality=auto): frame rate and the quality level it settles on;
//   2. for N = 150, 1 000, 10 000 fish at DPR 1, at quality=high and quality=auto: simulation ms and render-submit
//      ms per frame (median, p95), GPU ms (timer query), the frame rate and the level in force;
//   3. the CPU a page with 0 fish keeps busy;
//   4. the simulation step in the page at 10 000 and 50 000 fish against the same step under node (wasm-node),
//      scattered (after 120 steps) and steady (after 1 800: the formed school);
//   5. at 150 fish, the CPU the browser spends per second with the pointer in, the pointer away and the page hidden
//      (main-thread busy time from the DevTools Performance domain, plus /proc CPU of every Chromium process), and
//      the frames and steps advanced while hidden (must be 0).
//
// usage: node bench/browser/frame_bench.mjs [--quick] [--json FILE] [--fish 150,1000,...] [--thread worker|main]
//          [--steps-only]   (part 4 alone)
//   --thread: where the school runs (default worker, what a visitor's Chromium gets). The per-frame sim and render
//   medians come from the school's snapshots: every frame on the main thread, ~10 a second in the Worker.
//   (scripts/bench-browser builds the bundle first and then runs this)
// env:   MIROFISH_BUNDLE (default build/web/dist/mirofish.js), CHROMIUM (default /usr/bin/chromium)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ARGS, BUNDLE, ROOT, launch, quantile, serve, stepOptions, worldFor } from './lib.mjs';

const VIEWPORT = { width: 1600, height: 900 }; // the peers' harness (three.js birds ~28 fps there, Canvas2D ~21)
const DPR = 1;
const DEFAULT_FISH = [150, 1000, 10000];
const QUALITIES = ['high', 'auto'];
const STEP_FISH = [10000, 50000];
const STEADY_TARGET_MS = { 10000: 1.5, 50000: 7.5 }; // the targets for the formed school's step in the page
const NODE_CLI = path.join(ROOT, 'build', 'wasm-node', 'mirofish.js');
// The frame-rate targets: [fish or 'page', quality, fps at least] (docs/performance.md's budgets). 1 000 fish at
// `quality=auto` have theirs against a peer, not a number: Vanta BIRDS 1 024's rate, bench/browser/vanta_vs.mjs.
const FPS_TARGETS = [
  ['page', 'auto', 30],
  [150, 'high', 25],
  [1000, 'high', 12],
  [10000, 'auto', 15],
];
const STATE_FISH = 150;
const MOUSE_EVERY_MS = 30; // pointer-in: the mouse moves this often (about what a hand on a mouse does)
const RENDER_TARGET_FISH = 10000; // "10 000 fish render-submit <= 1 ms per frame"
const RENDER_TARGET_MS = 1;
const GOTO_MS = 120000; // a page load on a machine other jobs share can take a minute (the default is 30 s)
const timerInfo = { isolated: null };

// ---------------------------------------------------------------- arguments
function usage(code) {
  const text =
    'usage: frame_bench.mjs [--quick] [--json FILE] [--fish N,N,...]\n' +
    '  --quick      short windows (0.5 s warm-up, 1 s samples) for a smoke run\n' +
    '  --json FILE  also write the results as JSON\n' +
    '  --fish LIST  fish counts for the frame table (default ' +
    DEFAULT_FISH.join(',') +
    ')\n' +
    '  --thread T   worker (default) or main: where the school runs\n' +
    '  --steps-only only part 4, the simulation step in the page against node\n';
  (code ? process.stderr : process.stdout).write(text);
  process.exit(code);
}
const opts = { quick: false, json: null, fish: DEFAULT_FISH, thread: 'worker', stepsOnly: false };
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') opts.quick = true;
    else if (a === '--steps-only') opts.stepsOnly = true;
    else if (a === '--json' && i + 1 < argv.length) opts.json = argv[++i];
    else if (a.startsWith('--json=')) opts.json = a.slice(7);
    else if ((a === '--fish' && i + 1 < argv.length) || a.startsWith('--fish=')) {
      const list = a === '--fish' ? argv[++i] : a.slice(7);
      opts.fish = list.split(',').map((s) => Number(s.trim()));
      if (!opts.fish.length || opts.fish.some((n) => !Number.isInteger(n) || n < 1)) usage(2);
    } else if (a === '--thread' && i + 1 < argv.length && /^(worker|main)$/.test(argv[i + 1])) opts.thread = argv[++i];
    else if (a === '-h' || a === '--help') usage(0);
    else {
      process.stderr.write('frame_bench: unknown argument ' + a + '\n');
      usage(2);
    }
  }
}
// autoWarm: auto quality climbs one level per ~2 s of headroom (quality.js), so its rows warm up longer.
const T = opts.quick
  ? { warm: 0.5, autoWarm: 3, window: 1, settle: 0.3, direct: 10, directBudget: 1 }
  : { warm: 2, autoWarm: 14, window: 5, settle: 1, direct: 30, directBudget: 3 };

// ---------------------------------------------------------------- small helpers
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));
const median = (v) => quantile(v, 0.5);
const mean = (v) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
const round = (x, d = 3) => (Number.isFinite(x) ? Number(x.toFixed(d)) : null);
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const pad = (s, n) => String(s).padStart(n);
const padR = (s, n) => String(s).padEnd(n);
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

function levelText(q) {
  return q ? `dpr ${q.dpr}, ${['cheap', 'cheap back', 'full'][q.detail]}, ${q.fps} fps` : '-';
}

// ---------------------------------------------------------------- CPU of every Chromium process (Linux /proc)
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch (e) {
    return 100;
  }
})();
// Busy clock ticks of the whole machine (all CPUs), from /proc/stat.
function machineTicks() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq] = f;
    return user + nice + system + irq + softirq; // not steal: the hypervisor's, not this machine's
  } catch (e) {
    return NaN;
  }
}

// { procs: { pid: { type, ticks } }, machine } for every live descendant of this node process (the browser,
// zygotes, renderers, GPU, utilities) plus this driver itself, and the machine's busy ticks: whatever else runs on
// the machine (another test run, a build) skews every number here, so it is reported next to ours.
function procSnapshot() {
  const procs = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch (e) {
    return null;
  }
  const machine = machineTicks();
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] = state (field 3)
      procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch (e) {
      /* gone */
    }
  }
  const inside = (pid) => {
    for (let p = pid, guard = 0; p > 1 && guard < 64; guard++) {
      const e = procs.get(p);
      if (!e) return false;
      if (e.ppid === process.pid) return true;
      p = e.ppid;
    }
    return false;
  };
  const out = {};
  for (const [pid, e] of procs) {
    if (pid === process.pid) {
      out[pid] = { type: 'driver', ticks: e.ticks };
      continue;
    }
    if (!inside(pid)) continue;
    let type = 'browser';
    try {
      // Chromium rewrites its argv (setproctitle), so the flags may be one space-separated string.
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const t = /(?:^|\s)--type=(\S+)/.exec(cmd);
      if (t) type = t[1] === 'gpu-process' ? 'gpu' : t[1];
    } catch (e) {
      continue;
    }
    if (type !== 'browser' && type !== 'renderer' && type !== 'gpu') type = 'other';
    out[pid] = { type, ticks: e.ticks };
  }
  return { procs: out, machine };
}

// % of one core per process type over [a, b] (pids alive in both snapshots). total = this bench's Chromium;
// elsewhere = the rest of the machine (not Chromium of ours, not this driver).
function procDelta(a, b, seconds) {
  if (!a || !b) return null;
  const pct = { renderer: 0, gpu: 0, browser: 0, other: 0, total: 0, driver: 0, elsewhere: 0 };
  for (const pid of Object.keys(b.procs)) {
    if (!a.procs[pid]) continue;
    const p = ((b.procs[pid].ticks - a.procs[pid].ticks) / CLK_TCK / seconds) * 100;
    pct[b.procs[pid].type] += p;
    if (b.procs[pid].type !== 'driver') pct.total += p;
  }
  const machine = ((b.machine - a.machine) / CLK_TCK / seconds) * 100;
  pct.elsewhere = Math.max(0, machine - pct.total - pct.driver);
  for (const k of Object.keys(pct)) pct[k] = round(pct[k], 1);
  return pct;
}

// CPU % (of one core) the rest of the machine uses over `seconds`, before/after the bench.
async function machineLoad(seconds = 1) {
  const t0 = process.hrtime.bigint();
  const a = procSnapshot();
  await sleep(seconds);
  const d = procDelta(a, procSnapshot(), Number(process.hrtime.bigint() - t0) / 1e9);
  return d ? d.elsewhere : null;
}

// ---------------------------------------------------------------- main-thread busy time (DevTools Performance)
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const m = {};
  for (const { name, value } of list) m[name] = value;
  return m;
}
// A measured window: CDP metrics + /proc before and after `body` (which runs for the window).
async function measure(cdp, body) {
  const m0 = await metrics(cdp);
  const p0 = procSnapshot();
  const t0 = process.hrtime.bigint();
  const result = await body();
  const m1 = await metrics(cdp);
  const p1 = procSnapshot();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const span = m1.Timestamp && m0.Timestamp ? m1.Timestamp - m0.Timestamp : wall;
  return {
    result,
    seconds: round(span, 3),
    mainThread: {
      taskPct: round(((m1.TaskDuration - m0.TaskDuration) / span) * 100, 1),
      scriptPct: round(((m1.ScriptDuration - m0.ScriptDuration) / span) * 100, 1),
    },
    processes: procDelta(p0, p1, wall),
  };
}

// ---------------------------------------------------------------- one page with a mounted school
async function openPond(browser, base, fish, log, quality = 'auto') {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: DPR });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') log.push(m.type() + ': ' + m.text());
  });
  page.on('pageerror', (e) => log.push('pageerror: ' + String((e && e.message) || e)));
  await page.goto(base + '/bench.html', { timeout: GOTO_MS });
  const world = worldFor(fish);
  const st = await page.evaluate((o) => window.bench.mount(o), {
    thread: opts.thread,
    fish,
    width: world.width,
    height: world.height,
    quality,
    maxFish: 100000,
  });
  timerInfo.isolated = await page.evaluate(() => window.crossOriginIsolated);
  if (!st) throw new Error(`mount({fish: ${fish}}) gave no handle (WebGL2 missing?): ${log.join(' | ')}`);
  if (st.fish !== fish) throw new Error(`asked for ${fish} fish, the pond has ${st.fish}`);
  // 0 fish draw one still frame and then no loop at all (state 'empty').
  await page.waitForFunction((n) => window.bench.stats().frames >= n, fish > 0 ? 2 : 1, {
    timeout: 60000,
    polling: 50,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp, world };
}

// Frame table row for N fish: warm up, then one {simMs, renderMs} per rendered frame for the window.
async function frameRun(browser, base, fish, quality) {
  const log = [];
  const { context, page, cdp, world } = await openPond(browser, base, fish, log, quality);
  try {
    await sleep(quality === 'auto' ? T.autoWarm : T.warm);
    const m = await measure(cdp, async () => {
      await page.evaluate(() => window.bench.startSampling());
      await sleep(T.window);
      return page.evaluate(() => window.bench.stopSampling());
    });
    const r = m.result;
    const last = await page.evaluate(() => window.bench.stats());
    // Calls capped by fish count (each queues n instances for the GPU process) and by time.
    const calls = Math.min(T.direct, Math.max(5, Math.round(300000 / Math.max(fish, 1))));
    const direct = await page.evaluate(([k, ms]) => window.bench.direct(k, ms), [calls, T.directBudget * 1000]);
    const perStep = r.sim.map((v, i) => (r.steps[i] > 0 ? v / r.steps[i] : NaN)).filter(Number.isFinite);
    const dt = (r.end.t - r.start.t) / 1000;
    const frames = r.end.frames - r.start.frames;
    const steps = r.end.steps - r.start.steps;
    return {
      fish,
      quality,
      level: last.quality,
      gpuMs: round(last.gpuMs),
      softwareGL: last.softwareGL,
      world,
      samples: r.sim.length,
      missedSamples: r.gaps,
      fps: round(frames / dt, 1),
      stepsPerFrame: round(frames ? steps / frames : NaN, 2),
      simMs: { median: round(median(r.sim)), p95: round(quantile(r.sim, 0.95)), mean: round(mean(r.sim)) },
      renderMs: { median: round(median(r.ren)), p95: round(quantile(r.ren, 0.95)), mean: round(mean(r.ren)) },
      simMsPerStep: { median: round(median(perStep)), samples: perStep.length },
      direct: {
        calls: direct.sim.length,
        simMsPerStep: { median: round(median(direct.sim)), p95: round(quantile(direct.sim, 0.95)) },
        renderMs: { median: round(median(direct.ren)), p95: round(quantile(direct.ren, 0.95)) },
      },
      seconds: m.seconds,
      mainThread: m.mainThread,
      processes: m.processes,
      state: r.end.state,
      warnings: log,
    };
  } finally {
    await context.close();
  }
}

// The default page as a visitor gets it: web/index.html with its script tag (200 fish, quality auto).
async function pageRun(browser, base) {
  const log = [];
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: DPR });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') log.push(m.type() + ': ' + m.text());
  });
  try {
    await page.goto(base + '/', { timeout: GOTO_MS }); // the default page as scripts/demo serves it (web/index.html)
    await page.waitForFunction(
      () => window.MiroFish && window.MiroFish.current && window.MiroFish.current.stats().frames >= 2,
      null,
      { timeout: 60000, polling: 50 },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await sleep(T.autoWarm);
    const snap = () =>
      page.evaluate(() => {
        const s = window.MiroFish.current.stats();
        return {
          t: performance.now(),
          frames: s.frames,
          steps: s.steps,
          fish: s.fish,
          quality: s.quality,
          gpuMs: s.gpuMs,
          state: s.state,
          thread: s.thread,
        };
      });
    const m = await measure(cdp, async () => {
      const a = await snap();
      await sleep(T.window);
      return { a, b: await snap() };
    });
    const { a, b } = m.result;
    return {
      fish: b.fish,
      quality: 'auto',
      level: b.quality,
      gpuMs: round(b.gpuMs),
      state: b.state,
      thread: b.thread,
      fps: round((b.frames - a.frames) / ((b.t - a.t) / 1000), 1),
      mainThread: m.mainThread,
      processes: m.processes,
      warnings: log,
    };
  } finally {
    await context.close();
  }
}

// The simulation step in the page (paused, handle.step in batches) at constant density, timed as `mirofish bench`
// times it under node: 120 warm-up steps (the scattered start), then the median of 7 batches; and again after 1 800
// steps (steady: the formed school a visitor sees after 30 s, ~5x the neighbours).
async function stepRun(browser, base) {
  const context = await browser.newContext({ viewport: { width: 400, height: 300 } });
  const page = await context.newPage();
  await page.goto(base + '/bench.html', { timeout: GOTO_MS });
  const rows = [];
  try {
    for (const fish of STEP_FISH) {
      const world = worldFor(fish);
      // The step where the school runs (opts.thread): in the Worker each batch also pays one message round trip.
      const ms = await page.evaluate(
        async (options) => {
          const s = await window.MiroFish.mount(null, options);
          const k = options.fish >= 50000 ? 5 : 20;
          const timed = async () => {
            const t = [];
            for (let i = 0; i < 7; i++) {
              const a = performance.now();
              await s.step(k);
              t.push((performance.now() - a) / k);
            }
            return t.sort((x, y) => x - y)[3];
          };
          await s.step(120);
          const scattered = await timed();
          await s.step(1800 - 120 - 7 * k);
          const steady = await timed();
          s.destroy();
          return [scattered, steady];
        },
        stepOptions(fish, opts.thread),
      );
      rows.push({ fish, world, browserMs: round(ms[0], 3), steadyMs: round(ms[1], 3) });
    }
  } finally {
    await context.close();
  }
  // The same sizes under node, from the wasm-node build's own bench (density rows).
  let node = null;
  if (fs.existsSync(NODE_CLI)) {
    const tmp = path.join(os.tmpdir(), 'mirofish-node-bench-' + process.pid + '.json');
    try {
      execFileSync(
        process.execPath,
        [
          NODE_CLI,
          'bench',
          '--quick',
          '--series',
          'density,density-steady',
          '--max',
          String(Math.max(...STEP_FISH)),
          '--json',
          tmp,
        ],
        { stdio: 'ignore', env: Object.assign({}, process.env, { NODE_PATH: '/usr/share/nodejs' }) },
      );
      node = JSON.parse(fs.readFileSync(tmp, 'utf8'));
    } catch (e) {
      node = null;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  for (const r of rows) {
    const row = node && findDensityRow(node, r.fish, 'density');
    r.nodeMs = row ? round(row, 3) : null;
    r.ratio = r.nodeMs ? round(r.browserMs / r.nodeMs, 2) : null;
    const steady = node && findDensityRow(node, r.fish, 'density-steady');
    r.nodeSteadyMs = steady ? round(steady, 3) : null;
    r.steadyRatio = r.nodeSteadyMs ? round(r.steadyMs / r.nodeSteadyMs, 2) : null;
  }
  return rows;
}

// The step table (part 4): the page's step, scattered and steady, against node's.
function stepLines(steps) {
  const L = [];
  L.push(`Simulation step in the page (${opts.thread} path, paused, handle.step in batches, median of 7) after 120`);
  L.push('warm-up steps (scattered) and after 1 800 (steady: the formed school), against the wasm-node build');
  L.push('(`mirofish bench --quick`, density and density-steady rows), constant density:');
  L.push(
    `${pad('fish', 7)} ${pad('world', 11)} ${pad('page ms', 8)} ${pad('node ms', 8)} ${pad('page/node', 9)} ` +
      `${pad('steady page', 11)} ${pad('steady node', 11)} ${pad('page/node', 9)}`,
  );
  for (const r of steps) {
    L.push(
      `${pad(thousands(r.fish), 7)} ${pad(r.world.width + 'x' + r.world.height, 11)} ${pad(fmt(r.browserMs, 3), 8)} ` +
        `${pad(fmt(r.nodeMs, 3), 8)} ${pad(fmt(r.ratio, 2), 9)} ${pad(fmt(r.steadyMs, 3), 11)} ` +
        `${pad(fmt(r.nodeSteadyMs, 3), 11)} ${pad(fmt(r.steadyRatio, 2), 9)}`,
    );
  }
  if (steps.some((r) => r.nodeMs === null)) L.push(`  (node: ${NODE_CLI} is missing; build the wasm-node preset)`);
  return L;
}

// The median ms/step of the `series` row (density, density-steady) for `fish` in `mirofish bench --json` output.
function findDensityRow(json, fish, series) {
  const row = (json.results || []).find((r) => r.series === series && r.fish === fish);
  return row ? row.median_ms : null;
}

// Background states at STATE_FISH fish: pointer in (mouse moving), pointer away, hidden.
async function stateRuns(browser, base) {
  const log = [];
  const { context, page, cdp, world } = await openPond(browser, base, STATE_FISH, log);
  const rows = [];
  const snap = () => page.evaluate(() => window.bench.snapshot());
  async function run(name, expected, body) {
    await sleep(T.settle);
    const m = await measure(cdp, async () => {
      const a = await snap();
      await body();
      const b = await snap();
      return { a, b };
    });
    const { a, b } = m.result;
    const dt = (b.t - a.t) / 1000;
    rows.push({
      state: name,
      shimState: b.state,
      expectedShimState: expected,
      fps: round((b.frames - a.frames) / dt, 1),
      frames: b.frames - a.frames,
      steps: b.steps - a.steps,
      seconds: m.seconds,
      mainThread: m.mainThread,
      processes: m.processes,
    });
  }
  try {
    await sleep(T.warm);
    // Pointer in: the mouse wanders in a small circle around the middle of the window.
    const cx = VIEWPORT.width / 2,
      cy = VIEWPORT.height / 2;
    await page.mouse.move(cx, cy);
    await run('pointer in', 'running', async () => {
      const end = Date.now() + T.window * 1000;
      for (let i = 0; Date.now() < end; i++) {
        await page.mouse.move(cx + 80 * Math.cos(i / 10), cy + 60 * Math.sin(i / 10));
        await sleep(MOUSE_EVERY_MS / 1000);
      }
    });
    // Pointer away: the mouse leaves the window (mouseout with no relatedTarget, as a browser sends it).
    await page.evaluate(() => window.bench.pointerAway());
    await run('pointer away', 'idle', () => sleep(T.window));
    // Hidden: visibilityState 'hidden' + visibilitychange (headless never hides the page itself).
    await page.evaluate(() => window.bench.setHidden(true));
    await run('hidden', 'hidden', () => sleep(T.window));
    await page.evaluate(() => window.bench.setHidden(false));
    return { fish: STATE_FISH, world, rows, warnings: log };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- main
async function main() {
  if (!fs.existsSync(BUNDLE)) {
    process.stderr.write(
      `frame_bench: ${BUNDLE} is missing; build it (cmake --preset web && cmake --build --preset web)\n`,
    );
    process.exit(1);
  }
  const started = Date.now();
  const before = { elsewherePct: await machineLoad(), loadavg: os.loadavg().map((x) => round(x, 2)) };
  const server = await serve();
  const browser = await launch();
  const out = {
    meta: {
      date: new Date().toISOString(),
      chromium: browser.version(),
      quick: opts.quick,
      viewport: VIEWPORT,
      deviceScaleFactor: DPR,
      warmupSeconds: T.warm,
      windowSeconds: T.window,
      bundle: path.relative(ROOT, BUNDLE) || BUNDLE,
      bundleBytes: fs.statSync(BUNDLE).size,
      cpus: os.cpus().length,
      args: ARGS,
      before,
      notes: [
        'simMs: pond.advance() per frame (all fixed 60 Hz steps due that frame); renderMs: pond.render() per frame.',
        "SwiftShader rasterises WebGL on the CPU in the GPU process: renderMs is the page's JS+wasm CPU time to " +
          'build and submit the GL commands, not GPU time; the rasterisation shows in the gpu process CPU.',
        'mainThread: DevTools Performance TaskDuration / ScriptDuration deltas over the window, % of one core.',
        'processes: /proc utime+stime of every Chromium process over the window, % of one core.',
      ],
    },
    page: null,
    frames: [],
    empty: null,
    steps: [],
    background: null,
    checks: [],
  };
  if (opts.stepsOnly) {
    // part 4 alone: no frames, no background states
    try {
      out.steps = await stepRun(browser, server.base);
    } finally {
      await browser.close();
      await server.close();
    }
    process.stdout.write(stepLines(out.steps).join('\n') + '\n');
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(out, null, 2) + '\n');
    return;
  }
  try {
    process.stderr.write('frame_bench: the default page...\n');
    out.page = await pageRun(browser, server.base);
    for (const n of opts.fish) {
      for (const q of QUALITIES) {
        process.stderr.write(`frame_bench: ${thousands(n)} fish, quality=${q}...\n`);
        out.frames.push(await frameRun(browser, server.base, n, q));
      }
    }
    process.stderr.write('frame_bench: 0 fish...\n');
    out.empty = await frameRun(browser, server.base, 0, 'auto');
    process.stderr.write('frame_bench: the simulation step in the page and under node...\n');
    out.steps = await stepRun(browser, server.base);
    process.stderr.write(`frame_bench: background states at ${STATE_FISH} fish...\n`);
    out.background = await stateRuns(browser, server.base);
  } finally {
    await browser.close();
    await server.close();
  }
  out.meta.crossOriginIsolated = timerInfo.isolated;
  out.meta.after = { elsewherePct: await machineLoad(), loadavg: os.loadavg().map((x) => round(x, 2)) };
  out.meta.totalSeconds = round((Date.now() - started) / 1000, 1);

  // ---- checks ----
  for (const r of out.background.rows) {
    out.checks.push({
      name: `${r.state}: shim state is '${r.expectedShimState}'`,
      ok: r.shimState === r.expectedShimState,
      got: r.shimState,
    });
  }
  const hidden = out.background.rows.find((r) => r.state === 'hidden');
  out.checks.push({
    name: 'hidden: 0 frames and 0 steps',
    ok: hidden.frames === 0 && hidden.steps === 0,
    got: `${hidden.frames} frames, ${hidden.steps} steps`,
  });
  for (const [what, quality, fps] of FPS_TARGETS) {
    const r = what === 'page' ? out.page : out.frames.find((x) => x.fish === what && x.quality === quality);
    if (!r) continue;
    out.checks.push({
      name: `${what === 'page' ? 'default page' : thousands(what) + ' fish'}, quality=${quality}: >= ${fps} fps`,
      ok: r.fps >= fps,
      got: `${fmt(r.fps, 1)} fps at level ${r.level.level} (${levelText(r.level)})`,
      target: true,
    });
  }
  for (const r of out.steps) {
    const limit = STEADY_TARGET_MS[r.fish];
    if (limit) {
      out.checks.push({
        name: `steady page step at ${thousands(r.fish)} fish <= ${limit} ms`,
        ok: r.steadyMs <= limit,
        got: `${fmt(r.steadyMs, 3)} ms`,
        target: true,
      });
    }
    out.checks.push({
      name: `browser step at ${thousands(r.fish)} fish <= 1.2x node`,
      ok: r.ratio !== null && r.ratio <= 1.2,
      got: `${fmt(r.browserMs, 3)} ms vs ${fmt(r.nodeMs, 3)} ms = ${fmt(r.ratio, 2)}x`,
      target: true,
    });
  }
  // The gate's measure (scripts/test-browser): gzip -9, which packs this file ~600 bytes smaller than zlib's level 9.
  const gz = execFileSync('gzip', ['-9c', BUNDLE], { maxBuffer: 1 << 26 }).length;
  out.meta.bundleGzipBytes = gz;
  out.checks.push({
    name: 'mirofish.js (the critical path) <= 15 KB gzipped',
    ok: gz <= 15000,
    got: `${gz} bytes`,
    target: true,
  });
  const tgt = out.frames.find((r) => r.fish === RENDER_TARGET_FISH && r.quality === 'high');
  if (tgt) {
    out.checks.push({
      name: `render-submit at ${thousands(RENDER_TARGET_FISH)} fish <= ${RENDER_TARGET_MS} ms (median)`,
      // The rAF loop's median when it has a few frames, else the direct one (SwiftShader may give < 1 fps).
      ok: (() => {
        const v = tgt.samples >= 3 ? tgt.renderMs.median : tgt.direct.renderMs.median;
        return v !== null && v <= RENDER_TARGET_MS;
      })(),
      got:
        `${fmt(tgt.renderMs.median, 3)} ms in the rAF loop (${tgt.samples} frames), ` +
        `${fmt(tgt.direct.renderMs.median, 3)} ms direct (${tgt.direct.calls} calls)`,
      target: true,
    });
  }

  // ---- report ----
  const L = [];
  L.push(
    `MiroFish browser frame bench${opts.quick ? ' (--quick)' : ''}: headless Chromium ${out.meta.chromium}, ` +
      `SwiftShader WebGL2, ${out.meta.cpus} CPUs; the school on the ${opts.thread === 'main' ? 'main thread' : 'Worker'} ` +
      `path (stats().thread: ${out.page.thread})`,
  );
  L.push(
    `viewport ${VIEWPORT.width}x${VIEWPORT.height} at DPR ${DPR}; world scaled to ~300 fish per 1600x900; ` +
      `warm-up ${T.warm} s, window ${T.window} s; bundle ${out.meta.bundleBytes} bytes; ` +
      `timer ${out.meta.crossOriginIsolated ? 'cross-origin isolated (~5 us)' : 'coarse (100 us)'}`,
  );
  const busiest = Math.max(
    0,
    ...out.frames.map((r) => (r.processes && r.processes.elsewhere) || 0),
    ...out.background.rows.map((r) => (r.processes && r.processes.elsewhere) || 0),
  );
  out.meta.contended = busiest > 15;
  L.push(
    `machine: rest of the machine busy ${fmt(out.meta.before.elsewherePct, 0)}% before, ` +
      `${fmt(out.meta.after.elsewherePct, 0)}% after, up to ${fmt(busiest, 0)}% during a window ` +
      `(% of one core, of ${out.meta.cpus * 100}%)`,
  );
  if (out.meta.contended) {
    L.push(
      'WARNING: something else kept this machine busy during a measured window (column "else %"): the numbers are contended.',
    );
  }
  L.push('');
  L.push("Per frame, measured in the page from the shim's own rAF loop (one sample per rendered frame):");
  L.push(
    '  sim = pond.advance() (all 60 Hz steps due that frame; sim/st = per step); render = pond.render() = the CPU',
  );
  L.push('  time of our JS+wasm to build and submit the GL commands (render-submit). SwiftShader rasterises WebGL on');
  L.push("  the CPU in the GPU process, so render is submit time, not GPU time, and fps is SwiftShader's throughput");
  L.push('  on this machine (its cost shows in "gpu %"), not what a real GPU gives.');
  L.push('');
  L.push(
    `Default page (web/index.html: 200 fish, quality=auto, ${T.autoWarm} s to settle): ${fmt(out.page.fps, 1)} fps at ` +
      `level ${out.page.level.level}/${out.page.level.levels - 1} (${levelText(out.page.level)}), gpu ${fmt(out.page.gpuMs, 2)} ms, ` +
      `main ${fmt(out.page.mainThread.taskPct, 1)} %, all Chromium ${fmt((out.page.processes || {}).total, 1)} %`,
  );
  L.push(`  level reason: ${out.page.level.reason}`);
  L.push('');
  L.push(
    `${pad('fish', 7)} ${padR('quality', 7)} ${padR('level', 28)} ${pad('fps', 5)} ${pad('frames', 6)} ` +
      `${pad('sim med', 8)} ${pad('sim/st', 7)} ${pad('rend med', 8)} ${pad('rend p95', 8)} ${pad('gpu ms', 6)} ` +
      `${pad('main %', 6)} ${pad('gpu %', 6)} ${pad('all %', 6)} ${pad('else %', 6)}`,
  );
  for (const r of out.frames.concat([out.empty])) {
    const p = r.processes || {};
    L.push(
      `${pad(thousands(r.fish), 7)} ${padR(r.quality, 7)} ${padR(r.level.level + ': ' + levelText(r.level), 28)} ` +
        `${pad(fmt(r.fps, 1), 5)} ${pad(r.samples, 6)} ${pad(fmt(r.simMs.median, 3), 8)} ` +
        `${pad(fmt(r.simMsPerStep.median, 3), 7)} ${pad(fmt(r.renderMs.median, 3), 8)} ` +
        `${pad(fmt(r.renderMs.p95, 3), 8)} ${pad(fmt(r.gpuMs, 2), 6)} ${pad(fmt(r.mainThread.taskPct, 1), 6)} ` +
        `${pad(fmt(p.gpu, 1), 6)} ${pad(fmt(p.total, 1), 6)} ${pad(fmt(p.elsewhere, 1), 6)}`,
    );
  }
  L.push(
    `  (worlds: ~300 fish per 1600x900, scaled to fit; gpu ms = EXT_disjoint_timer_query_webgl2 of a recent frame;`,
  );
  L.push(`   the last row is a page with 0 fish: what the canvas and the loop cost on their own)`);
  L.push(
    '  (ms; frames = samples taken; main % = renderer main-thread busy time (DevTools TaskDuration); gpu % / all %',
  );
  L.push("   = /proc CPU of the GPU process / of all this bench's Chromium processes; else % = the rest of the");
  L.push('   machine: well above 0 means contended numbers; all CPU % are of one core)');
  L.push('');
  L.push(`Direct, not paced by the compositor (enough samples even when SwiftShader gives < 1 fps): paused, then`);
  L.push(`handle.step(1) up to ${T.direct} times (fewer at large N) within ${T.directBudget} s: one sim step + one`);
  L.push(
    'render-submit per call, two display frames between calls. A submit can block while SwiftShader catches up (p95).',
  );
  L.push(
    `${pad('fish', 7)} ${pad('calls', 6)} ${pad('sim/st med', 10)} ${pad('sim/st p95', 10)} ` +
      `${pad('rend med', 8)} ${pad('rend p95', 8)}`,
  );
  for (const r of out.frames.filter((x) => x.quality === 'high')) {
    const d = r.direct;
    L.push(
      `${pad(thousands(r.fish), 7)} ${pad(d.calls, 6)} ${pad(fmt(d.simMsPerStep.median, 3), 10)} ` +
        `${pad(fmt(d.simMsPerStep.p95, 3), 10)} ${pad(fmt(d.renderMs.median, 3), 8)} ${pad(fmt(d.renderMs.p95, 3), 8)}`,
    );
  }
  L.push('');
  L.push(...stepLines(out.steps));
  L.push('');
  L.push(
    `Background states at ${STATE_FISH} fish (world ${out.background.world.width}x${out.background.world.height}), ` +
      `${T.window} s each; pointer in = mouse moving every ${MOUSE_EVERY_MS} ms:`,
  );
  L.push(
    `${padR('state', 13)} ${padR('shim', 8)} ${pad('fps', 5)} ${pad('frames', 6)} ${pad('steps', 6)} ` +
      `${pad('main %', 6)} ${pad('js %', 6)} ${pad('rndr %', 6)} ${pad('gpu %', 6)} ${pad('brws %', 6)} ${pad('all %', 6)} ` +
      `${pad('else %', 6)}`,
  );
  for (const r of out.background.rows) {
    const p = r.processes || {};
    L.push(
      `${padR(r.state, 13)} ${padR(r.shimState, 8)} ${pad(fmt(r.fps, 1), 5)} ${pad(r.frames, 6)} ` +
        `${pad(r.steps, 6)} ${pad(fmt(r.mainThread.taskPct, 1), 6)} ${pad(fmt(r.mainThread.scriptPct, 1), 6)} ` +
        `${pad(fmt(p.renderer, 1), 6)} ${pad(fmt(p.gpu, 1), 6)} ${pad(fmt(p.browser, 1), 6)} ${pad(fmt(p.total, 1), 6)} ` +
        `${pad(fmt(p.elsewhere, 1), 6)}`,
    );
  }
  L.push('  (main % / js % = renderer main thread busy / in script (TaskDuration / ScriptDuration), % of one core:');
  L.push("   our JS + wasm + GL submit + the page's own event handling; brws % = browser process (input routing, ");
  L.push('   compositor frames); hidden is simulated: visibilityState overridden + visibilitychange)');
  L.push('');
  for (const c of out.checks) {
    L.push(`${c.ok ? 'ok  ' : c.target ? 'MISS' : 'FAIL'} ${c.name}: ${c.got}`);
  }
  const warnings = [
    ...out.page.warnings,
    ...out.frames.flatMap((r) => r.warnings),
    ...out.empty.warnings,
    ...out.background.warnings,
  ];
  if (warnings.length) {
    L.push('');
    L.push('page warnings/errors:');
    for (const w of [...new Set(warnings)]) L.push('  ' + w);
  }
  L.push(`total ${out.meta.totalSeconds} s`);
  process.stdout.write(L.join('\n') + '\n');

  if (opts.json) {
    fs.writeFileSync(opts.json, JSON.stringify(out, null, 2) + '\n');
    process.stderr.write(`frame_bench: wrote ${opts.json}\n`);
  }
  // A broken state machine (not a missed performance target) fails the run.
  if (out.checks.some((c) => !c.ok && !c.target)) process.exit(2);
}

main().catch((e) => {
  process.stderr.write('frame_bench: ' + ((e && e.stack) || e) + '\n');
  process.exit(1);
});
