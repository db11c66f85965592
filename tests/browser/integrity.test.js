// One `integrity` covers every file the tag brings in (docs/hosting.md#integrity): a loopback "CDN" on a
// second origin (`localhost` against the page's 127.0.0.1) serves v/X.Y.Z/ as the site's build lays it out
// (site/build.mjs), the shipped files of build/web/dist. The versioned tag with `integrity` gets its school in a
// Worker (and on the main thread with data-thread="main"); a copy of the folder with one byte changed in the host,
// the engine's script or the wasm (a change that leaves each file valid, so only the hash can tell) gives one
// message naming the file, no school and a page as it was, on both paths; a file the network drops is named as
// unreachable, never as changed.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const sri = (file) => 'sha384-' + crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64');
const ours = (log) => log.warnings().filter((w) => w.startsWith('MiroFish: '));

// One byte changed, the file still valid: the scripts' closing newline becomes a space; in the wasm, a letter of a
// parameter's name in its data (what runs is the same code).
const TAMPER = {
  'mirofish-host.js': (b) => (b[b.length - 1] = 0x20),
  'mirofish-engine.js': (b) => (b[b.length - 1] = 0x20),
  'mirofish.wasm': (b) => {
    const at = b.indexOf('sprintEvery');
    assert.ok(at > 0, "the wasm's data holds the parameter's name");
    b[at + 10] = 'Y'.charCodeAt(0);
  },
};

