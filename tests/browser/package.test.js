// The npm package as a user gets it (S-HOST-1): `npm pack` output installed offline into an empty project, then
// used these ways: an ES module import through an import map (and from another origin, a CDN), esbuild bundles
// (pinned in package-lock.json; IIFE, and ESM with and without the engine's files beside), the classic script with
// `async` and with `defer`, and the classic file bundled into an app (no auto-mount there). Vite's builds:
// frameworks.test.js.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const TARBALL = path.join(h.ROOT, 'build', 'npm', `mirofish-${VERSION}.tgz`);
const ESBUILD = path.join(h.ROOT, 'node_modules', '.bin', 'esbuild');

const page = (body) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<body><h1>app</h1>${body}</body></html>`;

describe('npm package', () => {
  let dir, srv, cdn, browser;
  before(async () => {
    assert.ok(fs.existsSync(TARBALL), 'scripts/pack made ' + TARBALL);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-app-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "app", "version": "1.0.0", "private": true}\n');
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', TARBALL], { cwd: dir });
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'mirofish', 'package.json'), 'utf8'));
    assert.equal(pkg.name, 'mirofish');
    fs.writeFileSync(
      path.join(dir, 'importmap.html'),
      page(`
<script type="importmap">{"imports": {"mirofish": "/node_modules/mirofish/dist/mirofish.mjs"}}</script>
<script type="module">
import MiroFish, { mount, version } from 'mirofish';
window.__global = typeof window.MiroFish;
window.__version = version;
mount(null, { fish: 30 }).then((s) => { window.__school = s; window.__all = MiroFish.all.length; });
</script>`),
    );
    fs.writeFileSync(
      path.join(dir, 'entry.js'),
      `import { mount } from 'mirofish';
