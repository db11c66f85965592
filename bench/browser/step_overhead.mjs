#!/usr/bin/env node
// What `await school.step(k)` costs a page against the step alone: a paused school of N fish at the bench's
// density, on the Worker path (or --thread main), after --warm steps. Each round times `await step(k)` from the page
// (slices, messages, the one still frame) and, inside that same call, the time its slices spent stepping (the test
// bundle's _test.lastWork()): their ratio is the call's overhead, under the same load. As a cross-check it also times
// k steps in one go in the engine (_test.timeStep: no slices, no frame). Medians of the rounds.
// With --also BUNDLE another test bundle's `await step(k)` (e.g. the main branch's, which has no lastWork) is timed in
// the same rounds, against the one-go step.
//   node bench/browser/step_overhead.mjs [--fish 10000,50000] [--rounds 7] [--warm 300] [--thread worker|main]
//     [--also BUNDLE] [--json FILE]
import { TEST_BUNDLE, launch, median, plainPage, serve, stepOptions, worldFor, writeJson } from './lib.mjs';

const opts = { fish: [10000, 50000], rounds: 7, warm: 300, thread: 'worker', also: null, json: null };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i],
    v = argv[i + 1];
  if (a === '--fish' && v) opts.fish = argv[++i].split(',').map(Number);
  else if (a === '--rounds' && v) opts.rounds = Number(argv[++i]);
  else if (a === '--warm' && v) opts.warm = Number(argv[++i]);
  else if (a === '--thread' && /^(worker|main)$/.test(v || '')) opts.thread = argv[++i];
  else if (a === '--also' && v) opts.also = argv[++i];
  else if (a === '--json' && v) opts.json = argv[++i];
  else {
    console.error(
      'usage: step_overhead.mjs [--fish N,N] [--rounds R] [--warm W] [--thread worker|main] [--also BUNDLE] ' +
        '[--json FILE]',
    );
    process.exit(2);
  }
}
// Steps a batch: one to two seconds of stepping at 10 000 and 50 000 fish on a laptop core, so the one frame a call
// draws is a small part of it, as it is of any long step(n).
const batchFor = (n) => Math.max(10, Math.round(4e6 / n));
// A pause before each timed batch: SwiftShader rasterizes the last frame in the GPU process after the call has
// answered, and on a small machine that work would land in the next batch, whichever it is.
const SETTLE_MS = 300;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

const server = await serve({
  '/dist/mirofish.js': TEST_BUNDLE,
  '/also/mirofish.js': opts.also || TEST_BUNDLE,
  '/page.html': plainPage(),
  '/also.html': plainPage('', 'data-auto="false"', '/also/mirofish.js'),
});
const browser = await launch();
const chromium = browser.version();

// A paused school warmed up in a fresh page; returns the page.
async function open(url, n) {
  const page = await (await browser.newContext({ viewport: { width: 640, height: 400 } })).newPage();
  await page.goto(server.base + url);
  await page.evaluate(
    async ([options, warm]) => {
      window.__s = await window.MiroFish.mount(undefined, options);
      await window.__s.step(warm);
    },
    [stepOptions(n, opts.thread), opts.warm],
  );
  return page;
}
// ms a step of `await step(k)`, and the frames the call drew.
const stepped = (page, k) =>
  page.evaluate(async (k) => {
    const s = window.__s,
      f0 = s.stats().frames,
      t0 = performance.now();
    await s.step(k);
    const ms = (performance.now() - t0) / k,
      frames = s.stats().frames - f0;
    const work = s._test && s._test.lastWork ? (await s._test.lastWork()) / k : NaN;
    return { ms, work, frames, thread: s.thread };
  }, k);
const alone = (page, k) => page.evaluate(async (k) => (await window.__s._test.timeStep(k)) / k, k);

const rows = [];
for (const n of opts.fish) {
  const world = worldFor(n),
    k = batchFor(n);
  const page = await open('/page.html', n);
  const other = opts.also ? await open('/also.html', n) : null;
  const r = {
    fish: n,
    world,
    batch: k,
    thread: null,
    awaitMs: [],
    workMs: [],
    overheads: [],
    aloneMs: [],
    ratios: [],
    frames: [],
    alsoMs: [],
    alsoRatios: [],
  };
  for (let i = 0; i < opts.rounds; i++) {
    // Rounds alternate which goes first, so a drift of the machine's speed hits both alike.
    let a, b;
    await settle();
    if (i % 2) b = await alone(page, k);
    else a = await stepped(page, k);
    await settle();
    if (i % 2) a = await stepped(page, k);
    else b = await alone(page, k);
    r.thread = a.thread;
    r.awaitMs.push(a.ms);
    r.workMs.push(a.work);
    r.overheads.push(a.ms / a.work);
    r.aloneMs.push(b);
    r.ratios.push(a.ms / b);
    r.frames.push(a.frames);
    if (other) {
      await settle();
      const c = await stepped(other, k);
      r.alsoMs.push(c.ms);
      r.alsoRatios.push(c.ms / b);
    }
  }
  await page.context().close();
  if (other) await other.context().close();
  rows.push(r);
}
await browser.close();
await server.close();

const f = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '-');
console.log(
  `await step(k) against the step alone (${opts.thread} path requested, paused, ${opts.warm} warm-up steps, ` +
    `median of ${opts.rounds} rounds)`,
);
console.log(
  "  await = ms a step of `await step(k)` from the page; in-call = its slices' stepping; one go = _test.timeStep",
);
console.log(
  '  fish  thread   k  await  in-call  await/in-call  one go  await/one go  frames/call' +
    (opts.also ? '  also  also/one go' : ''),
);
for (const r of rows) {
  console.log(
    `${String(r.fish).padStart(6)}  ${r.thread.padEnd(6)} ${String(r.batch).padStart(3)}  ` +
      `${f(median(r.awaitMs)).padStart(5)}  ${f(median(r.workMs)).padStart(7)}  ${f(median(r.overheads), 3).padStart(13)}  ` +
      `${f(median(r.aloneMs)).padStart(6)}  ${f(median(r.ratios), 2).padStart(12)}  ${String(Math.max(...r.frames)).padStart(11)}` +
      (opts.also ? `  ${f(median(r.alsoMs)).padStart(5)}  ${f(median(r.alsoRatios), 2).padStart(11)}` : ''),
  );
}
writeJson(opts.json, {
  date: new Date().toISOString(),
  chromium,
  options: opts,
  rows: rows.map((r) =>
    Object.assign(r, {
      overhead: median(r.overheads),
      ratio: median(r.ratios),
      alsoRatio: opts.also ? median(r.alsoRatios) : null,
    }),
  ),
});
