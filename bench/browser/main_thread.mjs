#!/usr/bin/env node
// What the school costs the page's main thread (S-COST-5/6/7), on demand, not in CI: headless Chromium (SwiftShader)
// loads the demo homepage (web/index.html, 200 fish, quality=auto) three ways: without MiroFish (its script answered
// with an empty file), with the school in its Worker, and with it on the main thread (thread: 'main'), and measures
//   1. the main thread's busy time, ms per second (DevTools Performance.getMetrics TaskDuration over `--seconds`);
//   2. the longest task on the main thread during mount (PerformanceObserver 'longtask', first 3 s);
//   3. the school's frame rate with a host that blocks its main thread 200 ms every second, against an unblocked
//      host, and whether the frame budget stepped down for it (quality level and stalls).
// usage: node bench/browser/main_thread.mjs [--seconds 8] [--json FILE]
// env:   MIROFISH_BUNDLE (default build/web/test/mirofish.js: the shipped script plus the suite's path switch)
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const h = require('../../tests/browser/helpers.js');
const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const SECONDS = Number(opt('--seconds', 8));
const BLOCK = () =>
  setInterval(() => {
    const t = performance.now();
    while (performance.now() - t < 200) {
      /* the host's own long task */
    }
  }, 1000);

async function measure(browser, srv, { thread, none = false, blocked = false }) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await context.addInitScript((t) => {
    window.__mirofishThread = t;
    window.__longest = 0;
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (e.startTime < 3000) window.__longest = Math.max(window.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch (e) {
      /* no longtask timing */
    }
  }, thread || 'auto');
  if (blocked) await context.addInitScript(BLOCK);
  const page = await context.newPage();
  if (none) await page.route('**/dist/mirofish.js', (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
  // #idle=60: the bench's pointer never moves, and a resting visitor gets idleFps (S-COST-8): the full rate is measured.
  await page.goto(srv.base + '/#idle=60');
  if (!none) await h.waitFor(page, () => window.MiroFish && window.MiroFish.current, undefined, 30000);
  await page.waitForTimeout(4000); // start-up and the governor's first windows
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const frames = () =>
    page.evaluate(() => (window.MiroFish && window.MiroFish.current ? window.MiroFish.current.stats() : null));
  const b0 = await busy(),
    s0 = await frames(),
    t0 = Date.now();
  await page.waitForTimeout(SECONDS * 1000);
  const b1 = await busy(),
    s1 = await frames(),
    t1 = Date.now();
  const wall = (t1 - t0) / 1000;
  const out = {
    thread: s1 ? s1.thread : 'none',
    blocked,
    busyMsPerS: ((b1 - b0) * 1000) / wall,
    longestMountTaskMs: await page.evaluate(() => window.__longest),
  };
  if (s1) {
    Object.assign(out, {
      fps: (s1.frames - s0.frames) / wall,
      level: s1.quality.level,
      levels: s1.quality.levels,
      stalls: s1.quality.stalls,
      reason: s1.quality.reason,
    });
  }
  await context.close();
  return out;
}

const srv = await h.startServer();
const browser = await h.launch();
const rows = [];
try {
  rows.push(await measure(browser, srv, { none: true }));
  rows.push(await measure(browser, srv, { none: true, blocked: true }));
  for (const thread of ['worker', 'main']) {
    rows.push(await measure(browser, srv, { thread }));
    rows.push(await measure(browser, srv, { thread, blocked: true }));
  }
} finally {
  await browser.close();
  await srv.close();
}
console.log(
  'Main thread, demo homepage (200 fish, auto), ' + SECONDS + ' s each; blocked = the host blocks 200 ms every 1 s',
);
console.log('path     host      main ms/s  longest mount task ms    fps  level        stalls  reason');
for (const r of rows) {
  console.log(
    [
      r.thread.padEnd(8),
      (r.blocked ? 'blocked' : 'free').padEnd(9),
      r.busyMsPerS.toFixed(1).padStart(9),
      r.longestMountTaskMs.toFixed(0).padStart(22),
      r.fps === undefined ? '     -' : r.fps.toFixed(1).padStart(6),
      r.level === undefined ? '  -' : ('  ' + r.level + ' of ' + (r.levels - 1)).padEnd(12),
      r.stalls === undefined ? '     -' : String(r.stalls).padStart(6),
      r.reason || '',
    ].join(' '),
  );
}
const none = rows[0].busyMsPerS;
for (const r of rows.filter((x) => x.thread !== 'none' && !x.blocked)) {
  console.log(`${r.thread}: ${(r.busyMsPerS - none).toFixed(1)} ms/s above the page without MiroFish`);
}
for (const thread of ['worker', 'main']) {
  const free = rows.find((r) => r.thread === thread && !r.blocked),
    blocked = rows.find((r) => r.thread === thread && r.blocked);
  if (free && blocked) console.log(`${thread}: blocked host / free host fps = ${(blocked.fps / free.fps).toFixed(2)}`);
}
const json = opt('--json', '');
if (json) fs.writeFileSync(json, JSON.stringify(rows, null, 2) + '\n');
