// A page served with `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'` gets its fish:
// the bundle uses no eval/new Function (Emscripten DYNAMIC_EXECUTION=0) and no inline script. Its Worker runs the
// engine's script checked against the hash mirofish.js was built with, started from the same URL on the page's origin
// (web/host/checked_engine.js): `script-src 'self'` alone allows it, as do `worker-src 'self'` and `worker-src 'self'
// blob:`, with no violation; `worker-src 'none'` gets the school on the main thread, the browser's one report and
// MiroFish's one note.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const h = require('./helpers');
const device = require('./device');

describe('strict Content-Security-Policy', () => {
  const env = h.serverAndBrowser();

  // A page in a context of its own, its console watched; the page records every CSP violation.
  async function newPage() {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__violations.push(e.violatedDirective + ' ' + e.blockedURI),
      );
    });
    const page = await context.newPage();
    return { context, page, consoleLog: h.watchConsole(page) };
  }
  // Opens the CSP fixture under `?csp=<csp>` and waits for 3 frames.
  async function open(csp, header, fixture = 'csp.html', hash = '') {
    const opened = await newPage();
    const response = await opened.page.goto(env.srv.base + '/fixtures/' + fixture + '?csp=' + csp + hash);
    assert.equal(response.headers()['content-security-policy'], header);
    await h.waitForFish(opened.page, 3);
    return opened;
  }
  const violations = (page) => page.evaluate(() => window.__violations.filter((v) => !v.endsWith(' inline')));
  const thread = (page) => page.evaluate(() => window.MiroFish.current.stats().thread);

  it("with worker-src 'self' blob: draws fish on its path, with no violation and no console error", async () => {
    const { context, page, consoleLog } = await open('strict', h.STRICT_CSP);
    assert.equal(await thread(page), h.THREAD, 'the checked Worker may start');
    // The policy really is on: an inline script is refused.
    const inlineRan = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const script = document.createElement('script');
          script.textContent = 'window.__inline = 1;';
          document.head.appendChild(script);
          setTimeout(() => resolve(window.__inline === 1), 50);
        }),
    );
    assert.equal(inlineRan, false, 'inline script is blocked on this page');
    assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
    // The pause button's styles are set through the CSSOM, which style-src does not govern: it is styled and placed.
    const button = await page.evaluate(() => {
      const b = document.querySelector('[data-mirofish-controls]'),
        cs = getComputedStyle(b),
        r = b.getBoundingClientRect();
      return { position: cs.position, width: r.width, left: r.left, top: r.top };
    });
    assert.deepEqual(button, { position: 'fixed', width: 32, left: 12, top: 12 });
    // The only violation and console error allowed are the ones our own inline probe provoked.
    assert.deepEqual(await violations(page), []);
    const errors = consoleLog.errors().filter((m) => !/inline script/.test(m.text));
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  // worker-src falls back to script-src: 'self' there allows the Worker from the engine's own URL on the page's
  // origin, which needs no blob: (#58): the school keeps its Worker with no violation and no console line, as before
  // the integrity check.
  for (const [csp, policy] of [
    ['script', h.SCRIPT_CSP],
    ['worker', h.SCRIPT_CSP + "; worker-src 'self'"],
  ]) {
    it(`${policy.replace(/^.*; /, '')}: the Worker from the engine's checked URL, no violation, no line`, async () => {
      const { context, page, consoleLog } = await open(csp, policy);
      assert.equal(await thread(page), h.THREAD);
      assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
      if (h.THREAD === 'worker') {
        const urls = page.workers().map((w) => w.url());
        assert.deepEqual(urls, [env.srv.base + '/dist/mirofish-engine.js'], 'no blob: Worker');
      }
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(consoleLog.errors(), []);
      assert.deepEqual(consoleLog.warnings(), []);
      assert.deepEqual(notes(consoleLog), []);
      await context.close();
    });
  }

  // The engine's script is fetched against its hash, then the Worker asks for the same URL: from a server that lets
  // the browser keep its files, that second request is the browser's cache, and the server sends the engine once.
  it("script-src 'self' and cacheable files: the engine's script reaches the page once, the Worker's from the cache", async () => {
    // The files as served: the tests' front on the engine (device.js) is a route, and a routed request skips the cache.
    const { context, page, consoleLog } = await newPage();
    await device.asServed(context);
    await page.goto(env.srv.base + '/fixtures/csp.html?csp=script&cache=1');
    await h.waitForFish(page, 3);
    assert.equal(await thread(page), h.THREAD);
    const hits = (file) => env.srv.hits.get('/dist/' + file + '?cache=1') || 0;
    assert.deepEqual(
      ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'].map(hits),
      [1, 1, 1, 1],
      'each file from the server once',
    );
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  // 'none' allows no Worker at all. On the worker path the browser refuses the Worker and reports it itself (one
  // violation, one console error of its own); the main-thread path never asks for one.
  const REFUSAL = /worker.*violates the following Content Security Policy directive/i;
  for (const [csp, policy, refusal] of [
    ['noworker', h.SCRIPT_CSP + "; worker-src 'none'", new RegExp(REFUSAL.source + `: "worker-src 'none'"`, 'i')],
  ]) {
    it(`${policy.replace(/^.*; /, '')}: no Worker, the main thread; the browser's one report, one note`, async () => {
      const { context, page, consoleLog } = await open(csp, policy);
      assert.equal(await thread(page), 'main');
      assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
      const refused = h.THREAD === 'worker' ? ['worker-src ' + env.srv.base + '/dist/mirofish-engine.js'] : [];
      assert.deepEqual(await violations(page), refused);
      const errors = consoleLog.errors().map((m) => m.text);
      assert.equal(errors.length, refused.length, errors.join('\n'));
      for (const text of errors) assert.match(text, refusal);
      assert.deepEqual(
        consoleLog.warnings(),
        [],
        'no warning from MiroFish: the main thread is a fallback, not a fault',
      );
      assert.deepEqual(notes(consoleLog), h.THREAD === 'worker' ? [WORKER_NOTE('worker-src')] : []);
      await context.close();
    });
  }

  // The same policy in a <meta> tag, which the page can read: no Worker is tried, so nothing is refused or reported
  // to the site (web/core/csp.js metaRefusesWorkers); the note says why the main thread.
  it(
    "worker-src 'none' in a <meta> tag: no Worker tried, the main thread: no violation, no error, one note",
    h.ONE_PATH,
    async () => {
      const { context, page, consoleLog } = await newPage();
      await page.goto(env.srv.base + '/fixtures/csp-meta.html');
      await h.waitForFish(page, 3);
      assert.equal(await thread(page), 'main');
      assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(consoleLog.errors(), []);
      assert.deepEqual(consoleLog.warnings(), []);
      assert.deepEqual(notes(consoleLog), [WORKER_NOTE('worker-src')]);
      await context.close();
    },
  );

  // A nonce-only policy: the loader's tag carries the nonce, and every file MiroFish adds beside it (the
  // host, the main-thread engine, the studio's recorder) carries it too. No Worker may start under it.
  it("script-src 'nonce-abc': the nonce carries to the host and the engine; the refused Worker is one note", async () => {
    const { context, page, consoleLog } = await open('nonce', h.NONCE_CSP, 'csp-nonce.html');
    assert.equal(await thread(page), 'main');
    assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
    // Only the Worker is refused (the browser says so itself, once): never a script of ours.
    const refused = h.THREAD === 'worker' ? ['worker-src ' + env.srv.base + '/dist/mirofish-engine.js'] : [];
    assert.deepEqual(await violations(page), refused);
    assert.equal(
      consoleLog.errors().length,
      refused.length,
      consoleLog
        .errors()
        .map((m) => m.text)
        .join('\n'),
    );
    assert.deepEqual(consoleLog.warnings(), [], 'no "not found": nothing was missing');
    assert.deepEqual(notes(consoleLog), h.THREAD === 'worker' ? [WORKER_NOTE('worker-src')] : []);
    await context.close();
  });

  it('script-src \'nonce-abc\' with data-thread="main", the studio and the recorder: a school, a panel, a clip', async () => {
    const { context, page, consoleLog } = await open('nonce', h.NONCE_CSP, 'csp-nonce-studio.html', '#studio=1');
    assert.equal(await thread(page), 'main');
    await recordClip(page);
    assert.ok((await h.fishPixels(page)) > 500, 'the school still swims');
    assert.equal(page.workers().length, 0, 'data-thread="main": MiroFish tried no Worker, the recorder\'s neither');
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  // Trusted Types enforced (`require-trusted-types-for 'script'; trusted-types mirofish`): every script URL MiroFish
  // hands to a sink (the host's and the engine's <script>, the Worker, the recorder's) goes through its one policy.
  it("Trusted Types enforced, 'mirofish' the one policy named: the school on its path, no violation", async () => {
    const { context, page, consoleLog } = await open('tt', h.TT_CSP);
    assert.equal(await thread(page), h.THREAD);
    assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
    // The policy really is enforced: a plain string in a script sink is refused.
    const refused = await page.evaluate(() => {
      try {
        document.createElement('script').src = '/not-ours.js';
        return false;
      } catch (e) {
        return e instanceof TypeError;
      }
    });
    assert.equal(refused, true, 'a plain script URL throws on this page');
    // The only violation and console error are the ones that probe provoked.
    const ours = (await violations(page)).filter((v) => !/^require-trusted-types-for/.test(v));
    assert.deepEqual(ours, []);
    assert.equal((await violations(page)).length, 1, (await violations(page)).join('\n'));
    assert.equal(
      consoleLog.errors().length,
      1,
      consoleLog
        .errors()
        .map((m) => m.text)
        .join('\n'),
    );
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('Trusted Types enforced: the studio, and its recorder records a clip', async () => {
    const { context, page, consoleLog } = await open('tt', h.TT_CSP, 'studio.html', '#studio=1');
    await recordClip(page);
    assert.ok((await h.fishPixels(page)) > 500, 'the school still swims');
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  // The ES modules as shipped (the page's folder, no bundler): the engine's and the recorder's module Workers go
  // through the policy too. The production modules carry no test hooks: the Worker path alone.
  it(
    'Trusted Types enforced: the ES modules as shipped, their Workers under the policy, a clip',
    h.ONE_PATH,
    async () => {
      const { context, page, consoleLog } = await newPage();
      await page.goto(env.srv.base + '/fixtures/module.html?csp=tt');
      const r = await page.evaluate(async () => {
        const school = await window.__school;
        while (school.stats().frames < 3) await new Promise((res) => setTimeout(res, 20));
        const clip = await window.__record(school, { seconds: 0.25, fps: 24, width: 320, height: 180 });
        return { thread: school.stats().thread, type: clip.type, size: clip.size };
      });
      assert.equal(r.thread, 'worker');
      assert.equal(r.type, 'video/webm');
      assert.ok(r.size > 1000, `${r.size} bytes`);
      assert.ok(
        page.workers().some((w) => /\/dist\/mirofish-record\.mjs$/.test(w.url())),
        'the recorder ran in its module Worker',
      );
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(consoleLog.errors(), []);
      assert.deepEqual(consoleLog.warnings(), []);
      await context.close();
    },
  );

  // The block editors' canvas is an about:srcdoc iframe, whose location.origin is "null" while its own origin (and
  // the policy it inherits) is the page's: its school keeps its path, under Trusted Types too.
  it("Trusted Types enforced, in an about:srcdoc iframe (an editor's canvas): the school on its path, the recorder in its Worker", async () => {
    const { context, page, consoleLog } = await newPage();
    await page.goto(env.srv.base + '/fixtures/srcdoc.html?csp=tt');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await h.waitFor(frame, () => window.MiroFish && MiroFish.current && MiroFish.current.stats().frames > 2);
    assert.deepEqual(
      await frame.evaluate(() => [location.origin, self.origin === parent.origin, MiroFish.current.stats().thread]),
      ['null', true, h.THREAD],
    );
    // its recorder too: the recorder's Worker from its own script, the document's origin being the page's
    const clip = await frame.evaluate(async () => {
      const blob = await MiroFish.current.record({ seconds: 0.25, fps: 24, width: 320, height: 180 });
      return { type: blob.type, size: blob.size };
    });
    assert.ok(clip.size > 1000 && /^video\//.test(clip.type), JSON.stringify(clip));
    // (on the main-thread path the test bundle keeps every engine on the page, the recorder's too)
    assert.ok(
      h.THREAD === 'main' || page.workers().some((w) => /\/dist\/mirofish-record\.js$/.test(w.url())),
      'the recorder ran in its Worker: ' + page.workers().map((w) => w.url()),
    );
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it(
    "Trusted Types enforced with a policy list that leaves out 'mirofish': no school, one line that says so",
    h.ONE_PATH,
    async () => {
      const { context, page, consoleLog } = await newPage();
      await page.goto(env.srv.base + '/fixtures/csp.html?csp=ttother');
      assert.equal(await page.evaluate(() => window.MiroFish.ready), null, 'no school');
      assert.deepEqual(consoleLog.warnings(), [
        "MiroFish: this page enforces Trusted Types and its Content-Security-Policy's trusted-types leaves out " +
          "MiroFish's policy: add mirofish there (docs/hosting.md#trusted-types)",
      ]);
      await context.close();
    },
  );

  it('a policy that refuses the engine\'s script: named as refused, with the directive, never as "not found"', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    const base = env.srv.base;
    // mirofish.js and its host are allowed by their URLs; the engine beside them is not, nor any Worker.
    await page.route(base + '/fixtures/csp.html', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: Object.assign({}, response.headers(), {
          'content-security-policy': `script-src ${base}/dist/mirofish.js ${base}/dist/mirofish-host.js 'wasm-unsafe-eval'; worker-src 'none'`,
        }),
      });
    });
    await page.goto(base + '/fixtures/csp.html');
    await h.waitFor(page, () => window.MiroFish && window.MiroFish.ready.then(() => true));
    assert.equal(await page.evaluate(() => window.MiroFish.ready), null, 'no school: its engine could not run');
    const said = consoleLog.warnings().filter((t) => /mirofish-engine/.test(t));
    assert.deepEqual(said, [
      `MiroFish: this page's Content-Security-Policy refused mirofish-engine.js at ` +
        `${base}/dist/mirofish-engine.js (script-src-elem): allow its URL there, or give the page's nonce to mirofish.js`,
    ]);
    await context.close();
  });
});

// MiroFish's one line where the page's CSP refused its engine's Worker (core/channel.js).
const WORKER_NOTE = (directive) =>
  `MiroFish: this page's Content-Security-Policy refused the engine's Worker (${directive}): it runs on the main thread instead`;
const notes = (log) => log.log.filter((m) => m.type === 'info' && /^MiroFish:/.test(m.text)).map((m) => m.text);

// Opens the studio's Record panel, records a quarter second at 24 fps and 640x360, and checks the clip offered.
async function recordClip(page) {
  await h.waitFor(
    page,
    () => {
      const root = document.querySelector('mirofish-studio');
      const rec = root && root.shadowRoot.querySelector('section[aria-label="record"]');
      return rec && !rec.querySelector('fieldset').disabled && !rec.querySelector('button').disabled;
    },
    undefined,
    30000,
  );
  await page.locator('mirofish-studio').evaluate((host) => {
    const root = host.shadowRoot.querySelector('section[aria-label="record"]');
    root.querySelector('input[type=number]').value = '0.25';
    root.querySelector('select[aria-label="frames a second"]').value = '24';
    root.querySelector('select[aria-label=size]').value = '640x360';
    root.querySelector('button').click();
  });
  await h.studioClipOffered(page);
  // Saved as a visitor saves it (the link clicked): a page's `connect-src` may refuse its own fetch of a blob: URL.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('mirofish-studio a.download').click(),
  ]);
  const file = await download.path();
  const head = fs.readFileSync(file).subarray(0, 4);
  assert.equal(download.suggestedFilename(), 'mirofish-7-0.25s.webm');
  assert.equal(head.toString('hex'), '1a45dfa3', 'a WebM (EBML) file');
  assert.ok(fs.statSync(file).size > 1000, `${fs.statSync(file).size} bytes`);
}
