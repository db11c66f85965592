#!/usr/bin/env node
// Per-engine figures (S-ENG-1), each engine through the browser suite's rig (tests/browser/engines.js):
//   1. the steady step at 10 000 fish: the formed school (after 1 800 steps), `await step(20)` on a paused school,
//      median of 7 batches, per step (V8, SpiderMonkey and JavaScriptCore running the same wasm SIMD);
//   2. the default page (web/index.html at 1280x800): its frame rate once settled, and the quality level it chose;
//   3. the page's main-thread share on that page: the ms a second its thread spends in JavaScript callbacks (timers,
//      animation frames, event listeners, MiroFish's and the page's alike), wrapped before any page script runs.
// Where the school runs (Worker or main thread) is each engine's own choice, as a visitor gets it.
//
// usage: xvfb-run -a -s "-screen 0 1280x800x24" node bench/browser/engines.mjs [--engines chromium,firefox,...]
//          [--json FILE]
// Needs the built bundle (cmake --build --preset web); prints one row per engine.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const h = require('../../tests/browser/helpers.js');
const { ENGINES, openEngine } = require('../../tests/browser/engines.js');

const opts = { engines: ENGINES, json: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--engines') opts.engines = process.argv[++i].split(',');
  else if (a === '--json') opts.json = process.argv[++i];
  else {
    process.stderr.write(
      'usage: node bench/browser/engines.mjs [--engines chromium,firefox,webkit,webkit-workers] [--json FILE]\n',
    );
    process.exit(2);
  }
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const round = (x, d = 2) => (x === null || x === undefined ? null : Math.round(x * 10 ** d) / 10 ** d);

// The JS-callback clock: every callback the page's thread runs from a timer, an animation frame or an event
// listener is timed (nested ones once); window.__busy() says the ms spent since the last reset.
function busyClock() {
  let busy = 0,
    depth = 0;
  const timed = (fn) =>
    function (...args) {
      if (depth++) {
        try {
          return fn.apply(this, args);
        } finally {
          depth--;
        }
      }
      const t0 = performance.now();
      try {
        return fn.apply(this, args);
      } finally {
        depth--;
        busy += performance.now() - t0;
      }
    };
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'queueMicrotask']) {
    const orig = window[name];
    window[name] = function (fn, ...rest) {
      return orig.call(window, typeof fn === 'function' ? timed(fn) : fn, ...rest);
    };
  }
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener,
    remove = EventTarget.prototype.removeEventListener;
  const wrap = (fn) => {
    if (typeof fn !== 'function') return fn;
    if (!wrapped.has(fn)) wrapped.set(fn, timed(fn));
    return wrapped.get(fn);
  };
  EventTarget.prototype.addEventListener = function (type, fn, o) {
    return add.call(this, type, wrap(fn), o);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, o) {
    return remove.call(this, type, wrap(fn), o);
  };
  for (const proto of [Worker.prototype, MessagePort.prototype]) {
    const d = Object.getOwnPropertyDescriptor(proto, 'onmessage');
    if (d && d.set)
      Object.defineProperty(proto, 'onmessage', {
        configurable: true,
        get: d.get,
        set(fn) {
          d.set.call(this, wrap(fn));
        },
      });
  }
  window.__busy = () => busy;
}

async function stepAt(page, base, fish) {
  await page.goto(base + '/fixtures/manual.html');
  const side = Math.round(Math.sqrt(fish / 200) * 1000); // ~200 fish per million world px: a formed school's density
  return page.evaluate(
    async ([n, w]) => {
      const s = await window.MiroFish.mount(null, {
        fish: n,
        width: w,
        height: w,
        paused: true,
        hash: false,
        quality: 'low',
        maxFish: n,
      });
      const k = 20;
      await s.step(1800);
      const t = [];
      for (let i = 0; i < 7; i++) {
        const a = performance.now();
        await s.step(k);
        t.push((performance.now() - a) / k);
      }
      const thread = s.stats().thread;
      s.destroy();
      return { ms: t.sort((x, y) => x - y)[3], thread };
    },
    [fish, side],
  );
}

async function defaultPage(page, base) {
  // #idle=60: the bench's pointer never moves, and a resting visitor gets idleFps (S-COST-8): the full rate is measured.
  await page.goto(base + '/#idle=60');
  await page.waitFor(
    () => window.MiroFish && window.MiroFish.current && window.MiroFish.current.stats().frames > 2,
    undefined,
    60000,
  );
  await page.sleep(4000); // the quality level settles
  const fps = [];
  await page.evaluate(() => {
    window.__busyStart = window.__busy();
    window.__t0 = performance.now();
  });
  for (let i = 0; i < 10; i++) {
    await page.sleep(500);
    fps.push(await page.evaluate(() => window.MiroFish.current.stats().fps));
  }
  const r = await page.evaluate(() => {
    const s = window.MiroFish.current.stats();
    return {
      busy: window.__busy() - window.__busyStart,
      ms: performance.now() - window.__t0,
      thread: s.thread,
      level: s.quality.reason,
      fish: s.fish,
      renderer: s.renderer,
    };
  });
  return {
    fps: median(fps),
    mainMsPerS: r.busy / (r.ms / 1000),
    thread: r.thread,
    fish: r.fish,
    level: r.level,
    renderer: r.renderer,
  };
}

const rows = [];
const plain = await h.startServer({ recorder: true });
const clocked = await h.startServer({ recorder: true, prelude: `(${busyClock.toString()})();\n` });
try {
  for (const name of opts.engines) {
    const engine = await openEngine(name);
    try {
      const page = await engine.newPage({ width: 1280, height: 800 });
      const step = await stepAt(page, plain.base, 10000);
      const row = { engine: name, step10k: round(step.ms, 3), stepThread: step.thread };
      Object.assign(row, await defaultPage(page, clocked.base));
      row.mainMsPerS = round(row.mainMsPerS, 1);
      rows.push(row);
      process.stdout.write(
        `${name.padEnd(15)} step 10 000 (formed): ${row.step10k} ms (${row.stepThread})   default page: ` +
          `${row.fps} fps, ${row.fish} fish (${row.thread}); main thread ${row.mainMsPerS} ms/s; ${row.level}\n`,
      );
      await page.close();
    } finally {
      await engine.close();
    }
  }
} finally {
  await plain.close();
  await clocked.close();
}
if (opts.json) {
  fs.writeFileSync(
    opts.json,
    JSON.stringify({ date: new Date().toISOString(), host: os.hostname(), cpus: os.cpus().length, rows }, null, 2) +
      '\n',
  );
}
