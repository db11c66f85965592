#!/usr/bin/env node
// The pictures in docs/images/ from the current build, and the gallery's stills (site/gallery.js shows them until a
// card's school runs). The school's own pictures come from `mirofish poster` (the page's renderer, natively: no
// browser): a strip of the QR finale (the school landing as a code), one close-up per palette, one still per look of
// site/looks.js. The README's pair shows the demo page itself (its cards and headings over the school), which only a
// browser draws: headless Chromium, its school paused and stepped to its frame with school.step().
// docs/images/manifest.json keeps what the pictures are drawn from: the hash of the renderer's sources, and each
// poster's hash, step and the state-hash of the school it shows. scripts/test runs --check, which fails once those
// sources changed, or `mirofish run` no longer computes those schools, and the pictures were not made again.
//   node scripts/docs-images.mjs          build the native CLI and the bundle first (cmake --build --preset native,
//                                         --preset web), then write them
//   node scripts/docs-images.mjs --check  exit 1 if the pictures are not drawn from the sources and schools of now
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs', 'images');
const MANIFEST = path.join(OUT, 'manifest.json');
// What a picture shows comes from these: the C++ renderer and its shaders (the palettes and the water are in there),
// and the native frame's path (the GL context, the CLI's frames); the school itself is checked by its state-hash.
const SOURCES = ['src/render', 'shaders', 'src/headless', 'src/frames/frame_maker.cpp']; // frame_pixels, FrameView: src/render/core
const CLI = path.join(ROOT, 'build', 'native', 'mirofish');

