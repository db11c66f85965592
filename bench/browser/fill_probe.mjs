#!/usr/bin/env node
// Fill-cost probe (on demand): frames per second of the rAF-driven page in headless Chromium (SwiftShader, so every
// pixel costs CPU), for several bundles back to back in one run, so noise from a shared machine hits them alike.
//
// usage: node bench/browser/fill_probe.mjs [--seconds 5] [--rounds 2] [--cases a,b,...] [--quality auto|high|low]
//          BUNDLE [BUNDLE...]
//   --quality: the level every plain case holds (default auto: each bundle at its own level; low or high hold one
//          level, so two bundles' frames cost what the same drawing costs)
//   cases: fish150 (150 fish, size 1, 1600x900 DPR 1), size2 (the same at size 2), size03 (size 0.3),
//          fish1000 (1000 fish), fish0 (no fish: the page's own floor), NxS (N fish at size S),
//          demo2 (web/index.html at 1280x800 DPR 2, #n=200&seed=7), demo0 (the same without fish: its floor)
// Prints one line per case and bundle: median fps over the rounds (and each round's fps), and the CPU time all the
// browser's processes spent per rendered frame (SwiftShader's work included), steadier under contention.
import path from 'node:path';
import { BUNDLE, launch, median, serve } from './lib.mjs';
import { treeCpuSeconds } from './tree_cpu.mjs';

const argv = process.argv.slice(2);
let seconds = 5,
  rounds = 2,
  quality = 'auto',
  caseNames = ['fish150', 'size2', 'fish1000', 'demo2'];
const bundles = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--seconds') seconds = Number(argv[++i]);
  else if (argv[i] === '--rounds') rounds = Number(argv[++i]);
  else if (argv[i] === '--cases') caseNames = argv[++i].split(',');
  else if (argv[i] === '--quality' && /^(auto|high|low)$/.test(argv[i + 1] || '')) quality = argv[++i];
  else bundles.push(path.resolve(argv[i]));
}
if (!bundles.length) bundles.push(BUNDLE);

const plain = (attrs) => `<!doctype html><html><head><meta charset="utf-8">
<style>html,body{margin:0;height:100%}body{background:#eef4f6}</style></head><body>
<script src="/dist/mirofish.js" ${attrs} data-quality="${quality}"></script></body></html>`;
const CASES = {
  fish150: { page: plain('data-fish="150" data-idle="60"'), vp: [1600, 900], dpr: 1 },
  size2: { page: plain('data-fish="150" data-idle="60" data-fish-size="2"'), vp: [1600, 900], dpr: 1 },
  size03: { page: plain('data-fish="150" data-idle="60" data-fish-size="0.3"'), vp: [1600, 900], dpr: 1 },
  fish0: { page: plain('data-fish="0" data-idle="60"'), vp: [1600, 900], dpr: 1 },
  fish1000: { page: plain('data-fish="1000" data-idle="60"'), vp: [1600, 900], dpr: 1 },
  demo2: { page: null, hash: '#n=200&seed=7&idle=60', vp: [1280, 800], dpr: 2 },
  demo0: { page: null, hash: '#n=0&seed=7&idle=60', vp: [1280, 800], dpr: 2 },
};

// Any other case named NxS: N fish at size S, 1600x900 DPR 1 (e.g. 1000x0.2).
for (const name of caseNames) {
  const m = /^(\d+)x([\d.]+)$/.exec(name);
  if (m)
    CASES[name] = {
      page: plain(`data-fish="${m[1]}" data-idle="60" data-fish-size="${m[2]}"`),
      vp: [1600, 900],
      dpr: 1,
    };
}

const pages = {};
for (const [name, c] of Object.entries(CASES)) if (c.page) pages['/probe/' + name] = { html: c.page };
const server = await serve(pages);
const base = server.base;
let current = bundles[0]; // what /dist/mirofish.js serves this round
const browser = await launch();
async function measure(name) {
  const c = CASES[name];
  const ctx = await browser.newContext({ viewport: { width: c.vp[0], height: c.vp[1] }, deviceScaleFactor: c.dpr });
  const page = await ctx.newPage();
  const url = c.page ? `${base}/probe/${name}` : `${base}/${c.hash}`;
  await page.goto(url);
  await page.waitForFunction(
    () => window.MiroFish && window.MiroFish.current && window.MiroFish.current.stats().frames > 3,
    null,
    { timeout: 60000, polling: 100 },
  );
  await page.mouse.move(c.vp[0] / 2, c.vp[1] / 2); // pointer in: full rate
  await page.waitForTimeout(1500);
  const c0 = treeCpuSeconds();
  const f0 = await page.evaluate(() => [MiroFish.current.stats().frames, performance.now()]);
  await page.waitForTimeout(seconds * 1000);
  const f1 = await page.evaluate(() => [MiroFish.current.stats().frames, performance.now()]);
  const c1 = treeCpuSeconds();
  const st = await page.evaluate(() => {
    const s = MiroFish.current.stats();
    return [s.simMs, s.renderMs];
  });
  if (process.env.PROBE_VERBOSE)
    console.log(name, path.basename(current), 'simMs', st[0].toFixed(2), 'renderMs', st[1].toFixed(2));
  await ctx.close();
  const frames = f1[0] - f0[0];
  return { fps: frames / ((f1[1] - f0[1]) / 1000), cpuMs: frames > 0 ? ((c1 - c0) * 1000) / frames : NaN };
}

const results = {};
for (let r = 0; r < rounds; r++) {
  for (const name of caseNames) {
    for (const b of bundles) {
      current = b;
      server.routes['/dist/mirofish.js'] = current;
      const r = await measure(name);
      ((results[name] ||= {})[b] ||= []).push(r);
    }
  }
}
console.log(
  'case      bundle                   fps (median [each round])      browser CPU ms per frame (median [each])',
);
for (const name of caseNames) {
  for (const b of bundles) {
    const r = results[name][b];
    const fps = r.map((x) => x.fps),
      cpu = r.map((x) => x.cpuMs);
    console.log(
      `${name.padEnd(9)} ${path.relative(process.cwd(), b).padEnd(22)} ${median(fps).toFixed(1).padStart(5)} [${fps.map((x) => x.toFixed(1)).join(', ')}]`.padEnd(
        64,
      ) + `${median(cpu).toFixed(0).padStart(5)} [${cpu.map((x) => x.toFixed(0)).join(', ')}]`,
    );
  }
}
await browser.close();
await server.close();
