#!/usr/bin/env node
// The teaching view's cost (S-DEV-3; its target: with it on, 400 fish, the frame's render time within 1.5x of off),
// on demand: a paused 400-fish school at 1600x900 DPR 1 (quality high) in headless Chromium (SwiftShader), every
// overlay on (grid, colour by heading, a selected fish) against every overlay off, in alternating rounds so noise from
// a shared machine hits both alike. Prints medians of the rounds:
//   submit    main-thread ms per still frame (school.step(0): the koi's draws, then the studio's hook)
//   overlay   of that, the overlay's own ms (building the triangles, one upload, one draw)
//   frame     ms per frame waited out to the end (readPixels after each: SwiftShader's raster included)
// usage: node bench/browser/studio_overlay.mjs [--rounds 5] (after `cmake --build --preset web`)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const h = require('../../tests/browser/helpers.js');
const argv = process.argv.slice(2);
const rounds = argv[0] === '--rounds' ? Number(argv[1]) : 5;

const srv = await h.startServer();
const browser = await h.launch();
const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
await page.goto(srv.base + '/fixtures/manual.html');
await page.addScriptTag({ url: '/dist/mirofish-studio.js' });
const r = await page.evaluate(async (n) => {
  // The main thread: the school's context and the studio's (its own canvas, laid over the school's) are both on this
  // page, so this bench can wait out both with a pixel read.
  const s = await window.MiroFish.mount(null, {
    fish: 400,
    seed: 3,
    width: 1600,
    height: 900,
    quality: 'high',
    paused: true,
    thread: 'main',
  });
  await s.step(600);
  const st = await window.MiroFishStudio.attach(s);
  st.collapse(true);
  const boxes = st.element.shadowRoot.querySelectorAll('.checks')[1].querySelectorAll('input');
  const overlays = (on) => {
    for (const b of [boxes[1], boxes[2]]) if (b.checked !== on) b.click();
    st.select(on ? 5 : -1);
  };
  const gls = [s.canvas.getContext('webgl2'), s.canvas.nextElementSibling.getContext('webgl2')];
  const pixel = new Uint8Array(4);
  const finish = () => {
    for (const gl of gls) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  };
  const submit = async (frames) => {
    const t0 = performance.now();
    let own = 0;
    for (let i = 0; i < frames; i++) {
      await s.step(0);
      own += st.overlayMs;
    }
    return [(performance.now() - t0) / frames, own / frames];
  };
  const frame = async (frames) => {
    finish();
    const t0 = performance.now();
    for (let i = 0; i < frames; i++) {
      await s.step(0);
      finish();
    }
    return (performance.now() - t0) / frames;
  };
  const out = { off: { submit: [], overlay: [], frame: [] }, on: { submit: [], overlay: [], frame: [] } };
  await submit(50);
  for (let k = 0; k < n; k++) {
    for (const on of [false, true]) {
      overlays(on);
      const [ms, own] = await submit(200);
      const o = out[on ? 'on' : 'off'];
      o.submit.push(ms);
      o.overlay.push(own);
      o.frame.push(await frame(30));
    }
  }
  const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
  for (const o of Object.values(out)) for (const key of Object.keys(o)) o[key] = med(o[key]);
  return out;
}, rounds);
const f = (v) => v.toFixed(3).padStart(8);
console.log(
  'overlays   submit ms  overlay ms   frame ms   (400 fish, 1600x900, DPR 1, medians of ' + rounds + ' rounds)',
);
for (const [name, o] of Object.entries(r))
  console.log(name.padEnd(8) + f(o.submit) + '   ' + f(o.overlay) + '   ' + f(o.frame));
console.log(
  'on / off: submit ' +
    (r.on.submit / r.off.submit).toFixed(2) +
    'x, frame ' +
    (r.on.frame / r.off.frame).toFixed(2) +
    'x',
);
await browser.close();
await srv.close();
