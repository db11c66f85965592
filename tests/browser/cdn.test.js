// From another origin: the page on 127.0.0.1, MiroFish's files on `localhost` at another port (a CDN). The
// classic script's Worker runs the engine's script as fetched against its hash, from a blob: URL on the page's origin
// (web/host/checked_engine.js; integrity.test.js changes the files); the ES module gets one from a blob: bootstrap
// that imports it. With CORS, without it, under a CSP that allows blob: Workers and one that forbids
// them, with SRI on the tag, with an engine file missing; and the page's critical path: before its load event the page
// fetches mirofish.js alone, the engine's files come after.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');
const device = require('./device');

// mirofish.js (the loader), mirofish-host.js, mirofish-engine.js, mirofish.wasm with the suite's hooks
const TEST_DIR = path.dirname(h.BUNDLE);
const ours = (log) => log.warnings().filter((w) => w.startsWith('MiroFish: '));
// The policy goes in a <meta>: served for real (not by a Playwright route, whose page Chromium's local-network checks
// take for a public one), from a server of the test's own.
const page = (body, csp) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host page</title>
${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}
<link rel="icon" href="data:,"></head><body><h1>A page on one origin, MiroFish from another</h1>${body}</body></html>`;

describe('MiroFish from another origin (a CDN)', () => {
  const env = h.serverAndBrowser();
  let dir, lonely, hostless, spaDir, pagesDir, pages, cors, plain, missing, hostMissing, spa;
  before(async () => {
    // The CDN's folder: the classic files as built for the suite, the ES modules as shipped (one wasm for both).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-cdn-'));
    for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'])
      fs.copyFileSync(path.join(TEST_DIR, f), path.join(dir, f));
    for (const f of ['mirofish.mjs', 'mirofish-engine.mjs']) fs.copyFileSync(path.join(h.DIST, f), path.join(dir, f));
    lonely = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-lonely-')); // mirofish.js and its host, no engine
    for (const f of ['mirofish.js', 'mirofish-host.js']) fs.copyFileSync(path.join(TEST_DIR, f), path.join(lonely, f));
    hostless = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-hostless-')); // mirofish.js alone
    fs.copyFileSync(path.join(TEST_DIR, 'mirofish.js'), path.join(hostless, 'mirofish.js'));
    // A server whose every path answers its index page (a single-page app's fallback), the wasm's too.
    spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-spa-'));
    for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js'])
      fs.copyFileSync(path.join(TEST_DIR, f), path.join(spaDir, f));
    fs.writeFileSync(path.join(spaDir, 'mirofish.wasm'), '<!doctype html><title>app</title>');
    // `localhost` against the page's 127.0.0.1: another origin on the same machine.
    const other = async (d, headers) => {
      const s = await h.serveDir(d, headers);
      return { base: s.base.replace('127.0.0.1', 'localhost'), close: s.close };
    };
    pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-pages-'));
    // Self-hosted beside the pages too (the critical path's <miro-fish> case).
    for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'])
      fs.copyFileSync(path.join(TEST_DIR, f), path.join(pagesDir, f));
    pages = await h.serveDir(pagesDir);
    cors = await other(dir, { 'Access-Control-Allow-Origin': '*' });
    plain = await other(dir, {});
    missing = await other(lonely, { 'Access-Control-Allow-Origin': '*' });
    hostMissing = await other(hostless, { 'Access-Control-Allow-Origin': '*' });
    spa = await other(spaDir, { 'Access-Control-Allow-Origin': '*' });
  });
  after(async () => {
    for (const s of [pages, cors, plain, missing, hostMissing, spa]) if (s) await s.close();
    for (const d of [dir, lonely, hostless, spaDir, pagesDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  // Serves `body` as a page on 127.0.0.1 (with `csp` as its policy), and watches its console, its Workers and its CSP
  // violations; `watch(context, page)` adds listeners of its own before the page loads.
  let pageCount = 0;
  async function open(body, csp, watch) {
    const context = await env.browser.newContext({ viewport: { width: 640, height: 400 } });
    await context.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__violations.push(e.violatedDirective + ' ' + e.blockedURI),
      );
    });
    const name = `page-${++pageCount}.html`;
    fs.writeFileSync(path.join(pagesDir, name), page(body, csp));
    const url = pages.base + '/' + name;
    const p = await context.newPage();
    if (watch) await watch(context, p);
    const log = h.watchConsole(p);
    const workers = [];
    p.on('worker', (w) => workers.push(w.url()));
    await p.goto(url);
    return { context, p, log, workers };
  }
  // When the page's own timeline says each mirofish file was asked for, against its load event (load: its start;
  // loaded: its end) and the first frame shown after it (present: the loader's one-dot mark, page_ready.js).
  // Playwright's 'load' and 'request' events come over different channels and may arrive out of order (a CI run saw
  // the host's request reported before 'load'), so the order is read in the page.
  const timeline = (p) =>
    p.evaluate(async () => {
      const nav = performance.getEntriesByType('navigation')[0];
      const present = await new Promise((resolve) => {
        // Element Timing is read by an observer only
        const o = new PerformanceObserver((l) =>
          resolve(l.getEntries().find((e) => e.identifier === 'mirofish-present')),
        );
        o.observe({ type: 'element', buffered: true });
        setTimeout(resolve, 1000);
      });
      const lcp = await new Promise((resolve) => {
        // the page's largest paint: the last candidate
        const o = new PerformanceObserver((l) => resolve(l.getEntries().pop()));
        o.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(resolve, 1000);
      });
      const t = {
        load: nav.loadEventStart,
        loaded: nav.loadEventEnd,
        present: present ? present.renderTime : null,
        lcp: lcp ? lcp.renderTime : null,
        lcpUrl: lcp ? lcp.url : null,
        marks: document.querySelectorAll('[elementtiming]').length,
      };
      for (const e of performance.getEntriesByType('resource')) {
        const path = new URL(e.name).pathname;
        if (/mirofish[^/]*$/.test(path)) t[path] = e.startTime;
      }
      return t;
    });
  // The loader (at `dir`/mirofish.js) asked for before the page's load event, the host only after it and after the
  // first frame shown since (the engine is the host's to fetch), and the mark gone: `t` is timeline()'s.
  function assertAfterLoad(t, dir) {
    assert.ok(t[dir + '/mirofish.js'] < t.load, JSON.stringify(t));
    assert.ok(t[dir + '/mirofish-host.js'] >= t.loaded, JSON.stringify(t));
    assert.ok(
      t.present > t.loaded && t[dir + '/mirofish-host.js'] >= t.present,
      'after the frame after load: ' + JSON.stringify(t),
    );
    assert.equal(t.marks, 0, 'the mark is gone');
  }
  // The auto-mounted school (the ES module's page sets window.__school), after two frames; null if there is none.
  const school = (p) =>
    p.evaluate(async () => {
      while (window.__school === undefined && !window.MiroFish) await new Promise((r) => setTimeout(r, 20));
      const s = window.MiroFish ? await window.MiroFish.ready : window.__school;
      if (!s) return null;
      while (s.stats().frames < 2) await new Promise((r) => setTimeout(r, 20));
      return { thread: s.stats().thread, rendering: s.stats().rendering, fish: s.stats().fish };
    });
  const classic = (base, attrs = '') => `<script src="${base}/mirofish.js" data-fish="30"${attrs}></script>`;

  it("with CORS: the classic script's school runs in a Worker started from a blob: URL, and replays the CLI", async (t) => {
    const { context, p, log, workers } = await open(classic(cors.base));
    assert.deepEqual(await school(p), { thread: h.THREAD, rendering: true, fish: 30 });
    if (h.THREAD === 'worker') assert.match(workers[0] || '', /^blob:/, "the Worker is the checked bytes' blob: URL");
    else assert.deepEqual(workers, []);
    // The same wasm, the same school: step(600) of a shared hash equals `mirofish run`.
    const link = 'n=120&seed=7&w=1200&h=800';
    const hash = await p.evaluate(async (hash) => {
      const s = await window.MiroFish.mount(null, { paused: true, hash: '#' + hash });
      await s.step(600);
      const out = await s.stateHash();
      s.destroy();
      return out;
    }, link);
    if (fs.existsSync(h.CLI)) {
      const cli = execFileSync(h.CLI, ['run', '--hash', link, '--steps', '600'], { encoding: 'utf8' });
      assert.equal(hash, /^state-hash ([0-9a-f]{16})$/m.exec(cli)[1]);
    } else t.diagnostic('native CLI missing: the hash was not compared with it');
    assert.ok((await h.fishPixels(p)) > 200, 'fish are drawn');
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(ours(log), []);
    await context.close();
  });

  it('with SRI on the tag (integrity, crossorigin): the same Worker school', async () => {
    const sri =
      'sha384-' +
      crypto
        .createHash('sha384')
        .update(fs.readFileSync(path.join(dir, 'mirofish.js')))
        .digest('base64');
    const { context, p, log } = await open(
      classic(cors.base, ` integrity="${sri}" crossorigin="anonymous"`),
      undefined,
      device.asServed, // the tag's integrity covers the loader as served
    );
    assert.deepEqual(await school(p), { thread: h.THREAD, rendering: true, fish: 30 });
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(ours(log), []);
    await context.close();
  });

  it('without CORS: the host, fetched against its hash (a CORS request), cannot be had: one warning naming it and its URL', async () => {
    const { context, p, log } = await open(classic(plain.base));
    assert.equal(await school(p), null, 'mount() resolves null: no fish, the page as it was');
    assert.equal(await p.evaluate(() => document.querySelectorAll('canvas').length), 0);
    const said = ours(log);
    assert.equal(said.length, 1, said.join('\n'));
    assert.ok(said[0].includes(`mirofish-host.js could not be fetched from ${plain.base}/mirofish-host.js`), said[0]);
    assert.match(said[0], /Access-Control-Allow-Origin/);
    // The browser's own report of the refused request is its one console error; nothing of ours.
    assert.ok(
      log.errors().every((m) => /CORS|Access-Control|Failed to (load|fetch)/i.test(m.text)),
      JSON.stringify(log.errors()),
    );
    await context.close();
  });

  it('under a CSP that allows blob: Workers: the Worker, with no violation', async () => {
    const csp =
      `default-src 'self'; script-src 'self' ${cors.base} 'wasm-unsafe-eval'; ` +
      `worker-src 'self' blob:; connect-src 'self' ${cors.base}; img-src data:`;
    const { context, p, log } = await open(classic(cors.base), csp);
    assert.deepEqual(await school(p), { thread: h.THREAD, rendering: true, fish: 30 });
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(ours(log), []);
    await context.close();
  });

  it("under a CSP that forbids blob: Workers: the main thread, the browser's one report, MiroFish's one note", async () => {
    const csp =
      `default-src 'self'; script-src 'self' ${cors.base} 'wasm-unsafe-eval'; ` +
      `worker-src 'self'; connect-src 'self' ${cors.base}; img-src data:`;
    const { context, p, log } = await open(classic(cors.base), csp);
    assert.deepEqual(await school(p), { thread: 'main', rendering: true, fish: 30 });
    const violations = await p.evaluate(() => window.__violations);
    assert.deepEqual(violations, h.THREAD === 'worker' ? ['worker-src blob'] : []);
    assert.ok(log.errors().length <= 1, JSON.stringify(log.errors()));
    assert.deepEqual(ours(log), []);
    const notes = log.log.filter((m) => m.type === 'info' && m.text.startsWith('MiroFish: ')).map((m) => m.text);
    assert.deepEqual(
      notes,
      h.THREAD === 'worker'
        ? [
            "MiroFish: this page's Content-Security-Policy refused the " +
              "engine's Worker (worker-src): it runs on the main thread instead",
          ]
        : [],
    );
    await context.close();
  });

  it('the ES module imported from the other origin: a module Worker from a blob: bootstrap', async () => {
    const { context, p, log, workers } = await open(`<script type="module">
