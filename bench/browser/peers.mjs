#!/usr/bin/env node
// What a background costs the visitor's device, against the peers (S-COST-9): the same text page plain, with
// MiroFish's script tag (the default school; a visitor who moves the pointer, and one who reads: the pointer resting),
// with three.js Vanta BIRDS (1 024 birds, its defaults) and with tsParticles slim (the "links" background of its
// README: 80 particles by density, links, full screen behind the page), beside the floor every canvas background pays
// (an empty WebGL canvas, cleared each frame: full-window at 60 fps, and at 30 fps full-window, at half resolution and
// 200 px square), in one headless Chromium (SwiftShader: the GPU is the CPU, so the whole browser's CPU is the
// device's cost), 1600x900 at DPR 1. The pages alternate for --rounds rounds; each round loads the page, waits
// --settle seconds (the school's engine comes after `load`, auto quality settles, a reader comes to rest), then counts
// --window seconds. Per page, medians over the rounds:
//   fps        frames the background drew a second (MiroFish: the school's own count; the peers: the page's rAF)
//   cpu        the whole browser's CPU, cores (every Chromium process from /proc: renderers, GPU, Worker threads)
//   cpu/frame  cpu per drawn frame, ms: what one frame of each costs, whatever rate it holds
//   main       the page's main thread, ms busy a second (DevTools Performance TaskDuration)
//   bytes      gzip -9 bytes of every file sent before the page's load event ended, and after it
// With --before DIR (a folder holding another build's mirofish.js, mirofish-host.js, mirofish-engine.js and
// mirofish.wasm) that build's school joins the same rounds, as "before" rows: a change measured in one run.
//
// The peers are not dependencies of MiroFish: bench/peers/package.json pins them for the benches only
// (`(cd bench/peers && npm ci)`; scripts/bench-browser does it).
//
// Every page is the software-GL visitor this machine is (lib.mjs: the engine hears what a visitor's Chrome on
// SwiftShader says of its context), under the machine's own CPU pressure (PressureObserver), as a visitor's school
// would be; each MiroFish row keeps its last level and reason.
//
// usage: node bench/browser/peers.mjs [--rounds N] [--settle S] [--window S] [--before DIR] [--json FILE]
// env:   MIROFISH_BUNDLE (default build/web/dist/mirofish.js), CHROMIUM (default /usr/bin/chromium)

import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE, ROOT, launch, median, pageErrors, serve, writeJson } from './lib.mjs';
import { treeCpuSeconds } from './tree_cpu.mjs';

const PEERS = path.join(ROOT, 'bench', 'peers', 'node_modules');
const VANTA = path.join(PEERS, 'vanta');
const TSPARTICLES = path.join(PEERS, '@tsparticles', 'slim', 'tsparticles.slim.bundle.min.js');
const VIEWPORT = { width: 1600, height: 900 };

const opts = { rounds: 3, settle: 6, window: 10, before: null, json: null };
const usage = 'usage: peers.mjs [--rounds N] [--settle S] [--window S] [--before DIR] [--json FILE]';
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i],
    v = process.argv[i + 1];
  if (['--rounds', '--settle', '--window'].includes(a) && /^[1-9]\d*$/.test(v || ''))
    ((opts[a.slice(2)] = Number(v)), i++);
  else if (a === '--before' && v && fs.existsSync(path.join(v, 'mirofish.js'))) ((opts.before = path.resolve(v)), i++);
  else if (a === '--json' && v) ((opts.json = v), i++);
  else {
    process.stderr.write(`peers: unknown or bad argument ${a}\n${usage}\n`);
    process.exit(2);
  }
}
for (const [what, file, fix] of [
  ['Vanta', path.join(VANTA, 'dist', 'vanta.birds.min.js'), '(cd bench/peers && npm ci)'],
  ['tsParticles', TSPARTICLES, '(cd bench/peers && npm ci)'],
  ['the bundle', BUNDLE, 'cmake --build --preset web'],
]) {
  if (!fs.existsSync(file)) {
    process.stderr.write(`peers: ${what} is missing at ${file}: ${fix}\n`);
    process.exit(2);
  }
}

