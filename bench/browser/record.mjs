// record()'s speed and file sizes (docs/recording.md "Measured"): 5 s at 60 fps (300 frames) of 200 fish in a
// 1600 x 900 world, at 720p and 1080p, WebM, MP4 and WebM with alpha, in Debian's Chromium (SwiftShader).
//   node bench/browser/record.mjs
import { createRequire } from 'node:module';

const h = createRequire(import.meta.url)('../../tests/browser/helpers.js');
const CASES = [
  [1280, 720, 'webm', false],
  [1920, 1080, 'webm', false],
  [1920, 1080, 'mp4', false],
  [1920, 1080, 'webm', true],
];

const srv = await h.startServer();
const browser = await h.launch();
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(srv.base + '/fixtures/record.html#n=200&seed=7&w=1600&h=900');
  await page.evaluate(async () => {
    window.school = await window.MiroFish.mount('#box', { paused: true });
  });
  for (const [width, height, format, alpha] of CASES) {
    const r = await page.evaluate(
      async (o) => {
        const t0 = performance.now();
        const blob = await window.MiroFishRecord.record(window.school, Object.assign({ seconds: 5, fps: 60 }, o));
        return { ms: performance.now() - t0, size: blob.size };
      },
      { width, height, format, alpha },
    );
    console.log(
      `${width}x${height} ${format}${alpha ? ' alpha' : ''}: 300 frames in ${(r.ms / 1000).toFixed(1)} s = ` +
        `${(300000 / r.ms).toFixed(1)} fps, ${(r.size / 1e6).toFixed(2)} MB (${((r.size * 8) / 5 / 1e6).toFixed(1)} Mbit/s)`,
    );
  }
} finally {
  await browser.close();
  await srv.close();
}
