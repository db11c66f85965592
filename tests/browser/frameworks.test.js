// The npm package in the frameworks people use: a React 19, a Vue 3 and a Svelte 5 app (tests/frameworks/,
// their tools pinned in tests/frameworks/package-lock.json) each install the packed tarball, `vite build` for
// production and mount in Chromium: the school runs in the Worker Vite emitted for it, the element is defined, an
// attribute (or prop) change reaches the school without a remount, 50 mount/unmount cycles leave one canvas, one
// Worker and one live WebGL context in it, and nothing goes to the console. Also the package's types in TypeScript
// (JSX, Vue, Svelte) and its import in Node (mount() resolves null there). The package's other exports, bundled
// the same way (tests/frameworks/exports, no framework): mirofish/classic mounts <miro-fish> and gives
// window.MiroFish, mirofish/studio attaches, mirofish/record records in the Worker Vite emitted for it.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { execFileSync, spawnSync } = require('node:child_process');
const h = require('./helpers');

const APPS = path.join(h.ROOT, 'tests', 'frameworks');
const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const TARBALL = path.join(h.ROOT, 'build', 'npm', `mirofish-${VERSION}.tgz`);
const BIN = path.join(APPS, 'node_modules', '.bin');
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

// The dev tools, once: `npm ci` when node_modules is missing or older than the lockfile (as scripts/ensure-deps).
function installTools() {
  const lock = path.join(APPS, 'package-lock.json');
  const stamp = path.join(APPS, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(stamp) || fs.statSync(lock).mtimeMs > fs.statSync(stamp).mtimeMs) {
    execFileSync('npm', ['ci', ...NPM_QUIET], { cwd: APPS, stdio: 'inherit' });
    return true;
  }
  return false;
}

const sinceMs = (t) => Math.round(performance.now() - t);
// A page that said nothing wrong: no console error, no warning of ours.
function quiet(log) {
  assert.deepEqual(log.errors(), []);
  assert.deepEqual(
    log.warnings().filter((w) => w.startsWith('MiroFish')),
    [],
  );
}
// Production builds of the three apps, and the React one for development too: only there does StrictMode run every
// effect twice (mount, unmount, mount on the same div).
// The engine's WebGL contexts live in its Worker, out of reach of the page's init script: the Worker's script is
// served with this in front (context.route), so every context made there is counted (self.__liveContexts()).
const COUNT_WORKER_CONTEXTS = h.countContextsIn('OffscreenCanvas', 'self');
const BUILDS = [
  { name: 'react', app: 'react' },
  { name: 'react-dev', app: 'react', env: { NODE_ENV: 'development' } },
  { name: 'vue', app: 'vue' },
  { name: 'svelte', app: 'svelte' },
];
// The exports no framework app imports: one build, two pages (classic.html, tools.html).
const EXPORTS = { name: 'exports', app: 'exports' };