function files(dir) {
  if (fs.statSync(dir).isFile()) return [dir];
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

function cli(args) {
  if (!fs.existsSync(CLI)) {
    console.error(`${path.relative(ROOT, CLI)} is missing: cmake --preset native && cmake --build --preset native`);
    process.exit(1);
  }
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

if (process.argv[2] === '--check') {
  const want = sourceHash();
  const manifest = fs.existsSync(MANIFEST) ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) : null;
  const missing = manifest ? manifest.images.filter((f) => !fs.existsSync(path.join(OUT, f))) : [];
  // Each poster's school, as `mirofish run` computes it now (no GL: a run of a few hundred steps each).
  const moved = (manifest && manifest.posters ? manifest.posters : []).filter((p) => {
    const out = cli(['run', '--hash', p.hash, ...(p.params || []), '--steps', String(p.step)]);
    return out.trim().split('\n').pop() !== 'state-hash ' + p.state;
  });
  if (!manifest || manifest.sources !== want || missing.length || moved.length) {
    console.error(
      `docs/images are not drawn from the renderer's sources as they are now (${SOURCES.join(', ')}` +
        `${missing.length ? '; missing: ' + missing.join(', ') : ''}` +
        `${moved.length ? '; the school moved in: ' + [...new Set(moved.map((p) => p.image))].join(', ') : ''}` +
        '): run node scripts/docs-images.mjs',
    );
    process.exit(1);
  }
  console.log(`docs/images: ${manifest.images.length} pictures from the renderer's sources ${want.slice(0, 12)}`);
  process.exit(0);
}

const written = {};
const posters = [];
const put = (name, png) => {
  fs.writeFileSync(path.join(OUT, name), png);
  written[name] = true;
  console.log('wrote', path.join('docs', 'images', name));
};
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-images-'));
// `mirofish poster` of `hash` (no t=) and the parameter flags `params` at `step`, drawn with `look` (size,
// background), into `file`; the manifest keeps the school it shows for `image`.
function poster(file, { hash, step, params = [], look = [], image = path.basename(file) }) {
  const out = cli(['poster', '--hash', hash, ...params, '--at', String(step / 60), ...look, '--out', file]);
  posters.push({ image, hash, params, step, state: out.match(/state-hash ([0-9a-f]{16})/)[1] });
  if (file.startsWith(OUT)) put(image, fs.readFileSync(file));
  return file;
}

// The finale: the school gathering, fish flying over the plate as it fades in, modules landing, the code held; each
// frame the code's plate and a margin of an 800 x 600 page, 240 px wide, side by side (ffmpeg crops, scales and
// stacks them; scripts/ensure-deps installs it).
const QR = 'form=qr:' + encodeURIComponent('https://example.org/pond') + '&at=0.5';
const finale = [60, 85, 110, 135, 160, 270].map((step) =>
  poster(path.join(TMP, `finale-${step}.png`), {
    hash: `n=200&seed=7&w=800&h=600&${QR}`,
    step,
    look: ['--size', '800x600', '--background', '#eef4f6'],
    image: 'finale-qr.png',
  }),
);
const strip = path.join(TMP, 'finale-qr.png');
const crops = finale.map((_, k) => `[${k}]crop=520:520:140:40,scale=240:240:flags=area[f${k}]`);
const stack = finale.map((_, k) => `[f${k}]`).join('') + `hstack=inputs=${finale.length}`;
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-y',
  ...finale.flatMap((f) => ['-i', f]),
  '-filter_complex',
  crops.join(';') + ';' + stack,
  strip,
]);
put('finale-qr.png', fs.readFileSync(strip));
const PALETTES = ['koi', 'goldfish', 'ink', 'neon'];
for (let p = 0; p < PALETTES.length; p++) {
  poster(path.join(OUT, `palette-${PALETTES[p]}.png`), {
    hash: `n=10&w=700&h=466&seed=3&size=4&pal=${p}&op=0.9`,
    step: 720,
    look: ['--size', '700x466', '--background', p === 3 ? '#101522' : '#eef4f6'],
  });
}
// The gallery's stills: each look on its preview's background, the school of a 1600 x 900 world at 16:9.
// (site/looks.js is an ES module in a package of CommonJS files: imported as its text, so node does not guess.)
const looks = fs.readFileSync(path.join(ROOT, 'site', 'looks.js'), 'utf8');
const { LOOKS } = await import('data:text/javascript,' + encodeURIComponent(looks));
for (const look of LOOKS) {
  poster(path.join(OUT, `look-${look.id}.webp`), {
    hash: look.qr ? 'seed=7&' + QR : 'seed=7',
    params: Object.entries(look.options).flatMap(([k, v]) => ['--' + k, String(v)]),
    step: look.qr ? 480 : 600,
    look: ['--size', '560x315', '--quality', '80', '--background', look.dark ? '#0c151d' : '#eef4f6'],
  });
}
fs.rmSync(TMP, { recursive: true, force: true });

// The README's pair: the demo page, light and dark, in headless Chromium.
const { launch, serve } = await import('../bench/browser/lib.mjs');
const server = await serve({});
const browser = await launch();

// The page at `url`, its school paused and stepped to `step`; a screenshot once two agree.
async function frame(url, step, { vp = [800, 600], scheme = 'light' } = {}) {
  const ctx = await browser.newContext({ viewport: { width: vp[0], height: vp[1] }, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(url, m.type(), m.text());
  });
  await page.goto(server.base + url);
  await page.waitForFunction(() => window.MiroFish && MiroFish.current && MiroFish.current.stats().frames > 2, null, {
    timeout: 60000,
    polling: 100,
  });
  await page.evaluate(async (n) => {
    MiroFish.current.pause();
    await MiroFish.current.step(n - MiroFish.current.stats().steps);
  }, step);
  let last = await page.screenshot();
  for (let i = 0; i < 20; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const next = await page.screenshot();
    if (next.equals(last)) break;
    last = next;
  }
  await ctx.close();
  return last;
}

for (const scheme of ['light', 'dark']) {
  put(`readme-${scheme}.png`, await frame('/#n=200&seed=7', 900, { vp: [1280, 800], scheme }));
}
await browser.close();
await server.close();
const manifest = { sources: sourceHash(), from: SOURCES, images: Object.keys(written).sort(), posters };
fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
console.log('wrote', path.relative(ROOT, MANIFEST));