// The same page for every row: a heading and text over a full-window background.
const page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title>
<link rel="icon" href="data:,"><style>html,body{margin:0;height:100%;font:16px/1.5 sans-serif}
#bg{position:fixed;inset:0;z-index:-1}main{max-width:40em;padding:2em}</style></head><body><div id="bg"></div>
<main><h1>A page</h1><p>Text in front of the background: what a visitor came to read. It stays on top, readable and
clickable, whichever background is behind it.</p></main>${body}</body></html>`;
// A peer draws on the page's main thread: its frames are the page's animation frames.
const RAF_COUNT = `<script>window.frames_ = 0; (function tick() { window.frames_++; requestAnimationFrame(tick); })();
window.count = () => window.frames_;</script>`;
const ours = (dir, attrs = '') =>
  page(`<script src="${dir}/mirofish.js"${attrs}></script>
<script>window.count = () => (window.MiroFish && MiroFish.current ? MiroFish.current.stats().frames : 0);</script>`);
const PAGES = {
  plain: page('<script>window.count = () => 0;</script>'),
  mirofish: ours('/dist'),
  // The same tag, its owner keeping the full rate at rest (data-idle-fps="60"), as tsParticles does.
  'mirofish-full': ours('/dist', ' data-idle-fps="60"'),
  vanta: page(`<script src="/three.min.js"></script><script src="/vanta.birds.min.js"></script>
<script>window.effect = VANTA.BIRDS({ el: '#bg', mouseControls: false, touchControls: false, gyroControls: false });</script>
${RAF_COUNT}`),
  // tsParticles' README options for its links background, full screen behind the page (zIndex -1).
  tsparticles: page(`<script src="/tsparticles.slim.bundle.min.js"></script>
<script>(async () => { await loadSlim(tsParticles); await tsParticles.load({ id: 'tsparticles', options: {
  fullScreen: { enable: true, zIndex: -1 }, background: { color: { value: '#0d47a1' } }, fpsLimit: 120,
  interactivity: { events: { onClick: { enable: true, mode: 'push' }, onHover: { enable: true, mode: 'repulse' } },
    modes: { push: { quantity: 4 }, repulse: { distance: 200, duration: 0.4 } } },
  particles: { color: { value: '#ffffff' }, links: { color: '#ffffff', distance: 150, enable: true, opacity: 0.5, width: 1 },
    move: { direction: 'none', enable: true, outModes: { default: 'bounce' }, random: false, speed: 6, straight: false },
    number: { density: { enable: true }, value: 80 }, opacity: { value: 0.5 }, shape: { type: 'circle' },
    size: { value: { min: 1, max: 5 } } }, detectRetina: true } }); })();</script>
${RAF_COUNT}`),
};
// The floor any canvas background pays: a full-window WebGL2 canvas like ours (transparent, in a Worker), cleared
// and nothing drawn, every animation frame or every `every`-th (30 fps: the rate the default school holds here), at
// 1:1 or at `scale` of the window (stretched by the compositor), or a small canvas of `box` CSS px: what the page's
// compositing costs a frame whatever the canvas's size. What a background's frame costs above it is its own drawing.
const floor = ({ scale = 1, every = 1, box = 0 }) => {
  const css = box ? box + 'px' : '100%',
    size = (side) => `${box || side} * ${scale}`;
  return page(`<canvas id="c" style="position:fixed;inset:0;width:${css};height:${css};z-index:-1"></canvas><script>
const c = document.getElementById('c'); c.width = ${size('innerWidth')}; c.height = ${size('innerHeight')};
const src = 'let gl, n = 0; function tick() { if (n++ % ${every} === 0) { gl.clearColor(0, 0, 0, 0);' +
  ' gl.clear(gl.COLOR_BUFFER_BIT); postMessage(0); } requestAnimationFrame(tick); } onmessage = (e) => {' +
  ' gl = e.data.getContext("webgl2", { alpha: true, premultipliedAlpha: true, antialias: false, depth: false,' +
  ' stencil: false }); requestAnimationFrame(tick); };';
