#!/usr/bin/env node
// Render cost against a peer: three.js Vanta BIRDS with 1 024 birds (quantity 5, its default) and
// MiroFish with 1 000 fish at quality=auto, each as a full-window background behind the same page text, in one
// headless Chromium (SwiftShader: the GPU is the CPU, so fill cost shows as it does on phones and integrated GPUs),
// 1600x900 at DPR 1. The pages alternate for --rounds rounds; each round warms up (auto quality settles) and then
// counts the frames drawn in a window, the pointer resting (the school's idleFps set to its maxFps: what is measured
// is the frame budget at the full rate, not the resting visitor's saving, S-COST-8). Prints the medians and ours /
// Vanta, and the frame budget's worst moment: the longest time the school spent under 80 % of its level's rate at a level it could still leave, from its first frame (sampled every
// 250 ms, a second's frames at a time).
// With --before DIR (another build's mirofish.js, mirofish-host.js, mirofish-engine.js and mirofish.wasm) that
// build's school joins the same rounds: before and after in one run.
//
// Vanta is not a dependency of MiroFish: bench/peers/package.json pins it (with the three.js r134 it vendors) for
// the benches only; `npm ci` there installs it (scripts/bench-browser does).
//
// usage: node bench/browser/vanta_vs.mjs [--quick] [--rounds N] [--before DIR] [--json FILE]
// env:   MIROFISH_BUNDLE (default build/web/dist/mirofish.js), CHROMIUM (default /usr/bin/chromium)

import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE, ROOT, launch, median, pageErrors, serve, writeJson } from './lib.mjs';

const VANTA = path.join(ROOT, 'bench', 'peers', 'node_modules', 'vanta');
const VIEWPORT = { width: 1600, height: 900 };
const FISH = 1000;

const opts = { quick: false, rounds: 8, json: null, before: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--quick') opts.quick = true;
  else if (a === '--rounds' && /^[1-9]\d*$/.test(process.argv[i + 1] || '')) opts.rounds = Number(process.argv[++i]);
  else if (a === '--json' && process.argv[i + 1]) opts.json = process.argv[++i];
  else if (a === '--before' && fs.existsSync(path.join(process.argv[i + 1] || '', 'mirofish.js'))) {
    opts.before = path.resolve(process.argv[++i]);
  } else {
    process.stderr.write(
      `vanta_vs: unknown argument ${a}\nusage: vanta_vs.mjs [--quick] [--rounds N] [--before DIR] [--json FILE]\n`,
    );
    process.exit(2);
  }
}
// The peers' protocol (S-COST-9): 3 s to settle, 8 s counted (auto quality leaves a level it cannot hold within ~1.5 s).
const T = opts.quick ? { warm: 2, window: 3 } : { warm: 3, window: 8 };

if (!fs.existsSync(path.join(VANTA, 'dist', 'vanta.birds.min.js'))) {
  process.stderr.write('vanta_vs: Vanta is not installed: (cd bench/peers && npm ci)\n');
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
  '/vanta.html': page(
    '',
    `<script src="/three.min.js"></script><script src="/vanta.birds.min.js"></script>
<script>
  // Its defaults (quantity 5: 32x32 = 1 024 birds on the GPU); frames counted by our own rAF on the same thread.
  window.effect = VANTA.BIRDS({ el: '#bg', mouseControls: false, touchControls: false, gyroControls: false });
  window.frames = 0;
  (function tick() { window.frames++; requestAnimationFrame(tick); })();
  window.count = () => window.frames;
</script>`,
  ),
  '/ours.html': oursPage('/dist'),
};
if (opts.before) PAGES['/before.html'] = oursPage('/before');
function oursPage(dir) {
  return page(
    '',
    `<script src="${dir}/mirofish.js" data-auto="false"></script>
<script>
  MiroFish.mount(undefined, { fish: ${FISH}, quality: 'auto', idleFps: 60 }).then((s) => { window.school = s; });
  // The school draws in its own Worker: its frame counter, not this page's rAF, is what it drew.
  window.count = () => (window.school ? window.school.stats().frames : 0);
  // Every 250 ms: [time, frames, level, the level's rate, the lowest level] (the frame budget's worst moment).
  window.trace = [];
  setInterval(() => {
    if (!window.school) return;
    const st = window.school.stats();
    window.trace.push([performance.now(), st.frames, st.quality.level, st.quality.fps, st.quality.levels - 1]);
  }, 250);
</script>`,
  );
}
const FILES = {
  '/three.min.js': path.join(VANTA, 'vendor', 'three.r134.min.js'),
  '/vanta.birds.min.js': path.join(VANTA, 'dist', 'vanta.birds.min.js'),
  '/dist/mirofish.js': BUNDLE,
};
if (opts.before) {
  for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm']) {
    FILES[`/before/${f}`] = path.join(opts.before, f);
  }
}

