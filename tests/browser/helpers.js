// Shared browser-test plumbing: a tiny static server (web/ + the built bundle + fixtures) and one for a directory as
// it is (serveDir), a Chromium launcher, console capture, a PNG decoder for screenshots and small polling helpers.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.join(ROOT, 'web');
const FIXTURES = path.join(__dirname, 'fixtures');
// The start every fixture page shares, written once: a fixture's .html file holds the rest of its head (title, icon,
// styles, scripts) and its body, and the server sends this in front of it.
const FIXTURE_HEAD = '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n';
// The test bundle: the shipped classic script plus the suite's hooks (school._test), built beside dist/ (bundle.mjs).
const BUNDLE = process.env.MIROFISH_BUNDLE || path.join(ROOT, 'build', 'web', 'test', 'mirofish.js');
const DIST = path.join(ROOT, 'build', 'web', 'dist');
// Every test runs on one path: MIROFISH_THREAD=main (scripts/test-browser's second pass) makes the test bundle mount
// on the main thread; unset, the worker path where the browser has it (Chromium does).
const THREAD = process.env.MIROFISH_THREAD === 'main' ? 'main' : 'worker';
// The studio's script (web/studio), served beside it as /dist/mirofish-studio.js.
const STUDIO = process.env.MIROFISH_STUDIO || path.join(ROOT, 'build', 'web', 'dist', 'mirofish-studio.js');
const CLI = process.env.MIROFISH_CLI || path.join(ROOT, 'build', 'native', 'mirofish');
// The strict policy docs/hosting.md gives: scripts from the page's origin, and Workers from it or from blob: (from
// another origin the engine's Worker runs its checked bytes from a blob: URL). SCRIPT_CSP is the same without
// worker-src (which then falls back to script-src: the engine's own URL on the page's origin, no blob: Worker).
const SCRIPT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const STRICT_CSP = SCRIPT_CSP + "; worker-src 'self' blob:";
// `?csp=nonce`: only scripts with the nonce `abc` run (tests/browser/fixtures/csp-nonce*.html carry it); no Worker may start.
const NONCE_CSP = "script-src 'nonce-abc' 'wasm-unsafe-eval'";
// `?csp=tt`: Trusted Types enforced, MiroFish's policy the only one named (web/core/trusted.js).
const TT_CSP = SCRIPT_CSP + "; require-trusted-types-for 'script'; trusted-types mirofish";

const TYPES = require('../support/content_types');

