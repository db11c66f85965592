#!/usr/bin/env node
// Ripple cost probe (on demand): what one and eight live ripples (S-ECO-5; eight is the most the water shader sums) add
// to a water=1 frame in headless Chromium (SwiftShader: every pixel costs CPU), against the same frames with ripple=0.
// The school is paused and the page's clock held, so each frame is drawn once at a chosen moment (step(0)) and waited
// for (a one-pixel readPixels); rounds alternate ripple=1 and ripple=0 so machine noise hits both alike.
//
// usage: node bench/browser/ripple_cost.mjs [--fish 150] [--rounds 3] [--frames 120]
//   MIROFISH_BUNDLE=... runs another bundle (one without ripples: what the ripple=0 frame would cost without them).
import { createRequire } from 'node:module';
import { treeCpuSeconds } from './tree_cpu.mjs';

const require = createRequire(import.meta.url);
const h = require('../../tests/browser/helpers.js');

const argv = process.argv.slice(2);
const opt = { fish: 150, rounds: 3, frames: 120 };
for (let i = 0; i < argv.length; i += 2) opt[argv[i].replace(/^--/, '')] = Number(argv[i + 1]);

const srv = await h.startServer();
const browser = await h.launch();
const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
await context.addInitScript(() => {
  const real = performance.now.bind(performance);
  window.__clock = null; // s, or null: the real clock
  performance.now = () => (window.__clock === null ? real() : window.__clock * 1000);
});
const page = await context.newPage();
await page.goto(srv.base + '/fixtures/manual.html');
await page.evaluate(async (fish) => {
  window.__s = await window.MiroFish.mount(undefined, {
    paused: true,
    fish,
    seed: 7,
    water: 1,
    click: 'scare',
    width: 1600,
    height: 900,
    thread: 'main',
  }); // reads its pixels
}, opt.fish);

// One pass: `count` ripples spread over the page (a 4 x 2 grid; none with ripple=0), then `frames` frames 1/60 s apart
// (2 s: they all live through it); ms per frame, wall clock (Date: the held clock does not move on its own).
const passIn = (count, frames) =>
  page.evaluate(
    async ({ count, frames }) => {
      const s = window.__s;
      const gl = s.canvas.getContext('webgl2');
      const px = new Uint8Array(4);
      await s.set('ripple', count ? 1 : 0);
      window.__clock = (window.__clock || 100) + 10;
      for (let k = 0; k < count; k++) s.scare(200 + 400 * (k % 4), 250 + 400 * Math.floor(k / 4));
      const t0 = Date.now();
      for (let f = 0; f < frames; f++) {
        window.__clock += 1 / 60;
        await s.step(0);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      }
      return (Date.now() - t0) / frames;
    },
    { count, frames },
  );

// Wall ms and browser CPU ms per frame.
async function pass(count, frames) {
  const c0 = treeCpuSeconds();
  const wall = await passIn(count, frames);
  return { wall, cpu: ((treeCpuSeconds() - c0) * 1000) / frames };
}

await pass(8, 20); // warm-up: shaders compiled, caches filled
const COUNTS = [0, 1, 8];
const ms = Object.fromEntries(COUNTS.map((c) => [c, []]));
for (let r = 0; r < opt.rounds; r++) {
  for (const c of COUNTS) ms[c].push(await pass(c, opt.frames));
}
const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(
  `water=1, ${opt.fish} fish, 1600x900 DPR 1, SwiftShader, per frame (drawn and finished), median of ` +
    `${opt.rounds} rounds: wall ms, and the CPU ms of all the browser's processes (each round's)`,
);
for (const key of ['wall', 'cpu']) {
  const base = median(ms[0].map((m) => m[key]));
  for (const c of COUNTS) {
    const v = ms[c].map((m) => m[key]);
    console.log(
      `  ${key.padEnd(4)} ${c ? c + ' ripple' + (c > 1 ? 's' : ' ') : 'rip=0    '}  ${median(v).toFixed(2)}  x${(
        median(v) / base
      ).toFixed(3)}  (${v.map((x) => x.toFixed(1)).join(', ')})`,
    );
  }
}
await browser.close();
await srv.close();