// The longest time (s) the school's delivered rate, over the last second, stayed under 80 % of its level's rate while
// that level was one it could leave (not the lowest), from its trace.
function worstBelow(trace) {
  let worst = 0,
    run = 0;
  for (let i = 4; i < trace.length; i++) {
    const [t, f, level, fps, lowest] = trace[i],
      [t0, f0, level0] = trace[i - 4];
    const below = level === level0 && level < lowest && ((f - f0) * 1000) / (t - t0) < 0.8 * fps;
    run = below ? run + (t - trace[i - 1][0]) / 1000 : 0;
    worst = Math.max(worst, run);
  }
  return worst;
}

const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

// One round of one page: load, warm up, count frames over the window. Page errors fail the bench.
async function fpsOf(browser, base, which) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  const errors = pageErrors(tab);
  try {
    await tab.goto(`${base}/${which}.html`);
    await tab.waitForFunction(() => window.count && window.count() > 2, null, { timeout: 60000 });
    await sleep(T.warm);
    const a = await tab.evaluate(() => [performance.now(), window.count()]);
    await sleep(T.window);
    const b = await tab.evaluate(() => [performance.now(), window.count()]);
    const extra =
      which !== 'vanta'
        ? await tab.evaluate(() => {
            const s = window.school.stats();
            return { fish: s.fish, thread: s.thread, quality: s.quality, trace: window.trace };
          })
        : null;
    if (extra) {
      extra.worstBelow80 = +worstBelow(extra.trace).toFixed(2);
      delete extra.trace;
    }
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
const pages = opts.before ? ['ours', 'vanta', 'before'] : ['ours', 'vanta'];
const rounds = Object.fromEntries(pages.map((p) => [p, []]));
try {
  for (let r = 0; r < opts.rounds; r++) {
    for (const which of r % 2 ? pages.slice().reverse() : pages) {
      const got = await fpsOf(browser, base, which);
      rounds[which].push(got);
      const q = got.extra && got.extra.quality;
      process.stderr.write(
        `vanta_vs: round ${r + 1} ${which} ${got.fps.toFixed(1)} fps` +
          (q ? ` (level ${q.level}: ${q.reason}; worst ${got.extra.worstBelow80} s under 80 %)` : '') +
          '\n',
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const fps = (which) => rounds[which].map((x) => +x.fps.toFixed(1));
const level = (which) => rounds[which].map((x) => x.extra.quality.level);
const worst = (which) => rounds[which].map((x) => x.extra.worstBelow80);
const ours = median(fps('ours'));
const vanta = median(fps('vanta'));
// Round by round against the Vanta round beside it (the same machine, the same minute).
const perRound = rounds.ours.map((x, r) => +(x.fps / rounds.vanta[r].fps).toFixed(2));
const last = rounds.ours[rounds.ours.length - 1].extra;
const out = {
  viewport: VIEWPORT,
  dpr: 1,
  fish: FISH,
  birds: 1024,
  rounds: opts.rounds,
  window_s: T.window,
  warm_s: T.warm,
  ours: {
    medianFps: +ours.toFixed(1),
    fps: fps('ours'),
    levels: level('ours'),
    worstBelow80: worst('ours'),
    thread: last.thread,
    fish: last.fish,
  },
  vanta: { medianFps: +vanta.toFixed(1), fps: fps('vanta') },
  ratio: +(ours / vanta).toFixed(3),
  perRound,
  roundsAtLeastVanta: perRound.filter((x) => x >= 1).length,
};
if (opts.before) {
  out.before = {
    medianFps: +median(fps('before')).toFixed(1),
    fps: fps('before'),
    levels: level('before'),
    worstBelow80: worst('before'),
  };
}
console.log(
  `Render against a peer (SwiftShader, ${VIEWPORT.width}x${VIEWPORT.height}, DPR 1, ${opts.rounds} ` +
    `alternating rounds of ${T.window} s after ${T.warm} s, idleFps 60):`,
);
console.log(
  `  MiroFish ${FISH} fish, quality=auto (${last.thread}): median ${ours.toFixed(1)} fps  [${out.ours.fps.join(', ')}]`,
);
console.log(
  `    levels at the end of each round [${out.ours.levels.join(', ')}]; longest under 80 % of a leavable level, s ` +
    `[${out.ours.worstBelow80.join(', ')}] (target <= 3)`,
);
console.log(
  `  Vanta BIRDS 1 024 birds (three.js r134):  median ${vanta.toFixed(1)} fps  [${out.vanta.fps.join(', ')}]`,
);
if (opts.before) {
  console.log(`  MiroFish before (${opts.before}): median ${out.before.medianFps} fps  [${out.before.fps.join(', ')}]`);
  console.log(
    `    levels [${out.before.levels.join(', ')}]; longest under 80 %, s [${out.before.worstBelow80.join(', ')}]`,
  );
}
console.log(
  `  ours / Vanta: ${out.ratio}; round by round [${perRound.join(', ')}], ${out.roundsAtLeastVanta} of ` +
    `${opts.rounds} at least Vanta's (target: all)`,
);
writeJson(opts.json, out);
