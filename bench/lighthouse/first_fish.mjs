#!/usr/bin/env node
// Time to the first fish (S-LOAD-2): from navigation to the first drawn frame of the school on the Start Bootstrap
// "Agency" theme (the page run.mjs measures), the split files (a loader, then the host and the engine after `load`)
// against a single-file build (--baseline: one mirofish.js with the engine and its wasm inside), each self-hosted and from another origin (a CDN: `localhost` at another port,
// CORS on), round-robin, a fresh browser context (no cache) each run:
//   single      <script src="/old/mirofish.js" ...>                    the baseline, self-hosted (its own Worker)
//   single-cdn  <script src="http://localhost:Q/old/mirofish.js" ...>  the baseline from a CDN (main thread)
//   split       <script src="/new/mirofish.js" ...>                    mirofish.js (the loader) + mirofish-host.js +
//                                                                      mirofish-engine.js + mirofish.wasm
//   split-cdn   <script src="http://localhost:Q/new/mirofish.js" ...>  the same from a CDN (a blob: bootstrap Worker)
// The first frame is the engine's first drawArrays, wherever it runs: every MiroFish script is served with a probe in
// front that notes performance.timeOrigin + performance.now() at that call (self.__firstDraw, in the page or in its
// Worker), minus the page's own timeOrigin. Text and wasm are served gzipped; loopback, no throttling.
//
// With --before DIR (the dist/ of another build of the split files, e.g. main before a change), the same page with
// that build, self-hosted and from the CDN, joins the rounds: before and after in one run.
//
//   node first_fish.mjs --baseline FILE [--before DIR] [--runs 5] [--json FILE]
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, dirname, extname, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripTheme, withTag } from './theme.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const DIST = join(repo, 'build', 'web', 'dist');
const THEME_DIST = join(here, 'node_modules', 'startbootstrap-agency', 'dist');
const { chromium } = createRequire(join(repo, 'package.json'))('playwright-core');

const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
const BASELINE = opt('--baseline', null);
const RUNS = Number(opt('--runs', '5'));
const JSON_OUT = opt('--json', null);
const BEFORE = opt('--before', null);
if (!BASELINE || !existsSync(BASELINE)) {
  console.error('--baseline FILE: the single-file mirofish.js to compare with (the engine and its wasm inside)');
  process.exit(2);
}
for (const f of [join(DIST, 'mirofish.js'), join(THEME_DIST, 'index.html')]) {
  if (!existsSync(f)) {
    console.error('missing ' + f + ' (build the web preset; cd bench/lighthouse && npm ci)');
    process.exit(2);
  }
}

// Notes the first drawArrays of a WebGL2 context in this scope (the page or a Worker), once.
const PROBE = `(() => { if (self.__firstDrawProbe || typeof WebGL2RenderingContext === 'undefined') return;
self.__firstDrawProbe = true; const p = WebGL2RenderingContext.prototype, draw = p.drawArrays;
p.drawArrays = function () { if (!self.__firstDraw) self.__firstDraw = performance.timeOrigin + performance.now();
return draw.apply(this, arguments); }; })();\n`;
const FILES = {
  '/old/mirofish.js': readFileSync(BASELINE),
  '/new/mirofish.js': readFileSync(join(DIST, 'mirofish.js')),
  '/new/mirofish-engine.js': readFileSync(join(DIST, 'mirofish-engine.js')),
  '/new/mirofish-host.js': readFileSync(join(DIST, 'mirofish-host.js')),
  '/new/mirofish.wasm': readFileSync(join(DIST, 'mirofish.wasm')),
};
if (BEFORE) {
  for (const f of ['mirofish.js', 'mirofish-engine.js', 'mirofish-host.js', 'mirofish.wasm']) {
    if (!existsSync(join(BEFORE, f))) {
      console.error('--before ' + BEFORE + ': no ' + f + ' there');
      process.exit(2);
    }
    FILES['/before/' + f] = readFileSync(join(BEFORE, f));
  }
}
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

