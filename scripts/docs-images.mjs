#!/usr/bin/env node
// The pictures in docs/images/ from the current build: the README's pair (the demo page in the visitor's light and dark
// scheme), a strip of the QR finale (the school landing as a code) and one close-up per palette. Headless Chromium,
// fixed seeds, every school paused and stepped to its frame with school.step() (not timed), so they show what the code
// draws today. docs/images/manifest.json keeps the hash of the renderer's sources they were drawn from;
// scripts/test runs --check, which fails once those sources changed and the pictures were not made again.
//   node scripts/docs-images.mjs          build the bundle first (cmake --build --preset web), then write them
//   node scripts/docs-images.mjs --check  exit 1 if the renderer's sources are not those the pictures were drawn from
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs', 'images');
const MANIFEST = path.join(OUT, 'manifest.json');
// What a picture shows comes from these: the C++ renderer and its shaders (the palettes and the water are in there).
const SOURCES = ['src/render', 'shaders'];

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : [p];
  });
}

// sha256 over each source's path (from the root, '/'-separated) and bytes, in path order.
function sourceHash() {
  const hash = crypto.createHash('sha256');
  const all = SOURCES.flatMap((d) => files(path.join(ROOT, d))).map((f) =>
    path.relative(ROOT, f).split(path.sep).join('/'),
  );
  for (const rel of all.sort())
    hash
      .update(rel + '\0')
      .update(fs.readFileSync(path.join(ROOT, rel)))
      .update('\0');
  return hash.digest('hex');
}

if (process.argv[2] === '--check') {
  const want = sourceHash();
  const manifest = fs.existsSync(MANIFEST) ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) : null;
  const missing = manifest ? manifest.images.filter((f) => !fs.existsSync(path.join(OUT, f))) : [];
  if (!manifest || manifest.sources !== want || missing.length) {
    console.error(
      `docs/images are not drawn from the renderer's sources as they are now (${SOURCES.join(', ')}` +
        `${missing.length ? '; missing: ' + missing.join(', ') : ''}): run node scripts/docs-images.mjs`,
    );
    process.exit(1);
  }
  console.log(`docs/images: ${manifest.images.length} pictures from the renderer's sources ${want.slice(0, 12)}`);
  process.exit(0);
}

const { launch, serve } = await import('../bench/browser/lib.mjs');
const plain = (bg) => ({
  html: `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>html,body{margin:0;height:100%}body{background:${bg}}</style></head><body>
<script src="/dist/mirofish.js" data-quality="high"></script></body></html>`,
});
const server = await serve({ '/light': plain('#eef4f6'), '/dark': plain('#101522') });
const browser = await launch();
const QR = 'form=qr:' + encodeURIComponent('https://example.org/pond') + '&at=0.5';

// The page at `url`, its school paused and stepped to each of `steps`; a screenshot of each (once two agree).
async function frames(url, steps, { vp = [800, 600], dpr = 1, scheme = 'light', clip } = {}) {
  const ctx = await browser.newContext({
    viewport: { width: vp[0], height: vp[1] },
    deviceScaleFactor: dpr,
    colorScheme: scheme,
  });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(url, m.type(), m.text());
  });
  await page.goto(server.base + url);
  await page.waitForFunction(() => window.MiroFish && MiroFish.current && MiroFish.current.stats().frames > 2, null, {
    timeout: 60000,
    polling: 100,
  });
  await page.evaluate(async () => {
    MiroFish.current.pause();
    await MiroFish.current.step(0);
  });
  const shots = [];
  for (const step of steps) {
    await page.evaluate(async (n) => {
      await MiroFish.current.step(n - MiroFish.current.stats().steps);
    }, step);
    let last = await page.screenshot({ clip });
    for (let i = 0; i < 20; i++) {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const next = await page.screenshot({ clip });
      if (next.equals(last)) break;
      last = next;
    }
    shots.push(last);
  }
  await ctx.close();
  return shots;
}

// PNGs side by side, each `w` px wide, as one PNG (laid out by the browser: no encoder of our own).
async function strip(pngs, w) {
  const ctx = await browser.newContext({ viewport: { width: w * pngs.length, height: 100 } });
  const page = await ctx.newPage();
  const imgs = pngs.map((b) => `<img src="data:image/png;base64,${b.toString('base64')}" style="width:${w}px">`);
  await page.setContent(`<body style="margin:0;display:flex;line-height:0">${imgs.join('')}</body>`);
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  const png = await page.locator('body').screenshot();
  await ctx.close();
  return png;
}

const written = {};
const put = (name, png) => {
  fs.writeFileSync(path.join(OUT, name), png);
  written[name] = true;
  console.log('wrote', path.join('docs', 'images', name));
};
for (const scheme of ['light', 'dark']) {
  put(`readme-${scheme}.png`, (await frames('/#n=200&seed=7', [900], { vp: [1280, 800], scheme }))[0]);
}
// The finale: the school gathering, fish flying over the plate as it fades in, modules landing, the code held.
const square = { x: 140, y: 40, width: 520, height: 520 }; // the code's plate in an 800 x 600 page, and a margin
put(
  'finale-qr.png',
  await strip(await frames('/light#n=200&seed=7&' + QR, [60, 85, 110, 135, 160, 270], { clip: square }), 240),
);
const PALETTES = ['koi', 'goldfish', 'ink', 'neon'];
for (let p = 0; p < PALETTES.length; p++) {
  const page = p === 3 ? '/dark' : '/light';
  const shot = await frames(`${page}#n=10&w=700&h=466&seed=3&size=4&pal=${p}&op=0.9`, [720], { vp: [700, 466] });
  put(`palette-${PALETTES[p]}.png`, shot[0]);
}
await browser.close();
await server.close();
const manifest = { sources: sourceHash(), from: SOURCES, images: Object.keys(written).sort() };
fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
console.log('wrote', path.relative(ROOT, MANIFEST));