const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
const o = c.transferControlToOffscreen(); w.postMessage(o, [o]);
window.frames_ = 0; w.onmessage = () => window.frames_++; window.count = () => window.frames_;</script>`);
};
PAGES.floor = floor({});
PAGES['floor-30'] = floor({ every: 2 });
PAGES['floor-half-30'] = floor({ scale: 0.5, every: 2 });
PAGES['floor-box-30'] = floor({ every: 2, box: 200 });
if (opts.before) PAGES.before = ours('/before');

// Rows: a page and what the visitor does. 'moves': the pointer crosses the page all the window long; 'reads': it came
// in once, then rests (no move, click, wheel or key). CPU per frame compares like with like: the same visitor (each
// move is a CDP round trip and an event on the page, for every page alike).
const ROWS = [
  { name: 'plain page', page: 'plain', pointer: 'reads' },
  { name: 'floor: a full-window WebGL canvas in a Worker, cleared each frame', page: 'floor', pointer: 'reads' },
  { name: 'floor at 30 fps', page: 'floor-30', pointer: 'reads' },
  { name: 'floor at 30 fps, at half resolution (the compositor scales it)', page: 'floor-half-30', pointer: 'reads' },
  { name: 'floor at 30 fps, a 200x200 canvas', page: 'floor-box-30', pointer: 'reads' },
  { name: 'MiroFish, default tag, pointer moving', page: 'mirofish', pointer: 'moves' },
  { name: 'MiroFish, default tag, a reader (pointer resting)', page: 'mirofish', pointer: 'reads' },
  { name: 'MiroFish, idleFps 60, a reader (full rate at rest)', page: 'mirofish-full', pointer: 'reads' },
  { name: 'tsParticles 4.4 slim, links background, pointer moving', page: 'tsparticles', pointer: 'moves' },
  { name: 'tsParticles 4.4 slim, links background', page: 'tsparticles', pointer: 'reads' },
  { name: 'Vanta BIRDS 1 024 (three.js r134)', page: 'vanta', pointer: 'reads' },
  { name: 'Vanta BIRDS 1 024 (three.js r134), pointer moving', page: 'vanta', pointer: 'moves' },
];
if (opts.before) {
  ROWS.push(
    { name: 'MiroFish before, pointer moving', page: 'before', pointer: 'moves' },
    { name: 'MiroFish before, a reader (pointer resting)', page: 'before', pointer: 'reads' },
  );
}

const routes = {
  '/three.min.js': path.join(VANTA, 'vendor', 'three.r134.min.js'),
  '/vanta.birds.min.js': path.join(VANTA, 'dist', 'vanta.birds.min.js'),
  '/tsparticles.slim.bundle.min.js': TSPARTICLES,
};
for (const [name, html] of Object.entries(PAGES)) routes[`/${name}.html`] = { html };
if (opts.before) {
  for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm']) {
    routes[`/before/${f}`] = path.join(opts.before, f);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One row, one round: load, settle, then the window's figures.
async function measure(browser, server, row) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  const errors = pageErrors(tab);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const from = server.served.length;
  try {
    await tab.goto(`${server.base}/${row.page}.html`, { waitUntil: 'load' });
    await tab.mouse.move(800, 450); // the visitor's pointer comes in
    await sleep(opts.settle * 1000);
    const loadEnd = await tab.evaluate(
      () => performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventEnd,
    );
    let moving = row.pointer === 'moves',
      k = 0;
    const mover = (async () => {
      while (moving) {
        k++;
        await tab.mouse.move(800 + 500 * Math.cos(k / 10), 450 + 300 * Math.sin(k / 10));
        await sleep(50);
      }
    })();
    const a = {
      cpu: treeCpuSeconds(),
      task: await taskSeconds(),
      at: await tab.evaluate(() => [performance.now(), window.count()]),
    };
    await sleep(opts.window * 1000);
    const b = {
      cpu: treeCpuSeconds(),
      task: await taskSeconds(),
      at: await tab.evaluate(() => [performance.now(), window.count()]),
    };
    moving = false;
    await mover;
    const extra = await tab.evaluate(() => {
      const s = window.MiroFish && MiroFish.current;
      if (!s) return null;
      const st = s.stats();
      return {
        fish: st.fish,
        state: st.state,
        thread: st.thread,
        level: st.quality.level,
        dpr: st.quality.dpr,
        detail: st.quality.detail,
        levelFps: st.quality.fps,
        reason: st.quality.reason,
        softwareGL: st.softwareGL,
      };
    });
    if (errors.length) throw new Error(`${row.name}: ${errors.join(' | ')}`);
    const s = (b.at[0] - a.at[0]) / 1000;
    const frames = b.at[1] - a.at[1];
    const cores = (b.cpu - a.cpu) / s;
    const sent = server.served.slice(from);
    const sum = (list) => list.reduce((n, f) => n + f.gz, 0);
    return {
      fps: frames / s,
      cores,
      msPerFrame: frames > 0 ? (cores * 1000) / (frames / s) : null,
      mainMsPerS: ((b.task - a.task) * 1000) / s,
      gzBeforeLoad: sum(sent.filter((f) => f.at <= loadEnd)),
      gzAfterLoad: sum(sent.filter((f) => f.at > loadEnd)),
      extra,
    };
  } finally {
    await context.close();
  }
}

const server = await serve(routes);
const browser = await launch();
const results = ROWS.map(() => []);
try {
  for (let r = 0; r < opts.rounds; r++) {
    const order = ROWS.map((_, i) => i);
    if (r % 2) order.reverse(); // alternate: a drift of the machine's speed falls on every row alike
    for (const i of order) {
      const got = await measure(browser, server, ROWS[i]);
      results[i].push(got);
      process.stderr.write(
        `peers: round ${r + 1} ${ROWS[i].name}: ${got.fps.toFixed(1)} fps, ${got.cores.toFixed(2)} cores` +
          (got.extra
            ? ` (${got.extra.state}, level ${got.extra.level}, dpr ${got.extra.dpr}: ${got.extra.reason})`
            : '') +
          '\n',
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const med = (list, key) => {
  const v = list.map((x) => x[key]).filter((x) => x !== null);
  return v.length ? median(v) : null;
};
const out = { viewport: VIEWPORT, dpr: 1, rounds: opts.rounds, settle_s: opts.settle, window_s: opts.window, rows: [] };
for (let i = 0; i < ROWS.length; i++) {
  const l = results[i];
  out.rows.push({
    name: ROWS[i].name,
    page: ROWS[i].page,
    pointer: ROWS[i].pointer,
    fps: med(l, 'fps'),
    cores: med(l, 'cores'),
    msPerFrame: ROWS[i].page === 'plain' ? null : med(l, 'msPerFrame'),
    mainMsPerS: med(l, 'mainMsPerS'),
    gzBeforeLoad: med(l, 'gzBeforeLoad'),
    gzAfterLoad: med(l, 'gzAfterLoad'),
    school: l[l.length - 1].extra,
    perRound: l.map((x) => ({ fps: +x.fps.toFixed(1), cores: +x.cores.toFixed(2) })),
  });
}
const f = (x, d = 1) => (x === null || x === undefined ? '-' : x.toFixed(d));
console.log(
  `What a background costs the device (headless Chromium, SwiftShader, ${VIEWPORT.width}x${VIEWPORT.height}, DPR 1; ` +
    `medians of ${opts.rounds} alternating rounds of ${opts.window} s after ${opts.settle} s):`,
);
console.log('| page | fps | CPU, cores | CPU per frame, ms | main thread, ms/s | gz before load | gz after load |');
console.log('|---|---|---|---|---|---|---|');
for (const r of out.rows) {
  console.log(
    `| ${r.name} | ${f(r.fps)} | ${f(r.cores, 2)} | ${f(r.msPerFrame)} | ${f(r.mainMsPerS)} | ` +
      `${r.gzBeforeLoad} | ${r.gzAfterLoad} |`,
  );
}
const row = (name) => out.rows.find((r) => r.name.startsWith(name));
const moving = row('MiroFish, default tag, pointer moving'),
  reading = row('MiroFish, default tag, a reader');
const full = row('MiroFish, idleFps 60, a reader');
const tsMoving = row('tsParticles 4.4 slim, links background, pointer moving'),
  tsReading = out.rows.find((r) => r.name === 'tsParticles 4.4 slim, links background');
out.ratios = {
  readerVsMoving: reading.cores / moving.cores,
  oursVsTsParticlesPerFrameMoving: moving.msPerFrame / tsMoving.msPerFrame,
  oursVsTsParticlesPerFrameReading: full.msPerFrame / tsReading.msPerFrame,
};
console.log(`a reader / a visitor who moves the pointer, CPU: ${out.ratios.readerVsMoving.toFixed(2)} (target <= 0.6)`);
console.log(
  `MiroFish / tsParticles, CPU per drawn frame, the pointer moving: ` +
    `${out.ratios.oursVsTsParticlesPerFrameMoving.toFixed(2)} (target <= 1)`,
);
console.log(
  `MiroFish / tsParticles, CPU per drawn frame, the pointer resting (MiroFish at idleFps 60): ` +
    `${out.ratios.oursVsTsParticlesPerFrameReading.toFixed(2)} (target <= 1)`,
);
// What a visitor pays a second over a visit, the CPU of the whole browser (cores): resting (a reader) and moving the
// pointer, for each background, and MiroFish's against each peer's.
const vantaReading = out.rows.find((r) => r.name === 'Vanta BIRDS 1 024 (three.js r134)'),
  vantaMoving = row('Vanta BIRDS 1 024 (three.js r134), pointer moving');
out.visit = {
  mirofish: { resting: reading.cores, moving: moving.cores },
  tsparticles: { resting: tsReading.cores, moving: tsMoving.cores },
  vanta: { resting: vantaReading.cores, moving: vantaMoving.cores },
};
for (const peer of ['tsparticles', 'vanta']) {
  out.ratios[peer + 'Resting'] = reading.cores / out.visit[peer].resting;
  out.ratios[peer + 'Moving'] = moving.cores / out.visit[peer].moving;
}
console.log(
  `a visit, CPU a second (cores), resting / moving: MiroFish ${f(reading.cores, 2)} / ${f(moving.cores, 2)}, ` +
    `tsParticles ${f(tsReading.cores, 2)} / ${f(tsMoving.cores, 2)} (MiroFish ${f(out.ratios.tsparticlesResting, 2)}x / ` +
    `${f(out.ratios.tsparticlesMoving, 2)}x), Vanta ${f(vantaReading.cores, 2)} / ${f(vantaMoving.cores, 2)} ` +
    `(MiroFish ${f(out.ratios.vantaResting, 2)}x / ${f(out.ratios.vantaMoving, 2)}x)`,
);
// The floor at the rate the default school holds, against the target (a visit ≤ 0.5× Vanta's, moving): what 30 frames
// of nothing cost here, and what the school's own work adds above the floor of its resolution.
const floor30 = row('floor at 30 fps'),
  floorHalf30 = row('floor at 30 fps, at half resolution');
out.ratios.floor30VsVantaMoving = floor30.cores / vantaMoving.cores;
console.log(
  `an empty full-window canvas at 30 fps / Vanta moving, CPU: ${f(out.ratios.floor30VsVantaMoving, 2)} ` +
    `(at half resolution ${f(floorHalf30.cores / vantaMoving.cores, 2)}); MiroFish moving above the half-resolution ` +
    `floor: ${f(moving.msPerFrame - floorHalf30.msPerFrame)} ms a frame`,
);
if (opts.before) {
  const was = row('MiroFish before, a reader'),
    wasMoving = row('MiroFish before, pointer moving');
  out.ratios.readerVsBefore = reading.cores / was.cores;
  out.ratios.perFrameMovingVsBefore = moving.msPerFrame / wasMoving.msPerFrame;
  console.log(`a reader now / a reader before, CPU: ${out.ratios.readerVsBefore.toFixed(2)}`);
  console.log(`CPU per drawn frame now / before, the pointer moving: ${out.ratios.perFrameMovingVsBefore.toFixed(2)}`);
}
writeJson(opts.json, out);
