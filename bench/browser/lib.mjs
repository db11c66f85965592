// The browser benches' one static server and one Chromium launcher. Every bench serves the same tree: its own pages
// (routes), the bundle at /dist/mirofish.js, and web/ for the rest (the demo page as scripts/demo serves it). Pages
// are cross-origin isolated, so performance.now() has ~5 us resolution instead of 100 us.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import chromium from '../../tests/support/chromium.js';
import TYPES from '../../tests/support/content_types.js';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '..', '..');
export const WEB = path.join(ROOT, 'web');
// The shipped bundle, and the test bundle (the shipped one plus handle._test: the step alone, timed in the engine).
export const BUNDLE = process.env.MIROFISH_BUNDLE || path.join(ROOT, 'build', 'web', 'dist', 'mirofish.js');
export const TEST_BUNDLE = path.join(ROOT, 'build', 'web', 'test', 'mirofish.js');
// The browser suite's Chromium and flags (tests/support/chromium.js): the benches measure the browser the tests drive.
export const { ARGS, CHROMIUM } = chromium;
const { launchChromium } = chromium;

// routes: URL path -> a file, or {html} for a page written by the bench. The bench may change them between rounds
// (an A/B of bundles swaps routes['/dist/mirofish.js']). Resolves to {base, routes, served, close()}: `served` lists
// every file sent, {path, bytes, gz (its gzip -9 size: what a server that compresses sends), at (Date.now())}.
export function serve(routes = {}) {
  const all = Object.assign({ '/dist/mirofish.js': BUNDLE, '/bench.html': path.join(HERE, 'bench.html') }, routes);
  const served = [];
  const gzCache = new Map();
  const log = (p, body) => {
    const key = p + ':' + body.length;
    if (!gzCache.has(key)) gzCache.set(key, zlib.gzipSync(body, { level: 9 }).length);
    served.push({ path: p, bytes: body.length, gz: gzCache.get(key), at: Date.now() });
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/favicon.ico') {
      // no icon, and no 404 in the page's console
      res.writeHead(204);
      res.end();
      return;
    }
    // The files beside a bundle: mirofish-host.js, mirofish-engine.js and mirofish.wasm from the folder of
    // the mirofish.js routed at the same path's folder (an A/B of bundles swaps them all together).
    const beside = /^(.*\/)(mirofish-host\.js|mirofish-engine\.js|mirofish\.wasm)$/.exec(url.pathname);
    const bundleThere = beside && all[beside[1] + 'mirofish.js'];
    const route =
      all[url.pathname] ||
      (typeof bundleThere === 'string' ? path.join(path.dirname(bundleThere), beside[2]) : undefined);
    const headers = {
      'Cache-Control': 'no-store',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    if (route && typeof route === 'object') {
      res.writeHead(200, Object.assign(headers, { 'Content-Type': TYPES['.html'] }));
      res.end(route.html);
      log(url.pathname, Buffer.from(route.html));
      return;
    }
    const file = route || path.join(WEB, url.pathname === '/' ? 'index.html' : url.pathname);
    const inside = route || file.startsWith(WEB + path.sep);
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(
      200,
      Object.assign(headers, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' }),
    );
    const body = fs.readFileSync(file);
    res.end(body);
    log(url.pathname, body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        routes: all,
        served,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

// Headless Chromium with the benches' flags (plus `extra`), whose every page is the software-GL visitor this machine
// is: the engine's script hears what a visitor's Chrome on SwiftShader or WARP answers (tests/browser/device.js).
export const launch = (extra = []) => launchChromium(extra);

// A page that loads the bundle and mounts nothing on its own.
export function plainPage(body = '', attrs = 'data-auto="false"', src = '/dist/mirofish.js') {
  return {
    html: `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>html,body{margin:0;height:100%}body{background:#eef4f6}</style></head><body>${body}
<script src="${src}" ${attrs}></script></body></html>`,
  };
}

// The page's errors and console errors as they come (a bench fails on any: a broken page measures nothing).
export function pageErrors(tab) {
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String((e && e.message) || e)));
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

// Statistics the benches print.
export function quantile(values, q) {
  if (!values.length) return NaN;
  const v = Float64Array.from(values).sort();
  const pos = (v.length - 1) * q;
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}
export const median = (v) => quantile(v, 0.5);

// The bench's density: ~300 fish per 1600x900 px whatever N (the viewport's own world below 300).
export function worldFor(n) {
  const k = Math.sqrt(Math.max(n, 300) / 300);
  return { width: Math.round(1600 * k), height: Math.round(900 * k) };
}

// mount() options for a school the bench steps itself (handle.step), as `mirofish bench` steps one: n fish at the
// bench's density, paused, no hash, low quality, room for n fish and no more, on `thread`'s path.
export function stepOptions(n, thread) {
  const { width, height } = worldFor(n);
  return { fish: n, width, height, paused: true, hash: false, quality: 'low', maxFish: n, thread };
}

// Writes `data` as JSON to `file` (its folder made), when a file was asked for.
export function writeJson(file, data) {
  if (!file) return;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}