describe('one integrity for every file the tag brings in', () => {
  let browser, root, cdn, pages, pagesTT, pagesDir, dropping;
  before(async () => {
    // The CDN's root: the site's build (its v/X.Y.Z/), and beside it a copy of that folder per changed file.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-sri-'));
    execFileSync(process.execPath, [path.join(h.ROOT, 'site', 'build.mjs'), path.join(root, 'site')], {
      stdio: 'pipe',
    });
    const good = path.join(root, 'site', 'v', VERSION);
    for (const name of Object.keys(TAMPER)) {
      const dir = path.join(root, name, 'v', VERSION);
      fs.mkdirSync(dir, { recursive: true });
      for (const f of fs.readdirSync(good)) fs.copyFileSync(path.join(good, f), path.join(dir, f));
      const bytes = fs.readFileSync(path.join(dir, name));
      TAMPER[name](bytes);
      fs.writeFileSync(path.join(dir, name), bytes);
      assert.notEqual(sri(path.join(dir, name)), sri(path.join(good, name)));
    }
    const s = await h.serveDir(root, { 'Access-Control-Allow-Origin': '*' });
    cdn = { base: s.base.replace('127.0.0.1', 'localhost'), close: s.close };
    // A CDN whose connection drops for the engine's script (the network, not the file).
    dropping = await new Promise((resolve) => {
      const server = http.createServer((req, res) => {
        const file = path.join(good, path.basename(new URL(req.url, 'http://x').pathname));
        if (file.endsWith('mirofish-engine.js') || !fs.existsSync(file)) return req.socket.destroy();
        res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' });
        res.end(fs.readFileSync(file));
      });
      server.listen(0, '127.0.0.1', () =>
        resolve({
          base: `http://localhost:${server.address().port}`,
          close: () => new Promise((r) => server.close(r)),
        }),
      );
    });
    pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-sri-pages-'));
    pages = await h.serveDir(pagesDir);
    // The same pages under the CDN's strict policy with Trusted Types enforced (docs/hosting.md's table), as a header.
    pagesTT = await h.serveDir(pagesDir, {
      'Content-Security-Policy':
        `script-src 'self' ${cdn.base} 'wasm-unsafe-eval'; connect-src 'self' ${cdn.base}; worker-src 'self' blob:; ` +
        "require-trusted-types-for 'script'; trusted-types mirofish",
    });
    browser = await h.launch([], { asServed: true });
  });
  after(async () => {
    if (browser) await browser.close();
    for (const s of [cdn, pages, pagesTT, dropping]) if (s) await s.close();
    for (const d of [root, pagesDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  const goodLoader = () => path.join(root, 'site', 'v', VERSION, 'mirofish.js');
  // The versioned tag, as the docs write it, for the folder at `base`; `thread` 'main' adds data-thread="main".
  const tag = (base, thread) =>
    `<script src="${base}/v/${VERSION}/mirofish.js" integrity="${sri(goodLoader())}" crossorigin="anonymous" ` +
    `data-fish="30"${thread === 'main' ? ' data-thread="main"' : ''}></script>`;
  let count = 0;
  async function open(body, tt = false) {
    const name = `page-${++count}.html`;
    fs.writeFileSync(
      path.join(pagesDir, name),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a page</title>' +
        `<link rel="icon" href="data:,"></head><body><h1>A page</h1>${body}</body></html>`,
    );
    const p = await browser.newPage({ viewport: { width: 480, height: 320 } });
    const log = h.watchConsole(p);
    await p.goto((tt ? pagesTT : pages).base + '/' + name);
    return { p, log };
  }
  const school = (p) =>
    p.evaluate(async () => {
      const s = await window.MiroFish.ready;
      if (!s) return null;
      while (s.stats().frames < 2) await new Promise((r) => setTimeout(r, 20));
      return { thread: s.stats().thread, fish: s.stats().fish };
    });

  for (const [thread, tt] of [
    ['worker', false],
    ['main', false],
    ['worker', true],
    ['main', true],
  ]) {
    const under = tt ? ', Trusted Types enforced' : '';
    it(`the versioned tag with integrity, from the CDN's v/${VERSION}/: a school (${thread} path${under})`, async () => {
      const { p, log } = await open(tag(cdn.base + '/site', thread), tt);
      assert.deepEqual(await school(p), { thread, fish: 30 });
      assert.ok((await h.fishPixels(p)) > 100, 'fish are drawn');
      assert.deepEqual(log.errors(), []);
      assert.deepEqual(ours(log), []);
      await p.close();
    });

    for (const name of Object.keys(TAMPER)) {
      it(`a byte changed in ${name}: one message naming it, no school, the page as it was (${thread} path${under})`, async () => {
        const { p, log } = await open(tag(cdn.base + '/' + name, thread), tt);
        assert.equal(await school(p), null, 'MiroFish.ready resolves null');
        assert.equal(await p.evaluate(() => window.MiroFish.mount()), null, 'mount() resolves null');
        assert.equal(await p.evaluate(() => document.querySelectorAll('canvas').length), 0);
        const url = `${cdn.base}/${name}/v/${VERSION}/${name}`;
        const expected = sri(path.join(root, 'site', 'v', VERSION, name));
        assert.deepEqual(ours(log), [
          `MiroFish: ${name} at ${url} does not match the hash this mirofish.js was built with (${expected}): ` +
            'take it and mirofish.js from one release',
        ]);
        // The browser's own lines for the refused file are the only console errors: "Failed to find a valid digest in
        // the 'integrity' attribute for resource ... The resource has been blocked.", and after a fetch "Fetch API
        // cannot load ... SRI's integrity checks failed." (a Worker's own lines stay in the Worker's console).
        const errors = log.errors().map((m) => m.text);
        assert.ok(
          errors.every((e) =>
            /^Failed to find a valid digest in the 'integrity' attribute|SRI's integrity checks failed/.test(e),
          ),
          errors.join('\n'),
        );
        await p.close();
      });
    }
  }

  it('without crypto.subtle (a page not served over https): a changed host is still named as changed', async () => {
    const name = 'page-nosubtle.html';
    fs.writeFileSync(
      path.join(pagesDir, name),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a page</title>' +
        `<link rel="icon" href="data:,"></head><body><h1>A page</h1>${tag(cdn.base + '/mirofish-host.js')}</body></html>`,
    );
    const p = await browser.newPage({ viewport: { width: 480, height: 320 } });
    await p.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined }));
    const log = h.watchConsole(p);
    await p.goto(pages.base + '/' + name);
    assert.equal(await school(p), null);
    assert.equal(await p.evaluate(() => typeof crypto.subtle), 'undefined', 'the page has no crypto.subtle');
    const said = ours(log);
    assert.equal(said.length, 1, said.join('\n'));
    assert.match(
      said[0],
      /^MiroFish: mirofish-host\.js at \S+ does not match the hash this mirofish\.js was built with/,
    );
    await p.close();
  });

  it("an engine's script the network drops: named as not fetched, never as changed", async () => {
    const { p, log } = await open(tag(dropping.base, 'worker').replace(`/v/${VERSION}/`, '/'));
    assert.equal(await school(p), null);
    const said = ours(log);
    assert.equal(said.length, 1, said.join('\n'));
    assert.ok(said[0].startsWith(`MiroFish: mirofish-engine.js could not be fetched from ${dropping.base}/`), said[0]);
    assert.doesNotMatch(said[0], /does not match/);
    await p.close();
  });
});