// Serves /dist/mirofish.js (and /dist/mirofish-studio.js) from the build, /fixtures/* from tests/browser/fixtures (an
// .html one after FIXTURE_HEAD), everything else from web/.
// `?csp=strict` on a page adds the strict Content-Security-Policy header. `{ recorder: true }` (engines.js) puts the
// page-side console recorder first in every HTML page, for an engine whose client cannot hear the console; `prelude`
// (source text) runs right after it, before any page script (a bench's clock).
function startServer({ recorder = false, prelude = '' } = {}) {
  const hits = new Map(); // path and query -> the requests that reached the server (a browser's cache hit never does)
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://localhost');
      hits.set(url.pathname + url.search, (hits.get(url.pathname + url.search) || 0) + 1);
      let file;
      if (recorder && url.pathname === require('./engines').RECORDER) {
        res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' });
        res.end(require('./engines').recorderSource(THREAD) + prelude);
        return;
      }
      if (url.pathname === '/dist/mirofish.js') file = BUNDLE;
      // The classic script's host and engine, beside it: the test build's (its hooks) beside the test bundle.
      else if (url.pathname === '/dist/mirofish-host.js' || url.pathname === '/dist/mirofish-engine.js') {
        file = path.join(path.dirname(BUNDLE), url.pathname.slice(6));
      } else if (url.pathname === '/dist/mirofish.wasm') file = path.join(path.dirname(BUNDLE), 'mirofish.wasm');
      else if (url.pathname === '/dist/mirofish.mjs' || url.pathname === '/dist/mirofish-engine.mjs') {
        file = path.join(DIST, url.pathname.slice(6));
      } else if (/^\/dist\/mirofish-record\.m?js$/.test(url.pathname)) file = path.join(DIST, url.pathname.slice(6));
      else if (url.pathname === '/dist/mirofish-studio.js') file = STUDIO;
      else if (url.pathname === '/dist/mirofish-studio.mjs') file = STUDIO.replace(/\.js$/, '.mjs');
      else if (url.pathname.startsWith('/fixtures/')) file = path.join(FIXTURES, url.pathname.slice(10));
      else file = path.join(WEB, url.pathname === '/' ? 'index.html' : url.pathname);
      const inside =
        file === BUNDLE ||
        path.dirname(file) === path.dirname(BUNDLE) ||
        file.startsWith(DIST + path.sep + 'mirofish') ||
        file.startsWith(path.dirname(STUDIO) + path.sep + 'mirofish-studio.') ||
        file.startsWith(FIXTURES + path.sep) ||
        file.startsWith(WEB + path.sep);
      if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not found');
        return;
      }
      const headers = {
        'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
        // `?cache=1`: a file the browser may keep (on a fixture page, its mirofish.js's files: below)
        'Cache-Control': url.searchParams.get('cache') === '1' ? 'max-age=600' : 'no-store',
      };
      const csp = url.searchParams.get('csp');
      if (csp === 'strict') headers['Content-Security-Policy'] = STRICT_CSP;
      else if (csp === 'script') headers['Content-Security-Policy'] = SCRIPT_CSP;
      else if (csp === 'worker') headers['Content-Security-Policy'] = SCRIPT_CSP + "; worker-src 'self'";
      else if (csp === 'noworker') headers['Content-Security-Policy'] = SCRIPT_CSP + "; worker-src 'none'";
      else if (csp === 'nonce') headers['Content-Security-Policy'] = NONCE_CSP;
      else if (csp === 'tt') headers['Content-Security-Policy'] = TT_CSP;
      else if (csp === 'ttother') headers['Content-Security-Policy'] = TT_CSP.replace(/mirofish$/, 'other');
      res.writeHead(200, headers);
      const fixturePage = path.extname(file) === '.html' && file.startsWith(FIXTURES + path.sep);
      if (recorder && path.extname(file) === '.html') {
        const tag = `<script src="${require('./engines').RECORDER}"></script>`;
        const html = (fixturePage ? FIXTURE_HEAD : '') + fs.readFileSync(file, 'utf8');
        res.end(/<head>/i.test(html) ? html.replace(/<head>/i, (m) => m + tag) : tag + html);
        return;
      }
      if (fixturePage) res.write(FIXTURE_HEAD);
      // `?cache=1` on a fixture page: its mirofish.js asks for cacheable files (the loader's query travels).
      if (fixturePage && url.searchParams.get('cache') === '1') {
        res.end(fs.readFileSync(file, 'utf8').replace(/(\/dist\/mirofish\.js)"/, '$1?cache=1"'));
        return;
      }
      fs.createReadStream(file).pipe(res);
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ server, hits, base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

// Serves one directory as it is (a packed or built app): { base, close }. `headers` go on every file (CORS: a CDN).
function serveDir(dir, headers = {}) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let file = path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isDirectory())
        file = path.join(file, 'index.html');
      if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        res.writeHead(404, headers); // a CDN's 404 carries its CORS header too
        res.end();
        return;
      }
      const type = TYPES[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, Object.assign({ 'Content-Type': type }, headers));
      fs.createReadStream(file).pipe(res);
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }),
    );
  });
}

const { ARGS, CHROMIUM, launchChromium } = require('../support/chromium');

// Every page of the browser is told which path its schools take (the test bundle reads window.__mirofishThread), and
// its WebGL is software GL as a visitor's Chrome says it (device.js: SwiftShader here is told to act as a GPU), unless
// `asServed`: the files as served, for tags whose integrity covers the loader.
function launch(extraArgs = [], { asServed = false } = {}) {
  return launchChromium(extraArgs, async (context) => {
    await context.addInitScript((thread) => {
      window.__mirofishThread = thread;
    }, THREAD);
    if (asServed) await require('./device').asServed(context);
  });
}

// Collects console messages and page errors of a page; `errors()` are console.error + uncaught exceptions.
function watchConsole(page) {
  const log = [];
  page.on('console', (m) => log.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => log.push({ type: 'pageerror', text: String((e && e.stack) || e) }));
  return {
    log,
    errors: () => log.filter((m) => m.type === 'error' || m.type === 'pageerror'),
    warnings: () => log.filter((m) => m.type === 'warning').map((m) => m.text),
    clear: () => {
      log.length = 0;
    },
  };
}

async function waitFor(page, fn, arg, timeout = 20000) {
  return page.waitForFunction(fn, arg, { timeout, polling: 50 });
}

// Waits (up to a minute: a clip is encoded frame by frame) until the studio's Record panel offers its file.
function studioClipOffered(page) {
  return waitFor(
    page,
    () => !document.querySelector('mirofish-studio').shadowRoot.querySelector('a.download').hidden,
    undefined,
    60000,
  );
}

// Waits for the auto-mounted school (or null), then for `frames` rendered frames.
async function waitForFish(page, frames = 2) {
  await waitFor(page, () => window.MiroFish && window.MiroFish.current);
  await waitFor(page, (n) => window.MiroFish.current.stats().frames >= n, frames);
}

