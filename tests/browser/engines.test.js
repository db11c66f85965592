// What must hold in every engine a visitor brings: run once per engine by scripts/test-browser
// (MIROFISH_ENGINE=chromium | firefox | webkit | webkit-workers; the last three under xvfb-run), through the thin page
// interface of engines.js. The school mounts from one script tag and draws, in the Worker wherever the engine can
// draw WebGL2 there; a shared hash and trajectory() replay the native CLI bit for bit (wasm is deterministic across
// engines); hidden = no work; reduced motion = a still school; the pause button from the keyboard; destroy() and
// <miro-fish> leave nothing; a lost context heals; a strict CSP page runs; the next page of a site goes on with the
// same school (a view transition in Chromium and WebKit); nothing of ours in the console.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');
const { ENGINE, openEngine } = require('./engines');
const look = require('./look');

const haveCli = fs.existsSync(h.CLI);
const cli = (args) => execFileSync(h.CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const cliStateHash = (out) => out.match(/^state-hash ([0-9a-f]{16})$/m)[1];

// Whether a plain Worker of this engine draws WebGL2 on an OffscreenCanvas, probed as the engine's Worker would.
function probeWorkerWebGL2() {
  if (typeof OffscreenCanvas !== 'function' || !HTMLCanvasElement.prototype.transferControlToOffscreen) return false;
  const src =
    "let ok = false; try { ok = !!new OffscreenCanvas(4, 4).getContext('webgl2'); } catch (e) {} postMessage(ok);";
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const worker = new Worker(url);
  return new Promise((resolve) => {
    const done = (v) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve(v);
    };
    worker.onmessage = (e) => done(e.data === true);
    worker.onerror = () => done(false);
    setTimeout(() => done(false), 10000);
  });
}