// `vite build` of one app into out/NAME: its time, and its JS and wasm files (bytes, gzip -9 bytes).
function viteBuild(out, { name, app, env }) {
  const t = performance.now();
  // Warnings are printed (logLevel 'warn' in each vite.config.js): a clean build prints nothing.
  const run = spawnSync(
    path.join(BIN, 'vite'),
    ['build', app, '--outDir', path.join(out, name), '--emptyOutDir', '--base', `/${name}/`],
    { cwd: APPS, encoding: 'utf8', env: Object.assign({}, process.env, env) },
  );
  assert.equal(run.status, 0, `vite build ${name}: ${run.stdout}${run.stderr}`);
  // Rolldown's note that plugins took most of a slow build is about the machine's load, not the app.
  const printed = (run.stdout + run.stderr).replace(/\[PLUGIN_TIMINGS\][\s\S]*?bundlertimings\s*/g, '');
  assert.equal(printed.trim(), '', `vite build ${name} printed nothing`);
  const assets = fs.readdirSync(path.join(out, name, 'assets'));
  const read = (f) => fs.readFileSync(path.join(out, name, 'assets', f));
  const sizes = (f) => ({ raw: read(f).length, gz: zlib.gzipSync(read(f), { level: 9 }).length });
  // The Worker's chunk is the file the app's `new Worker(new URL(...))` names (Vite rewrote the package's URL).
  const entry = assets.find((f) => /^index-.*\.js$/.test(f));
  const named =
    entry && /new Worker\(new URL\([`'"][^`'"]*\/assets\/(mirofish-engine-[\w-]{8}\.js)[`'"]/.exec(read(entry));
  const worker = named ? named[1] : null;
  return {
    buildMs: sinceMs(t),
    worker,
    js: Object.fromEntries(
      assets.map((f) => [f.replace(/-[\w-]{8}\.js$/, f === worker ? '.worker.js' : '.js'), sizes(f)]),
    ),
  };
}

describe('framework apps (React, Vue, Svelte) built by Vite from the packed tarball', () => {
  let out, srv, browser;
  const timings = {};
  before(async () => {
    assert.ok(fs.existsSync(TARBALL), 'scripts/pack made ' + TARBALL);
    let t = performance.now();
    timings.npmCi = installTools() ? sinceMs(t) : 'not needed';
    t = performance.now();
    // The tarball as a user installs it, beside the tools (--no-save: the lockfile pins the tools only).
    execFileSync('npm', ['install', '--no-save', '--offline', ...NPM_QUIET, TARBALL], { cwd: APPS });
    timings.tarballMs = sinceMs(t);
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-frameworks-'));
    for (const build of BUILDS.concat(EXPORTS)) timings[build.name] = viteBuild(out, build);
    srv = await h.serveDir(out);
    browser = await h.launch();
  });
  after(async () => {
    // The numbers docs/frameworks.md quotes: the installs, each build's time and its JS files (bytes, gzip -9 bytes).
    console.log('frameworks: ' + JSON.stringify(timings));
    if (browser) await browser.close();
    if (srv) await srv.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("bundles the engine into each app as the Worker's chunk, a lazy chunk for the main thread, and the wasm", () => {
    for (const { name: app } of BUILDS) {
      const js = timings[app].js;
      // The engine's JS (dist/mirofish-engine.mjs, ~53 KB) kept apart: a bare `import 'mirofish'` survives. Vite saw
      // the package's `new Worker(new URL('./mirofish-engine.mjs', import.meta.url), ...)` and emitted the engine as a
      // worker; the main-thread fallback's `import()` is a chunk of its own, fetched only on that path; the engine's
      // `new URL('./mirofish.wasm', import.meta.url)` made the wasm an asset of its own.
      assert.ok(timings[app].worker, `${app}: the app starts a Worker from an emitted chunk (${JSON.stringify(js)})`);
      assert.ok(js['mirofish-engine.worker.js'].raw > 40000, `${app}: the Worker's chunk (${JSON.stringify(js)})`);
      assert.ok(js['mirofish-engine.js'].raw > 40000, `${app}: the main thread's chunk (${JSON.stringify(js)})`);
      const wasm = Object.keys(js).filter((f) => /^mirofish-.*\.wasm$/.test(f));
      assert.equal(wasm.length, 1, `${app}: the wasm, emitted once (${JSON.stringify(js)})`);
      assert.ok(js[wasm[0]].raw > 100000, `${app}: the wasm (${JSON.stringify(js)})`);
    }
  });

  // window.__app (each app's main.js): setFish(n), setShow(bool) re-render (a Promise for Vue), school() the handle,
  // table() the package's MiroFish.table().
  // effects: how often React ran the app's mount effect (StrictMode: twice in development).
  for (const [name, url, build, effects] of [
    ['React <MiroFish>', '/react/', 'react', 1],
    ['React <MiroFish> in StrictMode (development build)', '/react-dev/', 'react-dev', 2],
    ['React <miro-fish>', '/react/?element', 'react', 1],
    ['Vue', '/vue/', 'vue'],
    ['Svelte', '/svelte/', 'svelte'],
  ]) {
    it(`${name}: in a Worker, live attributes, 50 mount/unmount cycles leave one canvas and one GL context`, async () => {
      const context = await browser.newContext({ viewport: { width: 640, height: 400 } });
      await h.instrument(context); // live listeners, WebGL contexts of the page
      let counted = 0; // Worker scripts served with the context counter in front
      await context.route(`**/${build}/assets/${timings[build].worker}`, async (route) => {
        const original = await route.fetch();
        counted++;
        await route.fulfill({ response: original, body: COUNT_WORKER_CONTEXTS + (await original.text()) });
      });
      const page = await context.newPage();
      const log = h.watchConsole(page);
      await page.goto(srv.base + url);
      await h.waitFor(page, () => window.__app && window.__app.school() && window.__app.school().stats().frames >= 2);
      const live = await page.evaluate(async () => {
        const s = window.__app.school();
        const canvas = s.canvas;
        const before = { listeners: window.__listeners, fish: s.get('fish') };
        await window.__app.setFish(40);
        // An attribute arrives by MutationObserver, a prop by an effect: then set() and its snapshot.
        const deadline = performance.now() + 5000;
        while (s.get('fish') !== 40 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        await s.stateHash();
        return {
          before,
          effects: window.__app.effects && window.__app.effects(),
          defined: typeof customElements.get('miro-fish'),
          fish: s.get('fish'),
          drawn: s.stats().fish,
          same: window.__app.school() === s,
          sameCanvas: s.canvas === canvas,
          state: s.stats().state,
          thread: s.stats().thread,
          canvases: document.querySelectorAll('canvas').length,
        };
      });
      // Bundled, the school still lives in a Worker (the chunk Vite emitted for it), as served from files.
      assert.deepEqual(live, {
        before: live.before,
        effects,
        defined: 'function',
        fish: 40,
        drawn: 40,
        same: true,
        sameCanvas: true,
        state: live.state,
        thread: 'worker',
        canvases: 1,
      });
      assert.equal(live.before.fish, 24);
      assert.notEqual(live.state, 'destroyed');
      const cycles = await page.evaluate(async () => {
        const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
        const up = async () => {
          while (!(window.__app.school() && window.__app.school().stats().frames >= 1)) await sleep(10);
        };
        let upCount = 0;
        for (let i = 0; i < 50; i++) {
          await window.__app.setShow(false);
          if (i % 5 === 1) await sleep(0); // some leave a task between unmount and mount
          await window.__app.setShow(true);
          if (i % 10 === 9) {
            // some come all the way up; the rest unmount mid-load
            await up();
            upCount++;
          } else if (i % 3 === 0) await sleep(1);
        }
        await up();
        const s = window.__app.school();
        await sleep(600); // stragglers of the cancelled mounts would have landed by now
        const fish = s.get('fish');
        // A removed prop or attribute: the table's default, on the same school.
        const def = (await window.__app.table()).find((p) => p.name === 'fish').def;
        await window.__app.setFish(undefined);
        const deadline = performance.now() + 5000;
        while (s.get('fish') !== def && performance.now() < deadline) await sleep(10);
        return {
          upCount,
          canvases: document.querySelectorAll('canvas').length,
          contexts: window.__liveContexts(),
          listeners: window.__listeners,
          fish,
          state: s.stats().state,
          removed: s.get('fish') === def && def !== 40,
          same: window.__app.school() === s,
          thread: s.stats().thread,
        };
      });
      // The page made no WebGL context (its canvas went to the Worker); one Worker is left (a Worker that lost its last
      // school was terminated, its contexts with it), and in it one live context: the cancelled mounts left none.
      assert.deepEqual(cycles, {
        upCount: 5,
        canvases: 1,
        contexts: 0,
        listeners: live.before.listeners,
        fish: 40,
        state: cycles.state,
        removed: true,
        same: true,
        thread: 'worker',
      });
      assert.notEqual(cycles.state, 'destroyed');
      const deadline = Date.now() + 5000;
      while (page.workers().length > 1 && Date.now() < deadline) await page.waitForTimeout(50);
      assert.equal(page.workers().length, 1, 'one engine Worker');
      const inWorker = await page
        .workers()[0]
        .evaluate(() => ({ made: self.__madeContexts(), live: self.__liveContexts() }));
      assert.ok(
        counted >= 1 && inWorker.made >= 1,
        `the Worker's contexts were counted (${counted} scripts, ${inWorker.made} made)`,
      );
      assert.equal(inWorker.live, 1, `one live context in the Worker (${JSON.stringify(inWorker)})`);
      quiet(log);
      await context.close();
    });
  }

  // docs/hosting.md's `import 'mirofish/classic'`, bundled: the element and mount() draw, with no loader tag to find the
  // host beside.
  it('mirofish/classic: window.MiroFish, and <miro-fish> and MiroFish.mount() draw in the Worker Vite emitted', async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    const log = h.watchConsole(page);
    await page.goto(srv.base + '/exports/classic.html');
    await h.waitFor(page, () => window.__app && window.__app.school() && window.__app.school().stats().frames >= 2);
    const got = await page.evaluate(async () => {
      const element = window.__app.school();
      const page = await window.MiroFish.mount(null, { fish: 12 });
      while (page.stats().frames < 2) await new Promise((r) => setTimeout(r, 20));
      return {
        version: window.MiroFish.version,
        all: window.MiroFish.all.length,
        element: element.stats().fish,
        seed: element.get('seed'),
        thread: element.stats().thread,
        page: page.stats().fish,
        pageThread: page.stats().thread,
        canvases: document.querySelectorAll('canvas').length,
      };
    });
    assert.deepEqual(got, {
      version: got.version,
      all: 2,
      element: 30,
      seed: 3,
      thread: 'worker',
      page: 12,
      pageThread: 'worker',
      canvases: 2,
    });
    assert.match(got.version, /^\d+\.\d+\.\d+$/);
    assert.ok(
      Object.keys(timings.exports.js).some((f) => /^mirofish-.*\.wasm$/.test(f)),
      'the wasm, an asset',
    );
    quiet(log);
    await page.close();
  });

  it('mirofish/studio attaches and mirofish/record records, bundled beside mirofish', async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    const log = h.watchConsole(page);
    await page.goto(srv.base + '/exports/tools.html');
    await h.waitFor(page, () => window.__app);
    const got = await page.evaluate(async () => {
      const school = await window.__app.mount();
      const studio = await window.__app.attach(school);
      const panel = !!document.querySelector('mirofish-studio');
      window.__app.install(school); // school.record() from here on
      const blob = await school.record({ seconds: 0.25, fps: 24, width: 160, height: 90 });
      studio.detach();
      return {
        panel,
        detached: !document.querySelector('mirofish-studio'),
        type: blob.type,
        size: blob.size,
        thread: school.stats().thread,
      };
    });
    assert.deepEqual(got, { panel: true, detached: true, type: got.type, size: got.size, thread: 'worker' });
    assert.match(got.type, /^video\//);
    assert.ok(got.size > 500, `a video of 6 frames (${got.size} bytes)`);
    assert.ok(page.workers().length >= 1);
    quiet(log);
    await page.close();
  });

  it('types <miro-fish> in JSX, Vue and Svelte, and mirofish/react, for TypeScript (tsc, strict)', () => {
    // tests/frameworks/typecheck: what each framework's typings accept, and @ts-expect-error where they must refuse.
    execFileSync(path.join(BIN, 'tsc'), ['-p', 'typecheck'], { cwd: APPS, encoding: 'utf8' });
  });

  it('imports in Node (server rendering): mount() resolves null with a warning, <MiroFish> renders its div', () => {
    const script = `
      import MiroFish, { mount, version } from 'mirofish';
      import { MiroFish as Component } from 'mirofish/react';
      import * as vue from 'mirofish/vue';
      import { createElement } from 'react';
      import { renderToString } from 'react-dom/server';
      const r = { version, hero: await mount('#hero'), element: await mount({}), page: await MiroFish.mount(),
        same: vue.mount === mount, html: renderToString(createElement(Component, { fish: 80, className: 'hero' }, 'hi')) };
      process.stdout.write(JSON.stringify(r));`;
    const got = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: APPS, encoding: 'utf8' });
    assert.equal(got.status, 0, got.stderr);
    assert.deepEqual(JSON.parse(got.stdout), {
      version: VERSION,
      hero: null,
      element: null,
      page: null,
      same: true,
      html: '<div class="hero">hi</div>',
    });
    assert.deepEqual(
      got.stderr.trim().split('\n'),
      Array(3).fill('MiroFish: mount() needs a page (window and document); nothing mounted'),
    );
  });
});
