#!/usr/bin/env node
// On-demand Lighthouse bench: does mirofish.js hurt a real page?
//
// Serves the Start Bootstrap "Agency" theme (npm: startbootstrap-agency, its dist/ folder) from
// 127.0.0.1 in three variants and runs Lighthouse 12.2.3 (CLI, desktop or mobile preset, performance
// only) against each, round-robin (without, worker, main, without, worker, main, ...):
//   without  the theme's index.html as is
//   worker   + <script src="/mirofish.js" data-fish="200" data-seed="7"></script> before </body>
//   main     + the same tag with data-thread="main" (the main-thread fallback)
// /mirofish.js is build/web/dist/mirofish.js, with its engine beside it (/mirofish-engine.js and
// /mirofish.wasm, application/wasm), text and wasm gzipped as a CDN sends them.
// No network is needed or used: the theme's external <link>/<script> tags (Font Awesome, Google
// Fonts, Bootstrap's JS bundle and sb-forms from CDNs) are removed from the HTML of all three
// variants, Lighthouse also blocks those hosts (--blocked-url-patterns, a safety net), and the local
// server answers anything outside dist/ (and /mirofish.js) with an immediate 404.
//
//   cd bench/lighthouse && npm ci && node run.mjs [--runs 3] [--json FILE]
//   options: --preset desktop|mobile (default desktop)  --variants without,worker (default all)
//            --port N (server; default: a free one)  --load-max 2.5  --wait-max-min 15
//            --no-check (skip the mount check)  --keep-reports DIR (write each Lighthouse JSON there)
//            --with-defer (adds a 4th variant: the worker tag with `defer`)  --with-async (the same with `async`)
//            --pages theme,heading (default theme: the StartBootstrap page; heading: a page of one <h1>, a
//            personal homepage; each page gets every variant, its differences from its own `without`)
//            --with-noauto (the tag alone, data-auto="false": what the critical path costs without a school)
//            --baseline FILE (adds 'single': the same tag on another build's mirofish.js, e.g. main's, with
//            the mirofish-host.js, mirofish-engine.js and mirofish.wasm beside FILE when it has them)
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync, mkdirSync, existsSync, statSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join, dirname, extname, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripTheme } from './theme.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const SCRIPT = join(repo, 'build', 'web', 'dist', 'mirofish.js');
const ENGINE_FILES = {
  '/mirofish-host.js': 'text/javascript; charset=utf-8',
  '/mirofish-engine.js': 'text/javascript; charset=utf-8',
  '/mirofish.wasm': 'application/wasm',
};
const THEME = 'startbootstrap-agency';
const themeDir = join(here, 'node_modules', THEME);
const DIST = join(themeDir, 'dist');
const LH_CLI = join(here, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

// ---- arguments ----
const argv = process.argv.slice(2);
function opt(name, def) {
  const i = argv.indexOf(name);
  if (i < 0) return def;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  return v;
}
const RUNS = Number(opt('--runs', '3'));
const JSON_OUT = opt('--json', null);
const PORT = Number(opt('--port', '0'));
const LOAD_MAX = Number(opt('--load-max', '2.5'));
const WAIT_MAX_MS = Number(opt('--wait-max-min', '15')) * 60e3;
const POLL_MS = 20e3;
const KEEP = opt('--keep-reports', null);
const CHECK = !argv.includes('--no-check');
const DEFER = argv.includes('--with-defer');
const ASYNC = argv.includes('--with-async');
const BASELINE = opt('--baseline', null); // another build's mirofish.js (and what is beside it): the 'single' variant
const PRESET = opt('--preset', 'desktop');
if (PRESET !== 'desktop' && PRESET !== 'mobile') throw new Error('--preset must be desktop or mobile');
const ONLY = opt('--variants', null);
const PAGES = opt('--pages', 'theme').split(',');
if (!PAGES.length || PAGES.some((p) => p !== 'theme' && p !== 'heading'))
  throw new Error('--pages takes theme, heading');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive integer');
for (const [f, what] of [
  [SCRIPT, 'build/web/dist/mirofish.js (build it first)'],
  [join(DIST, 'index.html'), `${THEME} (run: cd bench/lighthouse && npm ci)`],
  [LH_CLI, 'lighthouse (npm ci)'],
  [CHROME, 'chromium'],
]) {
  if (!existsSync(f)) {
    console.error(`missing ${what}: ${f}`);
    process.exit(2);
  }
}
const themeVersion = JSON.parse(readFileSync(join(themeDir, 'package.json'), 'utf8')).version;
const lhVersion = JSON.parse(readFileSync(join(here, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
let chromeVersion = '?';
try {
  chromeVersion = execFileSync(CHROME, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {}

// ---- the page ----
const { stripped, removed, externalHosts } = stripTheme(readFileSync(join(DIST, 'index.html'), 'utf8'));
const BLOCK = [...externalHosts].sort().map((h) => `*://${h}/*`);

const TAGS = {
  without: '',
  worker: '<script src="/mirofish.js" data-fish="200" data-seed="7"></script>',
  main: '<script src="/mirofish.js" data-fish="200" data-seed="7" data-thread="main"></script>',
};
const LABEL = {
  without: 'without MiroFish',
  worker: 'with MiroFish (worker)',
  main: 'with MiroFish (data-thread=main)',
};
if (BASELINE) {
  // opt-in: the same tag on another build's mirofish.js (a single file with its wasm inside, or split)
  TAGS.single = '<script src="/single/mirofish.js" data-fish="200" data-seed="7"></script>';
  LABEL.single = 'with MiroFish (--baseline)';
}
if (argv.includes('--with-noauto')) {
  // opt-in: the tag alone (data-auto=false: no school, nothing after load)
  TAGS.noauto = '<script src="/mirofish.js" data-auto="false"></script>';
  LABEL.noauto = 'the tag, data-auto=false';
}
if (ASYNC) {
  // opt-in: the worker tag with `async`
  TAGS.async = '<script src="/mirofish.js" data-fish="200" data-seed="7" async></script>';
  LABEL.async = 'with MiroFish (worker, async)';
}
if (DEFER) {
  // opt-in 4th variant: the worker tag with `defer`
  TAGS.defer = '<script src="/mirofish.js" data-fish="200" data-seed="7" defer></script>';
  LABEL.defer = 'with MiroFish (worker, defer)';
}
const TAG_VARIANTS = Object.keys(TAGS).filter((v) => !ONLY || ONLY.split(',').includes(v));
if (!TAG_VARIANTS.includes('without')) throw new Error('--variants must include without (the differences are from it)');
// A page of one heading: what Lighthouse's simulated LCP makes of the tag where the page itself costs nothing.
const HEADING =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Jane Doe</title>\n</head>\n<body>\n' +
  '<h1>Jane Doe</h1>\n</body>\n</html>\n';
// Each variant of each page: 'worker' on the theme, 'heading-worker' on the one-heading page.
const VARIANTS = PAGES.flatMap((p) => TAG_VARIANTS.map((v) => (p === 'theme' ? v : p + '-' + v)));
const tagOf = (key) => key.replace(/^heading-/, '');
const baseOf = (key) => (key.startsWith('heading-') ? 'heading-without' : 'without');
for (const v of TAG_VARIANTS) {
  if (v !== 'without') LABEL['heading-' + v] = 'one heading: ' + LABEL[v];
}
LABEL['heading-without'] = 'one heading: without MiroFish';
const pages = {};
for (const key of VARIANTS) {
  const base = key.startsWith('heading-') ? HEADING : stripped;
  const tag = TAGS[tagOf(key)];
  if (!tag) {
    pages[key] = base;
    continue;
  }
  const at = base.lastIndexOf('</body>');
  if (at < 0) throw new Error('no </body> in the page');
  pages[key] = base.slice(0, at) + '    ' + tag + '\n    ' + base.slice(at);
}

// ---- the server: /<variant>/... -> dist/..., /mirofish.js -> the built script, everything else 404 ----
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};
const script = readFileSync(SCRIPT);
const baseline = BASELINE ? readFileSync(BASELINE) : null;
// A split baseline has its host and engine beside it: /single/<file> serves them.
const baselineFiles = {};
for (const f of BASELINE ? Object.keys(ENGINE_FILES) : []) {
  if (existsSync(join(dirname(BASELINE), f.slice(1))))
    baselineFiles['/single' + f] = [ENGINE_FILES[f], readFileSync(join(dirname(BASELINE), f.slice(1)))];
}
let notFound = [];
// Text is served gzipped when the browser asks, as any real host does (the script's transfer is what the page pays).
const GZIP_TYPES = /^(text\/|application\/json|application\/wasm|image\/svg)/;
const engineFiles = Object.fromEntries(
  Object.keys(ENGINE_FILES).map((f) => [f, readFileSync(join(dirname(SCRIPT), f.slice(1)))]),
);
const server = createServer((req, res) => {
  const send = (code, type, raw) => {
    const gz = GZIP_TYPES.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    const body = gz ? gzipSync(raw, { level: 9 }) : raw;
    const headers = { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-cache' };
    if (gz) headers['Content-Encoding'] = 'gzip';
    res.writeHead(code, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const miss = () => {
    notFound.push(req.url);
    send(404, 'text/plain; charset=utf-8', Buffer.from('not found\n'));
  };
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
  } catch {
    return miss();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return miss();
  if (path === '/mirofish.js') return send(200, 'text/javascript; charset=utf-8', script);
  if (engineFiles[path]) return send(200, ENGINE_FILES[path], engineFiles[path]);
  if (path === '/single/mirofish.js' && baseline) return send(200, 'text/javascript; charset=utf-8', baseline);
  if (baselineFiles[path]) return send(200, ...baselineFiles[path]);
  const m = /^\/((?:heading-)?(?:without|worker|main|defer|async|single|noauto))(\/.*)$/.exec(path);
  if (m && !pages[m[1]]) return miss();
  if (!m) return miss();
  const rest = m[2] === '/' ? '/index.html' : m[2];
  if (rest === '/index.html') return send(200, TYPES['.html'], Buffer.from(pages[m[1]]));
  const file = normalize(join(DIST, rest));
  if (!file.startsWith(DIST + sep)) return miss();
  let st;
  try {
    st = statSync(file);
  } catch {
    return miss();
  }
  if (!st.isFile()) return miss();
  send(200, TYPES[extname(file).toLowerCase()] || 'application/octet-stream', readFileSync(file));
});
await new Promise((ok, ko) => {
  server.once('error', ko);
  server.listen(PORT, '127.0.0.1', ok);
});
const port = server.address().port;
const urlOf = (v) => `http://127.0.0.1:${port}/${v}/`;

// ---- Chrome, fresh profile each time ----
const chromeLauncher = await import('chrome-launcher'); // bench/lighthouse/node_modules (lighthouse's own)
async function withChrome(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'mirofish-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: CHROME_FLAGS,
    userDataDir: dir,
    logLevel: 'silent',
  });
  try {
    return await fn(chrome.port);
  } finally {
    try {
      await chrome.kill();
    } catch {}
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  }
}

function runLighthouse(url, chromePort, outFile) {
  const args = [
    LH_CLI,
    url,
    `--port=${chromePort}`,
    '--hostname=127.0.0.1',
    ...(PRESET === 'desktop' ? ['--preset=desktop'] : []),
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    ...BLOCK.map((p) => `--blocked-url-patterns=${p}`),
  ];
  return new Promise((ok, ko) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
    });
    p.on('error', ko);
    p.on('exit', (code) => (code === 0 ? ok() : ko(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`))));
  });
}

// ---- quiet machine ----
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const la = () => Math.round(loadavg()[0] * 100) / 100;
async function waitQuiet(tag) {
  const t0 = Date.now();
  const first = la();
  let l = first;
  let polls = 0;
  while (l >= LOAD_MAX && Date.now() - t0 < WAIT_MAX_MS) {
    if (polls++ % 6 === 0)
      // every 2 minutes
      console.log(`  ${tag}: load ${l} >= ${LOAD_MAX}, waiting (${Math.round((Date.now() - t0) / 1000)} s so far)`);
    await sleep(POLL_MS);
    l = la();
  }
  const waited = Math.round((Date.now() - t0) / 1000);
  const quiet = l < LOAD_MAX;
  if (waited > 0)
    console.log(
      quiet
        ? `  ${tag}: waited ${waited} s for the machine to get quiet (load ${first} -> ${l})`
        : `  ${tag}: NOT QUIET after ${waited} s (load ${first} -> ${l}); measuring anyway`,
    );
  return { tag, loadBefore: first, loadAfter: l, waitedS: waited, quiet, at: new Date().toISOString() };
}

// ---- mount check (not measured): the tag really mounts a school on the expected thread ----
async function mountCheck() {
  const { default: puppeteer } = await import('puppeteer-core'); // lighthouse's own dependency
  const out = {};
  for (const v of VARIANTS.filter((x) => tagOf(x) !== 'without')) {
    out[v] = await withChrome(async (cport) => {
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${cport}`,
        defaultViewport: { width: 1350, height: 940 },
      });
      try {
        const page = await browser.newPage();
        await page.goto(urlOf(v), { waitUntil: 'load', timeout: 60e3 });
        return await page.evaluate(async () => {
          const school = await Promise.race([
            window.MiroFish?.ready,
            new Promise((r) => setTimeout(() => r(null), 20e3)),
          ]);
          if (!school) return { mounted: false };
          await new Promise((r) => setTimeout(r, 2000));
          const s = school.stats();
          return {
            mounted: true,
            thread: s.thread,
            fish: s.fish,
            state: s.state,
            frames: s.frames,
            fps: s.fps,
            renderer: s.renderer,
          };
        });
      } finally {
        await browser.disconnect();
      }
    });
  }
  return out;
}

// ---- metrics ----
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
function metricsOf(lhr) {
  const a = (id) => lhr.audits[id]?.numericValue;
  const s = lhr.categories.performance.score;
  const items = lhr.audits['bootup-time']?.details?.items || [];
  const mf = items.find((i) => /\/mirofish\.js$/.test(i.url));
  return {
    tbt: a('total-blocking-time'),
    lcp: a('largest-contentful-paint'),
    fcp: a('first-contentful-paint'),
    si: a('speed-index'),
    score: s == null ? NaN : s * 100,
    mainThreadWork: a('mainthread-work-breakdown'),
    mirofishBootupMs: mf ? mf.total : null,
    cls: a('cumulative-layout-shift'),
    tti: a('interactive'),
  };
}

// ---- run ----
console.log(`MiroFish Lighthouse bench — ${new Date().toISOString()}`);
console.log(
  `page: ${THEME} ${themeVersion} dist/index.html, external <link>/<script> removed (${removed.length}), blocked: ${[...externalHosts].sort().join(' ')}`,
);
console.log(
  `lighthouse ${lhVersion} (${PRESET} preset, performance), ${chromeVersion}, ${cpus().length} cores, server http://127.0.0.1:${port}/, runs ${RUNS}`,
);

const record = {
  date: new Date().toISOString(),
  command: 'node run.mjs ' + argv.join(' '),
  preset: PRESET,
  lighthouse: lhVersion,
  chrome: chromeVersion,
  chromeFlags: CHROME_FLAGS,
  node: process.version,
  cores: cpus().length,
  theme: `${THEME}@${themeVersion}`,
  pages: PAGES,
  externalRemoved: removed,
  blockedUrlPatterns: BLOCK,
  tags: TAGS,
  loadMax: LOAD_MAX,
  quietChecks: [],
  mountCheck: null,
  runs: [],
};

if (CHECK) {
  record.mountCheck = await mountCheck();
  for (const v of VARIANTS.filter((x) => tagOf(x) !== 'without')) {
    const c = record.mountCheck[v];
    console.log(
      `mount check ${v}: ` +
        (c.mounted
          ? `thread=${c.thread} fish=${c.fish} state=${c.state} frames=${c.frames} fps=${c.fps}`
          : 'NOT MOUNTED'),
    );
  }
}
if (KEEP) mkdirSync(KEEP, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'mirofish-lh-out-'));
try {
  for (let round = 1; round <= RUNS; round++) {
    record.quietChecks.push(await waitQuiet(`round ${round}/${RUNS}`));
    for (const v of VARIANTS) {
      const out = join(work, `${v}-${round}.json`);
      const load = la();
      notFound = [];
      await withChrome((cport) => runLighthouse(urlOf(v), cport, out));
      const lhr = JSON.parse(readFileSync(out, 'utf8'));
      if (KEEP) writeFileSync(join(KEEP, `${v}-${round}.json`), JSON.stringify(lhr));
      const m = metricsOf(lhr);
      const r = {
        round,
        variant: v,
        url: urlOf(v),
        loadBefore: load,
        ...m,
        runtimeError: lhr.runtimeError?.code || null,
        warnings: lhr.runWarnings || [],
        notFound: [...notFound],
      };
      record.runs.push(r);
      console.log(
        `  round ${round} ${v.padEnd(7)} TBT ${Math.round(m.tbt)} LCP ${Math.round(m.lcp)} FCP ${Math.round(m.fcp)} ` +
          `SI ${Math.round(m.si)} score ${Math.round(m.score)} main-thread ${Math.round(m.mainThreadWork)} ms (load ${load})` +
          (r.runtimeError ? ` ERROR ${r.runtimeError}` : '') +
          (r.warnings.length ? ` [${r.warnings.length} warning(s)]` : ''),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  server.close();
}

// ---- table ----
const KEYS = [
  ['tbt', 'TBT (ms)'],
  ['lcp', 'LCP (ms)'],
  ['fcp', 'FCP (ms)'],
  ['cls', 'CLS'],
  ['si', 'Speed Index (ms)'],
  ['score', 'Score'],
  ['mainThreadWork', 'Main-thread work (ms)'],
];
const med = {};
for (const v of VARIANTS) {
  med[v] = {};
  for (const [k] of KEYS) med[v][k] = median(record.runs.filter((r) => r.variant === v).map((r) => r[k]));
}
record.medians = med;
// CLS is a fraction (3 decimals); everything else whole ms or points.
const fmt = (x, sign, k) =>
  !Number.isFinite(x) ? 'n/a' : (sign && x > 0 ? '+' : '') + (k === 'cls' ? x.toFixed(3) : String(Math.round(x)));
const rows = VARIANTS.map((v) => [LABEL[v], ...KEYS.map(([k]) => fmt(med[v][k], false, k))]);
for (const v of VARIANTS.filter((x) => tagOf(x) !== 'without')) {
  rows.push([`Δ ${v} − ${baseOf(v)}`, ...KEYS.map(([k]) => fmt(med[v][k] - med[baseOf(v)][k], true, k))]);
}
const head = ['', ...KEYS.map(([, h]) => h)];
const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
console.log(
  `\nMedians of ${RUNS} run(s) each, Lighthouse ${lhVersion} ${PRESET} preset (simulated throttling), ` +
    PAGES.map((p) => (p === 'theme' ? `${THEME} ${themeVersion}` : 'a page of one heading')).join(' and '),
);
console.log(line(head));
for (const r of rows) console.log(line(r));
const notQuiet = record.quietChecks.filter((q) => !q.quiet);
const waited = record.quietChecks.reduce((s, q) => s + q.waitedS, 0);
console.log(
  `load before rounds: ${record.quietChecks.map((q) => q.loadAfter).join(', ')}; waited ${waited} s in all` +
    (notQuiet.length ? `; ${notQuiet.length} round(s) ran NOT quiet (load >= ${LOAD_MAX})` : ''),
);
const errs = record.runs.filter((r) => r.runtimeError || r.warnings.length);
if (errs.length)
  console.log(
    `runs with Lighthouse errors/warnings: ${errs.map((r) => `${r.variant}#${r.round}: ${r.runtimeError || r.warnings.join(' | ')}`).join('; ')}`,
  );
if (JSON_OUT) {
  writeFileSync(resolve(JSON_OUT), JSON.stringify(record, null, 2) + '\n');
  console.log(`raw numbers: ${resolve(JSON_OUT)}`);
}
