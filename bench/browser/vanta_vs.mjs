#!/usr/bin/env node
// Render cost against a peer: three.js Vanta BIRDS with 1 024 birds (quantity 5, its default) and
// MiroFish with 1 000 fish at quality=auto, each as a full-window background behind the same page text, in one
// headless Chromium (SwiftShader: the GPU is the CPU, so fill cost shows as it does on phones and integrated GPUs),
// 1600x900 at DPR 1. The two pages alternate for --rounds rounds; each round warms up (auto quality settles) and
// then counts the frames drawn in a window. Prints the medians and ours / Vanta.
//
// Vanta is not a dependency of MiroFish: bench/vanta/package.json pins it (with the three.js r134 it vendors) for
// this bench only; `npm ci` there installs it (scripts/bench-browser does).
//
// usage: node bench/browser/vanta_vs.mjs [--quick] [--rounds N] [--json FILE]
// env:   MIROFISH_BUNDLE (default build/web/dist/mirofish.js), CHROMIUM (default /usr/bin/chromium)

import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE, ROOT, launch, median, serve, writeJson } from './lib.mjs';

const VANTA = path.join(ROOT, 'bench', 'vanta', 'node_modules', 'vanta');
const VIEWPORT = { width: 1600, height: 900 };
const FISH = 1000;

const opts = { quick: false, rounds: 3, json: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--quick') opts.quick = true;
  else if (a === '--rounds' && /^[1-9]\d*$/.test(process.argv[i + 1] || '')) opts.rounds = Number(process.argv[++i]);
  else if (a === '--json' && process.argv[i + 1]) opts.json = process.argv[++i];
  else {
    process.stderr.write(`vanta_vs: unknown argument ${a}\nusage: vanta_vs.mjs [--quick] [--rounds N] [--json FILE]\n`);
    process.exit(2);
  }
}
// auto quality climbs one level per ~2 s of headroom (web/engine/quality.js): 14 s lets it settle.
const T = opts.quick ? { warm: 4, window: 3 } : { warm: 14, window: 10 };

if (!fs.existsSync(path.join(VANTA, 'dist', 'vanta.birds.min.js'))) {
  process.stderr.write('vanta_vs: Vanta is not installed: (cd bench/vanta && npm ci)\n');
  process.exit(2);
}
if (!fs.existsSync(BUNDLE)) {
  process.stderr.write(`vanta_vs: no bundle at ${BUNDLE}: cmake --build --preset web\n`);
  process.exit(2);
}

// The same page for both: a paragraph of text over a full-window background.
const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<style>html,body{margin:0;height:100%;font:16px/1.5 sans-serif}#bg{position:fixed;inset:0;z-index:-1}
main{max-width:40em;padding:2em}</style>${head}</head><body><div id="bg"></div>
<main><h1>A page</h1><p>Text in front of the background.</p></main>${body}</body></html>`;
const PAGES = {
  '/vanta.html': page('', `<script src="/three.min.js"></script><script src="/vanta.birds.min.js"></script>
<script>
  // Its defaults (quantity 5: 32x32 = 1 024 birds on the GPU); frames counted by our own rAF on the same thread.
  window.effect = VANTA.BIRDS({ el: '#bg', mouseControls: false, touchControls: false, gyroControls: false });
  window.frames = 0;
  (function tick() { window.frames++; requestAnimationFrame(tick); })();
  window.count = () => window.frames;
</script>`),
  '/ours.html': page('', `<script src="/dist/mirofish.js" data-auto="false"></script>
<script>
  MiroFish.mount(undefined, { fish: ${FISH}, quality: 'auto' }).then((s) => { window.school = s; });
  // The school draws in its own Worker: its frame counter, not this page's rAF, is what it drew.
  window.count = () => (window.school ? window.school.stats().frames : 0);
</script>`),
};
const FILES = {
  '/three.min.js': path.join(VANTA, 'vendor', 'three.r134.min.js'),
  '/vanta.birds.min.js': path.join(VANTA, 'dist', 'vanta.birds.min.js'),
  '/dist/mirofish.js': BUNDLE,
};

const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

// One round of one page: load, warm up, count frames over the window. Page errors fail the bench.
async function fpsOf(browser, base, which) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e && e.message || e)));
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  try {
    await tab.goto(`${base}/${which}.html`);
    await tab.waitForFunction(() => window.count && window.count() > 2, null, { timeout: 60000 });
    await sleep(T.warm);
    const a = await tab.evaluate(() => [performance.now(), window.count()]);
    await sleep(T.window);
    const b = await tab.evaluate(() => [performance.now(), window.count()]);
    const extra = which === 'ours' ? await tab.evaluate(() => {
      const s = window.school.stats();
      return { fish: s.fish, thread: s.thread, quality: s.quality };
    }) : null;
    if (errors.length) throw new Error(`${which}: ${errors.join(' | ')}`);
    return { fps: ((b[1] - a[1]) * 1000) / (b[0] - a[0]), extra };
  } finally {
    await context.close();
  }
}

const routes = Object.assign({}, FILES);
for (const [p, html] of Object.entries(PAGES)) routes[p] = { html };
const server = await serve(routes);
const base = server.base;
// playwright's launch() gives every run a fresh temporary profile of its own.
const browser = await launch();
const rounds = { ours: [], vanta: [] };
let info = null;
try {
  for (let r = 0; r < opts.rounds; r++) {
    for (const which of r % 2 ? ['vanta', 'ours'] : ['ours', 'vanta']) {
      const got = await fpsOf(browser, base, which);
      rounds[which].push(got.fps);
      if (got.extra) info = got.extra;
      process.stderr.write(`vanta_vs: round ${r + 1} ${which} ${got.fps.toFixed(1)} fps\n`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const ours = median(rounds.ours);
const vanta = median(rounds.vanta);
const out = { viewport: VIEWPORT, dpr: 1, fish: FISH, birds: 1024, rounds: opts.rounds, window_s: T.window,
  ours: { medianFps: +ours.toFixed(1), fps: rounds.ours.map((x) => +x.toFixed(1)), ...info },
  vanta: { medianFps: +vanta.toFixed(1), fps: rounds.vanta.map((x) => +x.toFixed(1)) },
  ratio: +(ours / vanta).toFixed(3) };
console.log(`Render against a peer (SwiftShader, ${VIEWPORT.width}x${VIEWPORT.height}, DPR 1, ${opts.rounds} ` +
  `alternating rounds of ${T.window} s after ${T.warm} s):`);
console.log(`  MiroFish ${FISH} fish, quality=auto (${info ? `${info.thread}, settled at level ${info.quality.level}: dpr ${info.quality.dpr}, detail ${info.quality.detail}` : '-'}): ` +
  `median ${ours.toFixed(1)} fps  [${out.ours.fps.join(', ')}]`);
console.log(`  Vanta BIRDS 1 024 birds (three.js r134):  median ${vanta.toFixed(1)} fps  [${out.vanta.fps.join(', ')}]`);
console.log(`  ours / Vanta: ${out.ratio}  (target >= 1)`);
writeJson(opts.json, out);