const { stripped } = stripTheme(readFileSync(join(THEME_DIST, 'index.html'), 'utf8'));
function serve(cors) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (type, body) => {
      const gz = /^(text\/|application\/wasm)/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
      const headers = { 'Content-Type': type, 'Cache-Control': 'no-store' };
      if (gz) headers['Content-Encoding'] = 'gzip';
      if (cors) headers['Access-Control-Allow-Origin'] = '*';
      res.writeHead(200, headers);
      res.end(gz ? gzipSync(body) : body);
    };
    if (FILES[path])
      return send(
        TYPES[extname(path)],
        /\.js$/.test(path) ? Buffer.concat([Buffer.from(PROBE), FILES[path]]) : FILES[path],
      );
    const m = /^\/page\/(\w[\w-]*)\/$/.exec(path);
    if (m && pages[m[1]]) return send(TYPES['.html'], Buffer.from(pages[m[1]]));
    const file = normalize(join(THEME_DIST, path.replace(/^\/page\/[\w-]+/, '')));
    if (file.startsWith(THEME_DIST + sep) && existsSync(file))
      return send(TYPES[extname(file)] || 'application/octet-stream', readFileSync(file));
    res.writeHead(404);
    res.end();
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}
const pageServer = await serve(false);
const cdnServer = await serve(true);
const cdn = `http://localhost:${cdnServer.address().port}`;
const tag = (src) => `<script src="${src}" data-fish="200" data-seed="7"></script>`;
const VARIANTS = {
  single: tag('/old/mirofish.js'),
  'single-cdn': tag(cdn + '/old/mirofish.js'),
  split: tag('/new/mirofish.js'),
  'split-cdn': tag(cdn + '/new/mirofish.js'),
};
if (BEFORE)
  Object.assign(VARIANTS, { before: tag('/before/mirofish.js'), 'before-cdn': tag(cdn + '/before/mirofish.js') });
const pages = Object.fromEntries(Object.entries(VARIANTS).map(([v, t]) => [v, withTag(stripped, t)]));
const base = `http://127.0.0.1:${pageServer.address().port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--no-first-run',
    '--disable-quic',
  ],
});
async function once(variant) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  await page.goto(`${base}/page/${variant}/`);
  const t0 = Date.now();
  let drawn = null;
  while (!drawn && Date.now() - t0 < 30000) {
    const scopes = [page, ...page.workers()];
    for (const s of scopes) drawn = drawn || (await s.evaluate(() => self.__firstDraw || null).catch(() => null));
    if (!drawn) await page.waitForTimeout(25);
  }
  const r = await page.evaluate(async () => {
    const school = await window.MiroFish.ready;
    const nav = performance.getEntriesByType('navigation')[0];
    return { origin: performance.timeOrigin, load: nav.loadEventStart, thread: school && school.stats().thread };
  });
  await context.close();
  return { variant, firstFrameMs: drawn ? drawn - r.origin : NaN, loadMs: r.load, thread: r.thread };
}

const runs = [];
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length ? (s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2) : NaN;
};
console.log(`first fish: ${RUNS} round(s), load ${loadavg()[0].toFixed(2)}, baseline ${BASELINE}`);
for (let round = 1; round <= RUNS; round++) {
  for (const v of Object.keys(VARIANTS)) {
    const r = await once(v);
    runs.push(r);
    console.log(
      `  round ${round} ${v.padEnd(10)} first frame ${Math.round(r.firstFrameMs)} ms, load ${Math.round(r.loadMs)} ms, ${r.thread}`,
    );
  }
}
await browser.close();
pageServer.close();
cdnServer.close();
console.log(`\nMedians of ${RUNS}: navigation -> first drawn frame (ms), navigation -> load event (ms)`);
const med = {};
for (const v of Object.keys(VARIANTS)) {
  const of = runs.filter((r) => r.variant === v);
  med[v] = {
    firstFrameMs: median(of.map((r) => r.firstFrameMs)),
    loadMs: median(of.map((r) => r.loadMs)),
    thread: of[0].thread,
  };
  console.log(
    `${v.padEnd(10)}  ${String(Math.round(med[v].firstFrameMs)).padStart(6)}  ${String(Math.round(med[v].loadMs)).padStart(6)}  ${med[v].thread}`,
  );
}
const d = (a, b) => Math.round(med[a].firstFrameMs - med[b].firstFrameMs);
console.log(
  `split - single: ${d('split', 'single') > 0 ? '+' : ''}${d('split', 'single')} ms; ` +
    `split-cdn - single: ${d('split-cdn', 'single') > 0 ? '+' : ''}${d('split-cdn', 'single')} ms; ` +
    `split-cdn - single-cdn: ${d('split-cdn', 'single-cdn') > 0 ? '+' : ''}${d('split-cdn', 'single-cdn')} ms (target: at most +150)`,
);
if (BEFORE)
  console.log(
    `split - before: ${d('split', 'before') > 0 ? '+' : ''}${d('split', 'before')} ms; ` +
      `split-cdn - before-cdn: ${d('split-cdn', 'before-cdn') > 0 ? '+' : ''}${d('split-cdn', 'before-cdn')} ms`,
  );
if (JSON_OUT)
  writeFileSync(
    resolve(JSON_OUT),
    JSON.stringify(
      { date: new Date().toISOString(), command: 'node first_fish.mjs ' + argv.join(' '), runs, medians: med },
      null,
      2,
    ) + '\n',
  );
