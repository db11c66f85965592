#!/usr/bin/env node
// A school left on a page for long (S-REL-3), on demand, not in CI: headless Chromium (SwiftShader) on the demo
// homepage (web/index.html, 200 fish) for `--minutes` (60 by default), sampled every minute after a forced GC
// (DevTools HeapProfiler.collectGarbage, in the page and in the engine's Worker):
//   JS heap (Runtime.getHeapUsage usedSize) of the page and of the Worker; the engine's wasm memory (the test
//   bundle's school._test.wasmBytes(), in the Worker or on the page); DOM nodes and listeners (Memory.getDOMCounters);
//   frames and steps (school.stats()) and the frame rate over the minute.
// Then 200 mount/destroy cycles beside a school that stays (so the engine, its wasm and Emscripten's GL tables stay
// too), with the heap growth per cycle; and 16 schools on one page, each checked to be drawing.
// usage: node bench/browser/hour.mjs [--minutes 60] [--cycles 200] [--schools 16] [--json FILE]
// env:   MIROFISH_THREAD=main (the main-thread path), MIROFISH_BUNDLE (default build/web/test/mirofish.js: the
//        shipped script plus the suite's path switch)
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const h = require('../../tests/browser/helpers.js');
const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const MINUTES = Number(opt('--minutes', 60));
const CYCLES = Number(opt('--cycles', 200));
const SCHOOLS = Number(opt('--schools', 16));
const MINUTE_MS = Number(opt('--minute-ms', 60000)); // a shorter "minute" for trying the script out
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// DevTools on the page, and on its Worker (the engine's, on the worker path) through the page's session.
async function devtools(page, wasmBytes) {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map();
  let seq = 0,
    worker = null;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') worker = e.sessionId;
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId === worker) worker = null;
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message);
    if (pending.has(m.id)) {
      pending.get(m.id)(m.result || {});
      pending.delete(m.id);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const inWorker = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++seq;
      pending.set(id, resolve);
      setTimeout(() => resolve({}), 20000); // a Worker gone meanwhile answers nothing
      cdp
        .send('Target.sendMessageToTarget', { sessionId: worker, message: JSON.stringify({ id, method, params }) })
        .catch(() => resolve({}));
    });
  return {
    async sample() {
      await cdp.send('HeapProfiler.collectGarbage');
      const out = {
        pageHeap: (await cdp.send('Runtime.getHeapUsage')).usedSize,
        wasm: await wasmBytes(),
        dom: await cdp.send('Memory.getDOMCounters'),
      };
      if (worker) {
        await inWorker('HeapProfiler.collectGarbage');
        out.workerHeap = (await inWorker('Runtime.getHeapUsage')).usedSize;
      }
      out.total = out.pageHeap + out.wasm + (out.workerHeap || 0);
      return out;
    },
  };
}

async function hour(browser, srv) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const log = h.watchConsole(page);
  await page.goto(srv.base + '/');
  await h.waitForFish(page, 3);
  await sleep(2000); // the Worker is attached by now
  const dt = await devtools(page, () => page.evaluate(() => window.MiroFish.current._test.wasmBytes()));
  const stats = () =>
    page.evaluate(() => {
      const s = window.MiroFish.current.stats();
      return { frames: s.frames, steps: s.steps, state: s.state, thread: s.thread, level: s.quality.level };
    });
  const rows = [];
  let prev = null;
  for (let minute = 0; minute <= MINUTES; minute++) {
    if (minute) await sleep(MINUTE_MS);
    const st = await stats(),
      t = Date.now();
    const mem = await dt.sample();
    const row = Object.assign({ minute }, st, mem);
    if (prev) {
      const sec = (t - prev.t) / 1000;
      row.fps = (st.frames - prev.frames) / sec;
      row.stepsPerS = (st.steps - prev.steps) / sec;
    }
    prev = { t, frames: st.frames, steps: st.steps };
    rows.push(row);
    console.log(formatRow(row));
  }
  const errors = log.errors().length;
  await page.close();
  return { rows, errors };
}

function formatRow(r) {
  const kb = (v) => (v === undefined ? '-' : (v / 1024).toFixed(0));
  return [
    String(r.minute).padStart(4),
    kb(r.pageHeap).padStart(8),
    kb(r.workerHeap).padStart(8),
    kb(r.wasm).padStart(8),
    kb(r.total).padStart(8),
    String(r.dom.nodes).padStart(6),
    String(r.dom.jsEventListeners).padStart(6),
    String(r.frames).padStart(8),
    String(r.steps).padStart(8),
    (r.fps === undefined ? '-' : r.fps.toFixed(1)).padStart(6),
    r.state,
  ].join(' ');
}

