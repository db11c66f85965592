// A page opened from disk (file://), as someone tries the release's files before serving them: the loader says once
// that the page must be served, with the one-line way (core/from_disk.js), asks the browser for nothing beside it (no
// CORS error of Chromium's), leaves the poster and mounts nothing; the same folder served as the line says
// (`python3 -m http.server`) gets its school.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const h = require('./helpers');

const FILES = ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'];
const SAID =
  'MiroFish: this page is opened from disk (file://), where the browser loads no file beside it (mirofish-host.js): ' +
  'serve its folder over http(s), e.g. `python3 -m http.server` there, then open http://localhost:8000/';
// The tag's own school with a poster, a <miro-fish>, and a mount() of the page's: three asks of the one host.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>from disk</title>
<link rel="icon" href="data:,"><script src="mirofish.js" data-fish="60" data-poster="poster.webp"></script></head>
<body><h1>A page opened from disk</h1><miro-fish fish="20" style="height:200px"></miro-fish><div id="box"></div>
<script>window.mounted = MiroFish.mount('#box', { fish: 10 });</script></body></html>`;

describe('a page opened from disk (file://)', () => {
  let dir, browser;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-disk-'));
    for (const f of FILES) fs.copyFileSync(path.join(h.DIST, f), path.join(dir, f));
    fs.copyFileSync(path.join(__dirname, 'fixtures', 'poster.webp'), path.join(dir, 'poster.webp'));
    fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
    browser = await h.launch([], { asServed: true }); // device.js's front refetches the loader: not from file://
  });
  after(async () => {
    if (browser) await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says once that it must be served, and how; fetches nothing beside it; the poster stays', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const log = h.watchConsole(page);
    const asked = [];
    page.on('request', (r) => asked.push(path.basename(new URL(r.url()).pathname)));
    await page.goto('file://' + path.join(dir, 'index.html'));
    const got = await page.evaluate(async () => ({
      ready: await MiroFish.ready,
      mounted: await window.mounted,
      again: await MiroFish.mount('#box', { fish: 10 }),
      table: (await MiroFish.table()).length,
      canvases: document.querySelectorAll('canvas').length,
      poster: !!document.querySelector('img[src$="poster.webp"]'),
    }));
    assert.deepEqual(got, { ready: null, mounted: null, again: null, table: 0, canvases: 0, poster: true });
    assert.deepEqual(
      log.log.map((m) => m.type + ': ' + m.text),
      ['warning: ' + SAID],
    );
    assert.deepEqual(asked.sort(), ['index.html', 'mirofish.js', 'poster.webp']);
    await page.close();
  });

  it('gets its school once the folder is served as the line says (python3 -m http.server)', async () => {
    // Port 0: any free one (the line's 8000 may be taken here); the address is read from the server's first line.
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1'], { cwd: dir });
    try {
      const port = await new Promise((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d) => {
          out += d;
          const m = /port (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        server.on('exit', (code) => reject(new Error('http.server exited ' + code + ': ' + out)));
      });
      const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
      const log = h.watchConsole(page);
      await page.goto(`http://127.0.0.1:${port}/`);
      await h.waitForFish(page, 1);
      assert.equal(await page.evaluate(() => MiroFish.current.get('fish')), 60);
      assert.deepEqual(log.warnings(), []);
      assert.deepEqual(log.errors(), []);
      await page.close();
    } finally {
      server.kill();
    }
  });
});