// The auto-mounted school once it has drawn two frames: where it runs, whether it draws, the page's canvases
// (null when nothing mounted).
function readySchool(page) {
  return page.evaluate(async () => {
    const school = await window.MiroFish.ready;
    if (!school) return null;
    while (school.stats().frames < 2) await new Promise((res) => setTimeout(res, 20));
    return {
      thread: school.stats().thread,
      rendering: school.stats().rendering,
      canvases: document.querySelectorAll('canvas').length,
      current: window.MiroFish.current === school,
    };
  });
}

// The auto-mounted school runs and draws in its Worker, the only canvas on the page, and nothing was logged.
async function expectWorkerSchool(page, consoleLog, why) {
  const assert = require('node:assert/strict');
  assert.deepEqual(await readySchool(page), { thread: 'worker', rendering: true, canvases: 1, current: true }, why);
  assert.deepEqual(consoleLog.errors(), []);
  assert.deepEqual(consoleLog.warnings(), [], 'nothing to warn about');
}

// 64-bit FNV-1a over bytes: School::stateHash() over the same x, y, vx, vy bytes (a trajectory frame's state hash).
function fnv1a(bytes) {
  let hash = 0xcbf29ce484222325n;
  for (const b of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(b)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

// --- PNG decoding (8-bit, non-interlaced, RGB or RGBA: what Chromium's screenshots are) ---
function decodePng(buf) {
  let pos = 8;
  let width = 0,
    height = 0,
    colorType = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG');
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!bpp) throw new Error('unsupported PNG colour type ' + colorType);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(width * height * 4);
  const prev = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = src[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c,
          pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      out[(y * width + x) * 4] = line[x * bpp];
      out[(y * width + x) * 4 + 1] = line[x * bpp + 1];
      out[(y * width + x) * 4 + 2] = line[x * bpp + 2];
      out[(y * width + x) * 4 + 3] = bpp === 4 ? line[x * bpp + 3] : 255;
    }
    line.copy(prev);
  }
  return { width, height, data: out };
}

// Number of pixels whose RGB differs by more than `tolerance` in any channel.
function diffPixels(a, b, tolerance = 8) {
  if (a.width !== b.width || a.height !== b.height) throw new Error('size mismatch');
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i] - b.data[i]) > tolerance ||
      Math.abs(a.data[i + 1] - b.data[i + 1]) > tolerance ||
      Math.abs(a.data[i + 2] - b.data[i + 2]) > tolerance
    )
      n++;
  }
  return n;
}

async function shot(page, clip) {
  return decodePng(await page.screenshot(clip ? { clip } : {}));
}

// Pixels (in `clip`, or the page) that differ with a school's canvas shown and hidden: > 0 means fish are on screen.
// `school` names it in the page: 'current' (MiroFish.current) or the window property that holds it ('__s');
// `pause`: held still across the two shots, then resumed.
async function fishPixels(page, clip, { school = 'current', pause = true } = {}) {
  const set = (change) =>
    page.evaluate(
      ([name, c]) => {
        const s = name === 'current' ? window.MiroFish.current : window[name];
        if (c === 'pause') s.pause();
        else if (c === 'hide') s.canvas.style.visibility = 'hidden';
        else {
          s.canvas.style.visibility = '';
          if (c === 'show and resume') s.resume();
        }
      },
      [school, change],
    );
  if (pause) await set('pause');
  const withFish = await shot(page, clip);
  await set('hide');
  const without = await shot(page, clip);
  await set(pause ? 'show and resume' : 'show');
  return diffPixels(withFish, without);
}

// Counts the animation-frame callbacks that run in this scope (a page's window or a Worker), whoever asked for them,
// from now on: self.__rafRuns. An init script, or evaluated in a Worker.
function countFrames() {
  self.__rafRuns = 0;
  const raf = self.requestAnimationFrame.bind(self);
  self.requestAnimationFrame = (cb) =>
    raf((t) => {
      self.__rafRuns++;
      cb(t);
    });
}

// Counts live event listeners (window.__listeners).
function countListeners() {
  window.__listeners = 0;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const live = new WeakMap();
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    const key = type + '|' + (typeof opts === 'object' && opts ? !!opts.capture : !!opts);
    let set = live.get(this);
    if (!set) live.set(this, (set = new Map()));
    const fns = set.get(key) || new Set();
    if (fn && !fns.has(fn)) {
      fns.add(fn);
      window.__listeners++;
    }
    set.set(key, fns);
    return add.call(this, type, fn, opts);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, opts) {
    const key = type + '|' + (typeof opts === 'object' && opts ? !!opts.capture : !!opts);
    const fns = live.get(this) && live.get(this).get(key);
    if (fns && fns.delete(fn)) window.__listeners--;
    return remove.call(this, type, fn, opts);
  };
}

// Counts, before any page script runs: live event listeners (window.__listeners), animation frames
// (window.__rafRuns) and WebGL contexts not lost (window.__liveContexts()).
async function instrument(context) {
  await context.addInitScript(countFrames);
  await context.addInitScript(countListeners);
  return context.addInitScript(countContextsIn('HTMLCanvasElement', 'window'));
}