import { mount } from '${cors.base}/mirofish.mjs';
mount(null, { fish: 30, thread: window.__mirofishThread }).then((s) => { window.__school = s; });
</script>`);
    assert.deepEqual(await school(p), { thread: h.THREAD, rendering: true, fish: 30 });
    if (h.THREAD === 'worker') assert.match(workers[0] || '', /^blob:/);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(ours(log), []);
    await context.close();
  });

  // A file the loader needs, missing where it looks: one warning naming it and the URL. Without its host, the page's
  // API still answers (nothing, and no school) and a <miro-fish> on the page mounts nothing.
  for (const [file, server, title, more] of [
    ['mirofish-engine.js', () => missing, 'an engine file missing beside mirofish.js', ''],
    ['mirofish-host.js', () => hostMissing, 'mirofish.js alone (its host missing)', '<miro-fish fish="5"></miro-fish>'],
  ]) {
    it(`${title}: one warning naming ${file} and where it was looked for`, async () => {
      const { base } = server();
      const { context, p, log } = await open(classic(base) + more);
      assert.equal(await school(p), null);
      if (file === 'mirofish-host.js') {
        assert.deepEqual(
          await p.evaluate(async () => [
            await window.MiroFish.table(),
            window.MiroFish.all,
            await window.MiroFish.mount(),
          ]),
          [[], [], null],
        );
      }
      assert.deepEqual(ours(log), [`MiroFish: ${file} was not found at ${base}/${file}: copy it beside mirofish.js`]);
      assert.equal(await p.evaluate(() => document.querySelectorAll('canvas').length), 0);
      await context.close();
    });
  }

  it('a wasm file that is not WebAssembly (an index page in its place): one warning saying so', async () => {
    const { context, p, log } = await open(classic(spa.base));
    assert.equal(await school(p), null);
    const said = ours(log);
    assert.equal(said.length, 1, said.join('\n'));
    assert.ok(said[0].startsWith(`MiroFish: mirofish.wasm at ${spa.base}/mirofish.wasm is not WebAssembly`), said[0]);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it("the page's critical path: before its load event only mirofish.js (the loader) is fetched; host and engine after it", async () => {
    const context = await env.browser.newContext({ viewport: { width: 640, height: 400 } });
    const events = [];
    context.on('request', (r) => {
      if (/mirofish[^/]*$/.test(new URL(r.url()).pathname)) events.push(new URL(r.url()).pathname);
    });
    // When the canvas came into the page (the tag is in <head>: the loader puts it in the body as the parser adds it).
    await context.addInitScript(() => {
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n.localName === 'canvas' && !window.__canvas) {
              window.__canvas = n;
              window.__canvasAt = performance.now();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const p = await context.newPage();
    const log = h.watchConsole(p);
    await p.goto(env.srv.base + '/fixtures/auto.html');
    await h.waitForFish(p, 2);
    assert.deepEqual(
      [...events].filter((e) => e !== '/dist/mirofish-engine.js' || h.THREAD === 'main').sort(),
      ['/dist/mirofish-host.js', '/dist/mirofish.js', '/dist/mirofish.wasm']
        .concat(h.THREAD === 'main' ? ['/dist/mirofish-engine.js'] : [])
        .sort(),
    );
    // On the Worker path the engine's script is fetched against its hash, then the Worker asks for the same URL
    // (docs/hosting.md#integrity): this server says no-store, so twice; csp.test.js checks a cacheable one's once.
    assert.equal(events.filter((e) => e === '/dist/mirofish-engine.js').length, h.THREAD === 'worker' ? 2 : 1);
    // The school draws on the canvas the loader put in the page before its first paint: the page is layered around it
    // from the start, and does not raster again as the engine starts.
    const early = await p.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const ours = document.querySelectorAll('canvas');
      return {
        at: window.__canvasAt,
        fcp: fcp && fcp.startTime,
        same: ours.length === 1 && ours[0] === window.__canvas,
        id: ours[0] && ours[0].id,
        parent: window.__canvas && window.__canvas.parentNode.localName,
      };
    });
    assert.ok(early.same && early.parent === 'body' && /^mirofish-\d+$/.test(early.id), JSON.stringify(early));
    assert.ok(early.fcp > early.at, 'in the page before its first paint: ' + JSON.stringify(early));
    assertAfterLoad(await timeline(p), '/dist');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('the critical path on a page whose largest paint is an image: the host after that paint', async () => {
    // A large image painted after `load` (the LCP of a page like the Lighthouse bench's theme): the loader goes on its
    // paint, or on the frame after `load` (the mark) if that comes first; either way after it.
    // Noise, as a 24-bit BMP (Chromium leaves low-entropy images, a flat colour, out of LCP).
    const w = 300,
      ht = 150,
      row = w * 3,
      bmp = Buffer.alloc(54 + row * ht);
    bmp.write('BM', 0);
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(w, 18);
    bmp.writeInt32LE(ht, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    crypto.randomFillSync(bmp, 54);
    fs.writeFileSync(path.join(pagesDir, 'big.bmp'), bmp);
    const events = [];
    const { context, p, log } = await open(
      '<img src="big.bmp" width="600" height="300" alt="">' + '<script src="mirofish.js" data-fish="20"></script>',
      null,
      (ctx) => {
        ctx.on('request', (r) => {
          if (/mirofish[^/]*$/.test(new URL(r.url()).pathname)) events.push(new URL(r.url()).pathname);
        });
      },
    );
    assert.equal((await school(p)).fish, 20);
    const t = await timeline(p);
    assert.ok(/big\.bmp$/.test(t.lcpUrl), "the image is the page's largest paint: " + JSON.stringify(t));
    assert.ok(t['/mirofish-host.js'] >= t.loaded && t['/mirofish-host.js'] >= t.lcp, 'after it: ' + JSON.stringify(t));
    assert.equal(t.marks, 0, 'the mark is gone');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it("the critical path with <miro-fish> in the page's HTML: the element waits for the load event too", async () => {
    const events = [];
    const { context, p, log } = await open(
      '<script src="mirofish.js"></script>' + '<miro-fish fish="20" style="display: block; height: 120px"></miro-fish>',
      null,
      (ctx, page) => {
        ctx.on('request', (r) => {
          if (/mirofish[^/]*$/.test(new URL(r.url()).pathname)) events.push(new URL(r.url()).pathname);
        });
      },
    );
    await h.waitFor(
      p,
      () =>
        document.querySelector('miro-fish').school && document.querySelector('miro-fish').school.stats().frames >= 1,
    );
    // Each file (the engine's script twice on the Worker path where the server lets nothing be cached: above).
    assert.deepEqual([...new Set(events)].sort(), [
      '/mirofish-engine.js',
      '/mirofish-host.js',
      '/mirofish.js',
      '/mirofish.wasm',
    ]);
    // A bare tag beside <miro-fish>: the elements are the schools, the loader's background canvas went as they came.
    assert.deepEqual(
      await p.evaluate(() => Array.from(document.querySelectorAll('canvas'), (c) => c.parentNode.localName)),
      ['miro-fish'],
    );
    assertAfterLoad(await timeline(p), '');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it("a bare tag in <head> and <miro-fish> in the body: the loader's background canvas never stays", async () => {
    fs.writeFileSync(
      path.join(pagesDir, 'head-element.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<title>head tag</title><link rel="icon" href="data:,"><script src="mirofish.js"></script></head><body>' +
        '<h1>Elements only</h1><miro-fish fish="10" style="display: block; height: 120px"></miro-fish></body></html>',
    );
    const context = await env.browser.newContext({ viewport: { width: 640, height: 400 } });
    const p = await context.newPage();
    const log = h.watchConsole(p);
    await p.goto(pages.base + '/head-element.html');
    await h.waitFor(
      p,
      () =>
        document.querySelector('miro-fish').school && document.querySelector('miro-fish').school.stats().frames >= 1,
    );
    await p.waitForTimeout(300);
    assert.deepEqual(
      await p.evaluate(() => Array.from(document.querySelectorAll('canvas'), (c) => c.parentNode.localName)),
      ['miro-fish'],
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