describe(`every engine: ${ENGINE}`, () => {
  let srv, engine, expectedThread;
  before(async () => {
    srv = await h.startServer({ recorder: true });
    engine = await openEngine();
    const page = await engine.newPage();
    await page.goto(srv.base + '/fixtures/manual.html');
    const canDraw = await page.evaluate(probeWorkerWebGL2);
    await page.close();
    expectedThread = h.THREAD === 'main' || !canDraw ? 'main' : 'worker';
    // The engines whose Worker draws WebGL2 here (Debian's builds, software GL): a probe that says otherwise is a
    // broken rig, not a browser to fall back for.
    const known = { chromium: 'worker', firefox: 'worker', webkit: 'main', 'webkit-workers': 'worker' }[ENGINE];
    if (h.THREAD !== 'main') assert.equal(expectedThread, known, `${ENGINE}'s Worker WebGL2 probe`);
  });
  after(async () => {
    if (engine) await engine.close();
    await srv.close();
  });

  // A page, with its console checked when the test is done: nothing from MiroFish, no error at all.
  async function open(url, { width = 800, height = 600, warnings = [] } = {}) {
    const page = await engine.newPage({ width, height });
    await page.goto(srv.base + url);
    page.done = async () => {
      assert.deepEqual(await page.console.errors(), [], 'no console error');
      assert.deepEqual(
        (await page.console.warnings()).filter((w) => /MiroFish/.test(w)),
        warnings,
        'no warning from MiroFish',
      );
      await page.close();
    };
    return page;
  }
  const ready = (page, frames = 2) =>
    page.waitFor(
      (n) => window.MiroFish && window.MiroFish.current && window.MiroFish.current.stats().frames >= n,
      frames,
      30000,
      `${frames} frames of the auto-mounted school`,
    );
  // A page at `url` once its auto-mounted school has drawn `frames` frames.
  async function openReady(url, frames) {
    const page = await open(url);
    await ready(page, frames);
    return page;
  }
  const stats = (page) => page.evaluate(() => window.MiroFish.current.stats());
  // Pixels the canvas adds to the page: screenshots with it shown and hidden.
  async function fishPixels(page) {
    const withFish = h.decodePng(await page.screenshot());
    await page.evaluate(() => {
      window.MiroFish.current.canvas.style.visibility = 'hidden';
    });
    const without = h.decodePng(await page.screenshot());
    await page.evaluate(() => {
      window.MiroFish.current.canvas.style.visibility = '';
    });
    return h.diffPixels(withFish, without);
  }

  it('mounts from one script tag, steps and draws, in the Worker wherever the engine draws WebGL2 there', async () => {
    const page = await openReady('/fixtures/auto.html', 3);
    const s = await stats(page);
    assert.equal(s.thread, expectedThread);
    assert.match(s.state, h.ANIMATING);
    assert.equal(s.fish, 150);
    assert.equal(s.rendering, true);
    const fish = await fishPixels(page);
    assert.ok(fish > 300, `fish on screen (${fish} pixels)`);
    const a = h.decodePng(await page.screenshot());
    await page.waitFor((n) => window.MiroFish.current.stats().steps >= n + 30, s.steps);
    const moved = h.diffPixels(a, h.decodePng(await page.screenshot()));
    assert.ok(moved > 100, `the fish move (${moved} pixels changed)`);
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 1);
    await page.done();
  });

  it(
    "replays a shared hash to the native CLI's state hash, and trajectory() to the CLI's bytes",
    { skip: !haveCli && 'no native CLI' },
    async () => {
      const hash = 'n=150&seed=42&w=1200&h=800&rsep=25&wali=1.2';
      const page = await open('/fixtures/manual.html#' + hash);
      const r = await page.evaluate(() =>
        window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
          const taken = await school.step(600);
          const out = { taken, hash: await school.stateHash(), thread: school.stats().thread, link: school.hash() };
          const tr = await school.trajectory(120, 40);
          out.meta = tr.meta;
          out.hex = Array.from(new Uint8Array(tr.data.buffer), (b) => b.toString(16).padStart(2, '0')).join('');
          school.destroy();
          return out;
        }),
      );
      assert.equal(r.thread, expectedThread);
      assert.equal(r.taken, 600);
      assert.equal(
        r.hash,
        cliStateHash(cli(['run', '--hash', hash, '--steps', '600'])),
        'the page agrees with `mirofish run`',
      );
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-engines-'));
      try {
        const file = path.join(dir, 't.f32');
        const out = cli(['run', '--hash', r.link, '--steps', '120', '--every', '40', '--trajectory', file]);
        const bytes = fs.readFileSync(file);
        assert.equal(r.hex.length, 2 * bytes.length);
        assert.ok(bytes.equals(Buffer.from(r.hex, 'hex')), 'trajectory() is the CLI file, bit for bit');
        assert.deepEqual(r.meta, JSON.parse(fs.readFileSync(file + '.json', 'utf8')));
        assert.equal(h.fnv1a(bytes.subarray(bytes.length - 150 * 16)), cliStateHash(out));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await page.done();
    },
  );

  it('takes no step and draws no frame while the page is hidden, and comes back when shown', async () => {
    const page = await openReady('/fixtures/auto.html');
    const sample = () =>
      page.evaluate(() => {
        const s = window.MiroFish.current.stats();
        return { steps: s.steps, frames: s.frames, state: s.state, raf: window.__rafRuns };
      });
    await h.setHidden(page, true);
    await page.waitFor(() => window.MiroFish.current.stats().state === 'hidden');
    await page.sleep(400); // the last snapshot after the loop stopped
    const a = await sample();
    await page.sleep(1200);
    const b = await sample();
    assert.equal(b.state, 'hidden');
    assert.deepEqual([b.steps, b.frames], [a.steps, a.frames], 'no step, no frame while hidden');
    assert.equal(b.raf, a.raf, 'no animation frame on the page while hidden');
    await h.setHidden(page, false);
    await page.waitFor((f) => window.MiroFish.current.stats().frames >= f + 3, b.frames);
    const c = await sample();
    assert.match(c.state, h.ANIMATING);
    assert.ok(c.steps > b.steps);
    await page.done();
  });

  it('shows a still school under prefers-reduced-motion', async () => {
    const still = await openEngine(ENGINE, { reducedMotion: true });
    try {
      const page = await still.newPage();
      await page.goto(srv.base + '/fixtures/auto.html');
      assert.equal(
        await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
        true,
        'the engine was started with reduced motion',
      );
      await ready(page, 1);
      const a = await stats(page);
      assert.equal(a.state, 'reduced-motion');
      await page.sleep(800);
      const b = await stats(page);
      assert.equal(b.steps, a.steps, 'a still school');
      assert.ok((await fishPixels(page)) > 200, 'the still school is drawn');
      assert.deepEqual(await page.console.errors(), []);
      await page.close();
    } finally {
      await still.close();
    }
  });

  it('the pause button works from the keyboard: Tab reaches it, Enter pauses, Space resumes', async () => {
    const page = await openReady('/fixtures/controls.html');
    const read = () =>
      page.evaluate(() => {
        const b = document.querySelector('[data-mirofish-controls]');
        const s = window.MiroFish.current.stats();
        return {
          focused: document.activeElement === b,
          pressed: b.getAttribute('aria-pressed'),
          state: s.state,
          steps: s.steps,
        };
      });
    let b = await read();
    for (let i = 0; i < 10 && !b.focused; i++) {
      await page.press('Tab');
      b = await read();
    }
    assert.ok(b.focused, 'Tab reaches the button');
    await page.press('Enter');
    await page.waitFor(() => window.MiroFish.current.stats().state === 'paused');
    assert.equal((await read()).pressed, 'true');
    await page.sleep(400); // the engine's last snapshot, after its loop stopped
    b = await read();
    await page.sleep(500);
    assert.equal((await read()).steps, b.steps, 'no steps while paused');
    await page.press(' ');
    await page.waitFor(() => /^(running|idle)$/.test(window.MiroFish.current.stats().state));
    assert.equal((await read()).pressed, 'false');
    await page.waitFor((n) => window.MiroFish.current.stats().steps > n, b.steps);
    await page.done();
  });

  // docs/hosting.md#one-school-across-pages: the next page of the site goes on with the same school; where the engine
  // has cross-document view transitions (Chromium, WebKit), the page's opt-in CSS morphs it; Firefox simply goes on.
  it('goes on with the same school on the next page of the site, by the keyboard', async () => {
    const page = await openReady('/fixtures/carry-a.html');
    await page.waitFor(() => window.MiroFish.current.stats().steps >= 60);
    const a = await page.evaluate(async () => {
      const s = window.MiroFish.current;
      s.pause();
      await s.step(0);
      document.getElementById('next').focus(); // the focused link asks for the school's snapshot
      return { steps: s.stats().steps, state: await s.stateHash() };
    });
    // The picture is encoded after the snapshot (PNG on WebKit's main thread), and one that has not come by pagehide
    // is not shown: the visitor's second on the link, so that a machine under load still has it.
    await page.sleep(900);
    await page.press('Enter');
    let b = null; // read on the next page: a read while the pages change throws, and is tried again
    for (const deadline = Date.now() + 20000; !b && Date.now() < deadline; await page.sleep(100)) {
      b = await page
        .evaluate(async () => {
          const s = /carry-b/.test(location.pathname) && window.MiroFish && window.MiroFish.current;
          if (!s || !(s.stats().steps > 0)) return null;
          return {
            steps: s.stats().steps,
            state: await s.stateHash(),
            paused: s.stats().state,
            reveal: window.__reveal,
            seen: window.__still, // fixtures/carry-seen.js: what showed before the school's first frame
          };
        })
        .catch(() => null);
    }
    assert.ok(b, 'the next page has its school');
    assert.equal(b.steps, a.steps, 'the step goes on');
    assert.equal(b.state, a.state, 'every fish where it was');
    assert.equal(b.paused, 'paused');
    assert.ok(b.seen.drawn > 100, `page a's school shows from page b's first paint: ${b.seen.drawn} px of 19 200`);
    if (ENGINE !== 'firefox') assert.equal(b.reveal && b.reveal.transition, true, 'a cross-document view transition');
    await page.done();
  });

  it('destroy() leaves no canvas, listener, Worker or live context; <miro-fish> mounts and cleans up', async () => {
    const page = await open('/fixtures/manual.html');
    const before = await page.evaluate(() => ({ listeners: window.__listeners, contexts: window.__liveContexts() }));
    const r = await page.evaluate(async () => {
      const school = await window.MiroFish.mount(undefined, { fish: 30 });
      while (school.stats().frames < 2) await new Promise((res) => setTimeout(res, 20));
      const live = { thread: school.stats().thread, workers: window.__liveWorkers };
      school.destroy();
      const el = document.createElement('miro-fish');
      el.setAttribute('fish', '12');
      el.style.height = '80px';
      document.getElementById('box').append(el);
      while (!el.school) await new Promise((res) => setTimeout(res, 10));
      while (el.school.stats().frames < 2) await new Promise((res) => setTimeout(res, 20));
      const element = {
        fish: el.school.stats().fish,
        canvas: !!el.querySelector('canvas'),
        thread: el.school.stats().thread,
      };
      el.remove();
      await new Promise((res) => setTimeout(res, 600));
      return {
        live,
        element,
        canvases: document.querySelectorAll('canvas').length,
        listeners: window.__listeners,
        contexts: window.__liveContexts(),
        workers: window.__liveWorkers,
        all: window.MiroFish.all.length,
      };
    });
    assert.equal(r.live.thread, expectedThread);
    if (expectedThread === 'worker') assert.equal(r.live.workers, 1, 'the engine ran in one Worker');
    assert.deepEqual(r.element, { fish: 12, canvas: true, thread: expectedThread });
    assert.deepEqual(
      { canvases: r.canvases, listeners: r.listeners, contexts: r.contexts, workers: r.workers, all: r.all },
      { canvases: 0, listeners: before.listeners, contexts: before.contexts, workers: 0, all: 0 },
    );
    await page.done();
  });

  it('heals a lost WebGL context', async () => {
    const page = await openReady('/fixtures/auto.html');
    await page.evaluate(() => window.MiroFish.current._test.loseContext());
    await page.waitFor(() => !window.MiroFish.current.stats().rendering);
    await page.sleep(200);
    await page.evaluate(() => window.MiroFish.current._test.restoreContext());
    await page.waitFor(() => window.MiroFish.current.stats().rendering, undefined, 15000);
    const f = (await stats(page)).frames;
    await page.waitFor((n) => window.MiroFish.current.stats().frames >= n + 3, f);
    assert.ok((await fishPixels(page)) > 300, 'fish drawn again');
    await page.done();
  });

  // look.test.js's core: with water=1 the page's text reads at 4.5:1 over the water, and still does once a site's own
  // dark-mode class turns its text light.
  it("water=1: the page text reads at 4.5:1 over the water, before and after a site's dark class", async () => {
    const page = await openReady('/fixtures/look.html#water=1');
    await page.evaluate(async () => {
      const s = window.MiroFish.current;
      s.pause();
      await s.set('opacity', 0); // the water alone
    });
    const day = await look.readable(page);
    assert.ok(day.ratio >= 4.5, `text ${day.text} over the water: ${day.ratio.toFixed(2)}:1`);
    await page.evaluate(() => document.documentElement.classList.add('night'));
    const night = await look.readable(page);
    assert.equal(night.text, 'rgb(232, 230, 227)', 'the class turned the text light');
    assert.ok(night.ratio >= 4.5, `text ${night.text} over the water: ${night.ratio.toFixed(2)}:1`);
    await page.done();
  });

  // worker-src 'self' blob:, the policy docs/hosting.md gives for a CDN's files too; script-src 'self' alone (no blob:,
  // nothing said of workers): the Worker starts from the engine's checked URL on the page's origin
  for (const [csp, policy] of [
    ['strict', "a strict Content-Security-Policy (worker-src 'self' blob:)"],
    ['script', "script-src 'self' alone (no blob:, nothing said of workers)"],
    ['tt', "Trusted Types enforced, 'mirofish' the one policy named"],
  ]) {
    it(`runs under ${policy} with no violation`, async (t) => {
      const page = await openReady('/fixtures/csp.html?csp=' + csp, 3);
      assert.equal((await stats(page)).thread, expectedThread, 'the policy allows the checked Worker');
      assert.ok((await fishPixels(page)) > 300, 'fish are drawn');
      assert.deepEqual(await page.evaluate(() => window.__violations), []);
      if (csp !== 'tt') return page.done();
      assert.deepEqual(await page.console.errors(), [], 'no console error');
      {
        // Whether this engine enforces Trusted Types at all (where it has the API, it must: a plain URL is refused,
        // with the browser's own console error for that probe).
        const r = await page.evaluate(() => {
          const api = typeof window.trustedTypes === 'object';
          try {
            document.createElement('script').src = '/not-ours.js';
            return { api, enforced: false };
          } catch (e) {
            return { api, enforced: e instanceof TypeError };
          }
        });
        t.diagnostic(`Trusted Types: ${r.api ? 'the API' : 'no API'}, ${r.enforced ? 'enforced' : 'not enforced'}`);
        assert.equal(r.enforced, r.api, "an engine with the API enforces the page's policy");
      }
      await page.close();
    });
  }
});