// The same counts as page source, for a page that cannot take an init script (engines.js's recorder).
function instrumentSource() {
  return `(${countFrames})();\n(${countListeners})();\n` + countContextsIn('HTMLCanvasElement', 'window');
}

// Makes the page a background tab (`hidden` true) or a shown one, as the browser does: document.hidden and
// visibilityState, then the visibilitychange event. `page` is a playwright page, or engines.js's page (its evaluate).
function setHidden(page, hidden) {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

// Defines window.__watchTimers(ms) in the loaded page: it starts an `ms` timer and returns stop(), which gives the
// longest gap between its ticks in ms (a frozen page has a long one).
function watchTimers(page) {
  return page.evaluate(() => {
    window.__watchTimers = (ms) => {
      let worst = 0,
        last = performance.now();
      const beat = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
      }, ms);
      return () => {
        clearInterval(beat);
        return worst;
      };
    };
  });
}

// Source text that wraps Canvas.prototype.getContext so every WebGL context made in `scope` is counted:
// scope.__liveContexts() (not lost) and scope.__madeContexts(). In the page (instrument) and in front of the engine's
// Worker script (frameworks.test.js, there with OffscreenCanvas and self).
function countContextsIn(canvasClass, scope) {
  return `(() => {
  const contexts = [];
  const getContext = ${canvasClass}.prototype.getContext;
  ${canvasClass}.prototype.getContext = function (type, attrs) {
    const ctx = getContext.call(this, type, attrs);
    if (ctx && /webgl/.test(type) && !contexts.includes(ctx)) contexts.push(ctx);
    return ctx;
  };
  ${scope}.__liveContexts = () => contexts.filter((c) => !c.isContextLost()).length;
  ${scope}.__madeContexts = () => contexts.length;
})();
`;
}

// A new 800x600 page at the test site's front page, after `init` (an optional init script, e.g. one taking an API
// away), with its console watched: { page, consoleLog }.
async function openFrontPage(env, init) {
  const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
  if (init) await page.addInitScript(init);
  const consoleLog = watchConsole(page);
  await page.goto(env.srv.base + '/');
  return { page, consoleLog };
}

// Registers before/after hooks for a suite: the test server and one browser, closed afterwards.
// The handles are filled in by the time the suite's tests run: env.srv, env.browser.
function serverAndBrowser(launchOptions) {
  const { before, after } = require('node:test');
  const env = {};
  before(async () => {
    env.srv = await startServer();
    env.browser = await launch(launchOptions);
  });
  after(async () => {
    await env.browser.close();
    await env.srv.close();
  });
  return env;
}

// Registers before/after hooks for a suite that serves a folder of its own: a fresh temporary folder (named from
// `prefix`) that `fill(dir)` writes, served as it is (serveDir), and one browser; closed and removed afterwards.
// The handles are filled in by the time the suite's tests run: env.dir, env.srv, env.browser.
function folderAndBrowser(prefix, fill) {
  const { before, after } = require('node:test');
  const env = {};
  before(async () => {
    env.dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), prefix));
    fill(env.dir);
    env.srv = await serveDir(env.dir);
    env.browser = await launch();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.srv) await env.srv.close();
    if (env.dir) fs.rmSync(env.dir, { recursive: true, force: true });
  });
  return env;
}

// A school that animates: 'running', or 'idle' once the visitor rests (no input for 3 s since the mount or the last
// input) or the pointer is away. A test that never moves the pointer is a resting visitor after 3 s.
const ANIMATING = /^(running|idle)$/;
// A test whose outcome does not depend on the path (the host's side, the C++'s decoding, the governor's rule) runs
// once, in pass 1: \`it(name, ONE_PATH, fn)\` skips it in the main-thread pass, which keeps the suite in its minutes.
const ONE_PATH = { skip: THREAD === 'main' ? 'the same on both paths: pass 1 runs it (the Worker path)' : false };

module.exports = {
  studioClipOffered,
  ANIMATING,
  ONE_PATH,
  ARGS,
  CHROMIUM,
  ROOT,
  BUNDLE,
  DIST,
  THREAD,
  STUDIO,
  CLI,
  STRICT_CSP,
  SCRIPT_CSP,
  NONCE_CSP,
  TT_CSP,
  startServer,
  serveDir,
  launch,
  serverAndBrowser,
  folderAndBrowser,
  openFrontPage,
  instrument,
  instrumentSource,
  countFrames,
  fnv1a,
  countContextsIn,
  watchTimers,
  setHidden,
  watchConsole,
  waitFor,
  waitForFish,
  readySchool,
  expectWorkerSchool,
  decodePng,
  diffPixels,
  shot,
  fishPixels,
};
