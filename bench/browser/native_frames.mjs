// The native renderer beside the browser's, in one run (docs/performance.md, "Frames without a browser"):
//  - the look: PSNR of `mirofish poster` against headless Chromium's frame of the same hash, step, size, background
//    and page text colour (the page's school on the main thread, paused, its clock held at the step's time, as the
//    poster's clock is);
//  - the speed: frames a second of `mirofish render` at 720p and 1080p with --jobs 1 and 2, against school.record()
//    in the same Chromium (the recorder in its Worker), each a WebM (VP9) of 2 s at 30 fps of 200 fish in a
//    1600 x 900 world.
//   node bench/browser/native_frames.mjs      (build the native and web presets first)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const h = createRequire(import.meta.url)('../../tests/browser/helpers.js');
const CLI = path.join(h.ROOT, 'build', 'native', 'mirofish');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-native-frames-'));
const BG = '#eef4f6';
const LOOKS = [
  'n=200&seed=7&w=800&h=450',
  'n=200&seed=7&w=800&h=450&pal=3&op=0.9',
  'n=120&seed=4&w=800&h=450&water=1&pred=1',
];
const STEP = 240;

function psnr(a, b) {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = a.data[i + c] - b.data[i + c];
      sum += d * d;
      n++;
    }
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / n));
}
// The share of pixels whose largest channel difference is over 8 levels.
function differing(a, b) {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(...[0, 1, 2].map((c) => Math.abs(a.data[i + c] - b.data[i + c])));
    n += d > 8;
  }
  return n / (a.data.length / 4);
}

const srv = await h.startServer();
const browser = await h.launch();
try {
  // --- the look ---
  const context = await browser.newContext({ viewport: { width: 800, height: 450 } });
  await context.addInitScript(() => {
    const real = performance.now.bind(performance);
    window.__clock = null; // s, or null: the real clock
    performance.now = () => (window.__clock === null ? real() : window.__clock * 1000);
  });
  for (const hash of LOOKS) {
    const page = await context.newPage();
    await page.goto(srv.base + '/fixtures/manual.html#' + hash);
    await page.evaluate((bg) => {
      document.body.replaceChildren(); // the school alone over the page's background
      document.body.style.background = bg;
      document.body.style.color = '#000000';
    }, BG);
    await page.evaluate(
      async ([step, t]) => {
        const s = (window.__s = await window.MiroFish.mount(undefined, {
          paused: true,
          quality: 'high',
          thread: 'main',
        }));
        await s.step(step - s.stats().steps);
        window.__clock = t;
        await s.step(0); // one still frame, drawn at the held clock
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      },
      [STEP, STEP / 60],
    );
    const browserFrame = h.decodePng(await page.screenshot());
    const state = await page.evaluate(() => window.__s.stateHash());
    const file = path.join(TMP, 'poster.png');
    const out = execFileSync(
      CLI,
      [
        'poster',
        '--hash',
        hash,
        '--at',
        String(STEP / 60),
        '--size',
        '800x450',
        '--background',
        BG,
        '--text',
        '#000000',
        '--out',
        file,
      ],
      { encoding: 'utf8' },
    );
    const native = h.decodePng(fs.readFileSync(file));
    const same = out.includes('state-hash ' + state);
    console.log(
      `look ${hash} step ${STEP}: PSNR ${psnr(native, browserFrame).toFixed(1)} dB, ` +
        `${(100 * differing(native, browserFrame)).toFixed(2)} % of pixels over 8 levels apart; ` +
        `the same school: ${same ? 'yes' : 'NO'} (${state})`,
    );
    await page.close();
  }
  await context.close();

  // --- the speed ---
  const FRAMES = 60;
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(srv.base + '/fixtures/record.html#n=200&seed=7&w=1600&h=900');
  await page.evaluate(async () => {
    window.school = await window.MiroFish.mount('#box', { paused: true });
  });
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    const ms = await page.evaluate(
      async (o) => {
        const t0 = performance.now();
        await window.MiroFishRecord.record(window.school, Object.assign({ seconds: 2, fps: 30 }, o));
        return performance.now() - t0;
      },
      { width, height },
    );
    const rates = [`record() ${((FRAMES * 1000) / ms).toFixed(1)} fps`];
    for (const jobs of [1, 2]) {
      const t0 = performance.now();
      execFileSync(CLI, [
        'render',
        '--hash',
        'n=200&seed=7&w=1600&h=900',
        '--seconds',
        '2',
        '--fps',
        '30',
        '--size',
        `${width}x${height}`,
        '--jobs',
        String(jobs),
        '--out',
        path.join(TMP, 'clip.webm'),
      ]);
      rates.push(`render --jobs ${jobs} ${((FRAMES * 1000) / (performance.now() - t0)).toFixed(1)} fps`);
    }
    console.log(`speed ${width}x${height}, WebM VP9, ${FRAMES} frames: ${rates.join(', ')}`);
  }
} finally {
  await browser.close();
  await srv.close();
  fs.rmSync(TMP, { recursive: true, force: true });
}