mount(null, { fish: 30 }).then((s) => { window.__school = s; window.__global = typeof window.MiroFish; });\n`,
    );
    execFileSync(ESBUILD, ['entry.js', '--bundle', '--format=iife', '--outfile=bundle.js', '--log-level=error'], {
      cwd: dir,
    });
    fs.writeFileSync(path.join(dir, 'esbuild.html'), page('<script src="/bundle.js"></script>'));
    // An IIFE has no import.meta.url: its engine looks for the wasm beside the page, where the app copies it.
    fs.copyFileSync(
      path.join(dir, 'node_modules', 'mirofish', 'dist', 'mirofish.wasm'),
      path.join(dir, 'mirofish.wasm'),
    );
    // esbuild knows no Workers nor assets: an ESM bundle keeps the package's `new Worker(new URL('./mirofish-engine.mjs',
    // import.meta.url))` and `new URL('./mirofish.wasm', import.meta.url)` as they are, pointing beside the app's
    // chunks; esm-copied/ has the engine's two files put there.
    for (const out of ['esm', 'esm-copied']) {
      execFileSync(
        ESBUILD,
        ['entry.js', '--bundle', '--format=esm', '--splitting', '--outdir=' + out, '--log-level=error'],
        { cwd: dir },
      );
      fs.writeFileSync(path.join(dir, out + '.html'), page(`<script type="module" src="/${out}/entry.js"></script>`));
    }
    for (const f of ['mirofish-engine.mjs', 'mirofish.wasm']) {
      fs.copyFileSync(path.join(dir, 'node_modules', 'mirofish', 'dist', f), path.join(dir, 'esm-copied', f));
    }
    // The classic file inside an app's bundle: the app's own <script> is currentScript, so nothing mounts.
    fs.writeFileSync(path.join(dir, 'app.js'), "import 'mirofish/classic';\nwindow.__appRan = true;\n");
    execFileSync(ESBUILD, ['app.js', '--bundle', '--format=iife', '--outfile=app-bundle.js', '--log-level=error'], {
      cwd: dir,
    });
    fs.writeFileSync(path.join(dir, 'app.html'), page('<script src="/app-bundle.js"></script>'));
    for (const mode of ['async', 'defer']) {
      fs.writeFileSync(
        path.join(dir, mode + '.html'),
        page(`<script ${mode} src="/node_modules/mirofish/dist/mirofish.js" data-fish="30" data-seed="4"></script>`),
      );
    }
    srv = await h.serveDir(dir);
    cdn = await h.serveDir(dir, { 'Access-Control-Allow-Origin': '*' }); // another port: another origin
    fs.writeFileSync(
      path.join(dir, 'cdn.html'),
      page(`<script type="module">
import { mount } from '${cdn.base}/node_modules/mirofish/dist/mirofish.mjs';
mount(null, { fish: 30 }).then((s) => { window.__school = s; });
</script>`),
    );
    browser = await h.launch();
  });
  after(async () => {
    if (browser) await browser.close();
    if (srv) await srv.close();
    if (cdn) await cdn.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // `watch(p)` runs before the page loads (listeners of its own).
  async function open(file, watch) {
    const p = await browser.newPage({ viewport: { width: 480, height: 320 } });
    const log = h.watchConsole(p);
    if (watch) watch(p);
    await p.goto(srv.base + '/' + file);
    return { p, log };
  }

  it('imports as an ES module through an import map: no global, no auto-mount, fish drawn', async () => {
    const { p, log } = await open('importmap.html');
    await h.waitFor(p, () => window.__school && window.__school.stats().frames >= 2);
    const r = await p.evaluate(() => ({
      global: window.__global,
      version: window.__version,
      all: window.__all,
      fish: window.__school.stats().fish,
      thread: window.__school.stats().thread,
    }));
    // Served as files, the module starts its engine as a module Worker (mirofish-engine.mjs beside it).
    assert.deepEqual(r, { global: 'undefined', version: VERSION, all: 1, fish: 30, thread: 'worker' });
    assert.deepEqual(log.errors(), []);
    await p.close();
  });

  it('bundles with esbuild (package exports, the import condition)', async () => {
    const { p, log } = await open('esbuild.html');
    await h.waitFor(p, () => window.__school && window.__school.stats().frames >= 2);
    assert.equal(await p.evaluate(() => window.__global), 'undefined');
    // An IIFE has no import.meta.url to start the Worker from: the engine is part of the app, on the main thread.
    assert.equal(await p.evaluate(() => window.__school.stats().thread), 'main');
    assert.deepEqual(log.errors(), []);
    await p.close();
  });

  it("bundled as ESM by esbuild: a Worker with the engine's files beside the chunk; without them one warning", async () => {
    {
      const { p, log } = await open('esm-copied.html');
      await h.waitFor(p, () => window.__school && window.__school.stats().frames >= 2);
      assert.equal(await p.evaluate(() => window.__school.stats().thread), 'worker');
      assert.deepEqual(log.errors(), []);
      await p.close();
    }
    // Without them the Worker fails to load (one 404), the main thread's chunk looks for the wasm beside itself (a
    // second): no fish, and one warning that names the file and where it was looked for.
    const missing = [];
    const { p, log } = await open('esm.html', (page) =>
      page.on('response', (r) => {
        if (r.status() === 404) missing.push(new URL(r.url()).pathname);
      }),
    );
    await h.waitFor(p, () => window.__school !== undefined);
    assert.equal(await p.evaluate(() => window.__school), null);
    assert.deepEqual(missing, ['/esm/mirofish-engine.mjs', '/esm/mirofish.wasm']);
    assert.deepEqual(log.warnings(), [
      `MiroFish: mirofish.wasm was not found at ${srv.base}/esm/mirofish.wasm (HTTP 404): ` +
        'copy it there (it ships beside mirofish.js)',
    ]);
    assert.equal(await p.evaluate(() => document.querySelectorAll('canvas').length), 0);
    await p.close();
  });

  it("imports from another origin (a CDN): a module Worker from a blob: bootstrap on the page's origin; no error", async () => {
    const workers = [];
    const { p, log } = await open('cdn.html', (page) => page.on('worker', (w) => workers.push(w.url())));
    await h.waitFor(p, () => window.__school && window.__school.stats().frames >= 2);
    assert.equal(await p.evaluate(() => window.__school.stats().thread), 'worker');
    assert.equal(workers.length, 1);
    assert.match(workers[0], /^blob:/);
    assert.deepEqual(log.errors(), []);
    await p.close();
  });

  for (const mode of ['async', 'defer']) {
    it(`auto-mounts from a classic <script ${mode}> with its data-* options`, async () => {
      const { p, log } = await open(mode + '.html');
      await h.waitForFish(p, 2);
      const st = await p.evaluate(() => ({
        fish: window.MiroFish.current.stats().fish,
        seed: window.MiroFish.current.get('seed'),
      }));
      assert.deepEqual(st, { fish: 30, seed: 4 });
      assert.deepEqual(log.errors(), []);
      await p.close();
    });
  }

  it('carries every image its README shows (none: the pictures stay in the repository)', () => {
    const pkgDir = path.join(dir, 'node_modules', 'mirofish');
    const readme = fs.readFileSync(path.join(pkgDir, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/<img\s[^>]*src="([^"]+)"|!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1] || m[2]);
    assert.deepEqual(
      images.filter((src) => !/^https?:/.test(src) && !fs.existsSync(path.join(pkgDir, src))),
      [],
    );
  });

  it('does not auto-mount when the classic file is bundled into an app', async () => {
    const { p, log } = await open('app.html');
    await h.waitFor(p, () => window.__appRan && window.MiroFish);
    assert.equal(await p.evaluate(() => window.MiroFish.ready.then((s) => s)), null);
    assert.equal(await p.evaluate(() => document.querySelectorAll('canvas').length), 0);
    // mirofish/classic is the ES module with the global: MiroFish.mount() is the module's mount().
    assert.equal(await p.evaluate(() => typeof window.MiroFish.mount), 'function');
    assert.deepEqual(log.errors(), []);
    await p.close();
  });
});