async function cycles(browser, srv) {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  const log = h.watchConsole(page);
  await page.goto(srv.base + '/fixtures/manual.html');
  await page.evaluate(async () => {
    window.__keeper = await window.MiroFish.mount(undefined, { fish: 20 }); // keeps the engine (and its Worker)
  });
  await sleep(2000);
  const dt = await devtools(page, () => page.evaluate(() => window.__keeper._test.wasmBytes()));
  const run = (n) =>
    page.evaluate(async (count) => {
      for (let i = 0; i < count; i++) {
        const s = await window.MiroFish.mount('#box', { fish: 30, seed: i });
        while (s.stats().frames < 1) await new Promise((r) => setTimeout(r, 10));
        s.destroy();
      }
    }, n);
  await run(20); // warm-up: lazily made tables, JIT, caches
  await sleep(500);
  const before = await dt.sample();
  const t0 = Date.now();
  await run(CYCLES);
  const ms = Date.now() - t0;
  await sleep(500);
  const after = await dt.sample();
  const errors = log.errors().length;
  await page.close();
  const per = (k) => (after[k] === undefined ? undefined : (after[k] - before[k]) / CYCLES);
  return {
    cycles: CYCLES,
    ms,
    before,
    after,
    perCycle: {
      total: per('total'),
      pageHeap: per('pageHeap'),
      workerHeap: per('workerHeap'),
      wasm: per('wasm'),
      nodes: (after.dom.nodes - before.dom.nodes) / CYCLES,
      listeners: (after.dom.jsEventListeners - before.dom.jsEventListeners) / CYCLES,
    },
    errors,
  };
}

async function many(browser, srv) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const log = h.watchConsole(page);
  await page.goto(srv.base + '/fixtures/manual.html');
  const r = await page.evaluate(async (n) => {
    const grid = document.createElement('div');
    grid.style.cssText = 'position: fixed; inset: 0; display: grid; grid-template-columns: repeat(4, 1fr); gap: 4px';
    document.body.append(grid);
    const schools = [];
    for (let k = 0; k < n; k++) {
      const box = document.createElement('div');
      box.style.cssText = 'position: relative; height: 200px; border: 1px solid #ccd';
      grid.append(box);
      schools.push(await window.MiroFish.mount(box, { fish: 40, seed: k }));
    }
    await new Promise((res) => setTimeout(res, 3000));
    const a = schools.map((s) => s.stats().frames);
    await new Promise((res) => setTimeout(res, 5000));
    return schools.map((s, k) => {
      const st = s.stats();
      return { state: st.state, rendering: st.rendering, fps: (st.frames - a[k]) / 5, thread: st.thread };
    });
  }, SCHOOLS);
  const errors = log.errors().length,
    warnings = log.warnings();
  await page.close();
  const threads = r.reduce((a, s) => Object.assign(a, { [s.thread]: (a[s.thread] || 0) + 1 }), {});
  return {
    schools: r,
    threads,
    drawing: r.filter((s) => s.rendering && (s.state === 'running' || s.state === 'idle') && s.fps > 0).length,
    errors,
    warnings,
  };
}

const srv = await h.startServer();
const browser = await h.launch();
const out = { thread: h.THREAD, minutes: MINUTES, minuteMs: MINUTE_MS, date: new Date().toISOString() };
try {
  console.log(
    `An hour on a page: the demo homepage, ${h.THREAD} path, ${MINUTES} samples ${MINUTE_MS / 1000} s apart ` +
      '(KB after a forced GC)',
  );
  console.log(' min   pageJS workerJS     wasm    total  nodes lstnrs   frames    steps    fps state');
  out.hour = await hour(browser, srv);
  const rows = out.hour.rows;
  const first = rows[Math.min(1, rows.length - 1)],
    last = rows[rows.length - 1];
  out.hour.growthAfterFirstMinuteKB = (last.total - first.total) / 1024;
  out.hour.fpsFirst = rows[1] && rows[1].fps;
  out.hour.fpsLast = last.fps;
  console.log(
    `growth after the first minute: ${out.hour.growthAfterFirstMinuteKB.toFixed(1)} KB; fps minute 1 ` +
      `${out.hour.fpsFirst === undefined ? '-' : out.hour.fpsFirst.toFixed(1)}, last ` +
      `${last.fps === undefined ? '-' : last.fps.toFixed(1)}; console errors ${out.hour.errors}`,
  );
  out.cycles = CYCLES ? await cycles(browser, srv) : { perCycle: {} };
  const pc = out.cycles.perCycle;
  const b = (v) => (v === undefined ? '-' : v.toFixed(0));
  if (CYCLES) {
    console.log(
      `${CYCLES} mount/destroy cycles beside a kept school (${out.cycles.ms} ms): ${b(pc.total)} B/cycle ` +
        `in all (page JS ${b(pc.pageHeap)}, Worker JS ${b(pc.workerHeap)}, wasm ${b(pc.wasm)}), DOM nodes ` +
        `${pc.nodes}/cycle, listeners ${pc.listeners}/cycle; console errors ${out.cycles.errors}`,
    );
  }
  out.many = await many(browser, srv);
  console.log(
    `${SCHOOLS} schools on one page (${JSON.stringify(out.many.threads)}): ${out.many.drawing} drawing; fps ` +
      out.many.schools.map((s) => s.fps.toFixed(1)).join(' ') +
      `; console errors ${out.many.errors}, warnings ` +
      out.many.warnings.length,
  );
} finally {
  const json = opt('--json', null);
  if (json) fs.writeFileSync(json, JSON.stringify(out, null, 1) + '\n');
  await Promise.race([browser.close(), sleep(10000)]); // a close can hang on a loaded machine
  await srv.close();
  process.exit(0);
}
