// The demo page (auto-mount from the script tag): fish drawn and moving, page stays clickable, no console errors,
// hidden/visible, idle rate, reduced motion, context loss, share().
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const VIEWPORT = { width: 960, height: 640 };

describe('demo page', () => {
  const env = h.serverAndBrowser();

  async function open(path = '/', contextOptions = {}, frames = 3) {
    const context = await env.browser.newContext({ viewport: VIEWPORT, ...contextOptions });
    await context.addInitScript(() => {
      window.__globalsBefore = Object.getOwnPropertyNames(window);
    });
    await context.addInitScript(h.countFrames);
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + path);
    await h.waitForFish(page, frames);
    assert.equal(await page.evaluate(() => window.MiroFish.current.stats().thread), h.THREAD);
    // On the worker path the frame loop asks the Worker's own requestAnimationFrame: counted there the same way (from
    // now on; the page's count above sees only the page's own).
    const worker = h.THREAD === 'worker' ? page.workers()[0] : null;
    if (worker) await worker.evaluate(h.countFrames);
    // Animation-frame callbacks run so far: the page's, and the engine's Worker's on that path.
    const rafRuns = async () => ({
      page: await page.evaluate(() => window.__rafRuns),
      engine: worker ? await worker.evaluate(() => self.__rafRuns) : null,
    });
    return { context, page, consoleLog, rafRuns };
  }

  it('draws fish that move, behind clickable text, with no console errors', async () => {
    const { context, page, consoleLog } = await open();
    const stats = await page.evaluate(() => window.MiroFish.current.stats());
    assert.equal(stats.fish, 200);
    assert.match(stats.state, h.ANIMATING);

    // Fish are on screen: the page differs with the canvas shown and hidden.
    const fish = await h.fishPixels(page);
    assert.ok(fish > 500, `expected fish pixels on screen, got ${fish}`);

    // They move: two screenshots 30 steps apart differ.
    const a = await h.shot(page);
    const steps0 = await page.evaluate(() => window.MiroFish.current.stats().steps);
    await h.waitFor(page, (s) => window.MiroFish.current.stats().steps >= s + 30, steps0);
    const b = await h.shot(page);
    const moved = h.diffPixels(a, b);
    assert.ok(moved > 200, `expected moving fish, ${moved} pixels changed`);

    // The canvas is behind everything and takes no input; links stay on top and clickable.
    const canvas = await page.evaluate(() => {
      const c = window.MiroFish.current.canvas;
      const s = getComputedStyle(c);
      return {
        position: s.position,
        zIndex: s.zIndex,
        pointerEvents: s.pointerEvents,
        parent: c.parentElement.tagName,
      };
    });
    assert.deepEqual(canvas, { position: 'fixed', zIndex: '-1', pointerEvents: 'none', parent: 'BODY' });
    for (const id of ['nav-about', 'boids-link', 'mail-link', 'share-link']) {
      const hit = await page.evaluate((linkId) => {
        const link = document.getElementById(linkId);
        const r = link.getBoundingClientRect();
        link.scrollIntoView({ block: 'center' });
        const r2 = link.getBoundingClientRect();
        return document.elementFromPoint(r2.left + r2.width / 2, r2.top + r2.height / 2) === link && r.width > 0;
      }, id);
      assert.ok(hit, `#${id} is the element under its own centre`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // A real click on an anchor link navigates as without MiroFish, and clicks reach the page.
    await page.click('#nav-about');
    assert.equal(await page.evaluate(() => location.hash), '#about');
    assert.match(await page.evaluate(() => window.MiroFish.current.stats().state), h.ANIMATING);

    // Only one global added.
    const globals = await page.evaluate(() => {
      const before = new Set(window.__globalsBefore.concat(['__globalsBefore', '__rafRuns']));
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name));
    });
    assert.deepEqual(globals, ['MiroFish']);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('stops every frame and step while hidden, resumes when visible; a user pause survives', async () => {
    const { context, page, consoleLog, rafRuns } = await open();
    // The engine's last snapshot: it comes at most 100 ms after a frame (the last one after the loop has stopped).
    const sample = async () => {
      const s = await page.evaluate(() => window.MiroFish.current.stats());
      return { steps: s.steps, frames: s.frames, raf: await rafRuns(), state: s.state };
    };
    // Two samples `span` ms apart, once `settle` ms have let the last snapshot come.
    const twoSamples = async (settle, span) => {
      await page.waitForTimeout(settle);
      const first = await sample();
      await page.waitForTimeout(span);
      return [first, await sample()];
    };

    await h.setHidden(page, true);
    const [a, b] = await twoSamples(400, 1200);
    assert.equal(b.state, 'hidden');
    assert.equal(b.steps, a.steps, 'no steps while hidden');
    assert.equal(b.frames, a.frames, 'no frames while hidden');
    assert.equal(b.raf.page, a.raf.page, 'no requestAnimationFrame callbacks while hidden');
    assert.equal(b.raf.engine, a.raf.engine, "none in the engine's Worker either");

    await h.setHidden(page, false);
    await h.waitFor(page, (f) => window.MiroFish.current.stats().frames >= f + 3, b.frames);
    const c = await sample();
    assert.match(c.state, h.ANIMATING);
    assert.ok(c.steps > b.steps);
    if (h.THREAD === 'worker') assert.ok(c.raf.engine > b.raf.engine, "the Worker's frames come back");
    else assert.ok(c.raf.page > b.raf.page, "the page's frames come back");

    // pause() is the page's; visibility changes never undo it.
    await page.evaluate(() => window.MiroFish.current.pause());
    await h.setHidden(page, true);
    await h.setHidden(page, false);
    const [d, e] = await twoSamples(300, 800);
    assert.equal(e.state, 'paused');
    assert.equal(e.steps, d.steps);
    assert.equal(e.frames, d.frames);
    assert.equal(e.raf.engine, d.raf.engine, 'no engine frames while paused');
    await page.evaluate(() => window.MiroFish.current.resume());
    await h.waitFor(page, (f) => window.MiroFish.current.stats().frames >= f + 3, e.frames);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('drops to idleFps while the pointer is away and returns to full rate', async () => {
    const { context, page, consoleLog } = await open();
    await page.evaluate(() => window.MiroFish.current.set('idleFps', 2));
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 310);
    const rate = async (ms) => {
      const f0 = await page.evaluate(() => window.MiroFish.current.stats().frames);
      await page.waitForTimeout(ms);
      const f1 = await page.evaluate(() => window.MiroFish.current.stats().frames);
      return ((f1 - f0) * 1000) / ms;
    };
    const full = await rate(2000);
    assert.match(await page.evaluate(() => window.MiroFish.current.stats().state), h.ANIMATING);

    // The pointer leaving reaches the engine (its Worker, or this thread) in a message: its snapshot says idle next.
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null })),
    );
    await h.waitFor(page, () => window.MiroFish.current.stats().state === 'idle', undefined, 5000);
    await page.waitForTimeout(600);
    const idle = await rate(3000);
    assert.ok(idle <= 2.7, `idle rate ${idle.toFixed(2)} fps should be about idleFps=2`);
    assert.ok(idle >= 1, `idle rate ${idle.toFixed(2)} fps should still animate`);
    assert.ok(full > idle, `full rate ${full.toFixed(2)} fps should beat idle ${idle.toFixed(2)}`);

    await page.mouse.move(400, 300);
    await h.waitFor(page, () => window.MiroFish.current.stats().state === 'running', undefined, 5000);
    const back = await rate(2000);
    assert.ok(back > idle, `back at full rate: ${back.toFixed(2)} fps > ${idle.toFixed(2)}`);

    // Blur also counts as away.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await h.waitFor(page, () => window.MiroFish.current.stats().state === 'idle', undefined, 5000);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('honours prefers-reduced-motion, and reducedMotion=0 overrides it', async () => {
    const { context, page, consoleLog } = await open('/', { reducedMotion: 'reduce' }, 1);
    const a = await page.evaluate(() => window.MiroFish.current.stats());
    assert.equal(a.state, 'reduced-motion');
    await page.waitForTimeout(800);
    const b = await page.evaluate(() => window.MiroFish.current.stats());
    assert.equal(b.steps, a.steps, 'a still school');
    assert.ok((await h.fishPixels(page)) > 200, 'the still school is drawn');
    await page.evaluate(() => window.MiroFish.current.set('reducedMotion', 0));
    await h.waitFor(page, (s) => window.MiroFish.current.stats().steps > s + 5, b.steps);
    assert.match(await page.evaluate(() => window.MiroFish.current.stats().state), h.ANIMATING);
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it('recovers from a WebGL context loss without reload', async () => {
    const { context, page, consoleLog } = await open();
    try {
      // WEBGL_lose_context on the context the engine draws with (in its Worker on that path): the test bundle's hooks.
      await page.evaluate(() => window.MiroFish.current._test.loseContext());
      await h.waitFor(page, () => !window.MiroFish.current.stats().rendering);
      await page.waitForTimeout(200);
      await page.evaluate(() => window.MiroFish.current._test.restoreContext());
      await h
        .waitFor(page, () => window.MiroFish.current.stats().rendering, undefined, 10000)
        .catch(() => {
          assert.fail('still not rendering 10 s after school._test.restoreContext(): the context was not restored');
        });
      const f = await page.evaluate(() => window.MiroFish.current.stats().frames);
      await h.waitFor(page, (n) => window.MiroFish.current.stats().frames >= n + 3, f);
      assert.ok((await h.fishPixels(page)) > 500, 'fish drawn again after restore');
      assert.deepEqual(consoleLog.errors(), []);
    } finally {
      await context.close();
    }
  });

  it('share() writes the school into the hash without a history entry; a plain anchor is left alone', async () => {
    const { context, page, consoleLog } = await open('/#about');
    const before = await page.evaluate(() => ({ len: history.length, y: scrollY, hash: location.hash }));
    assert.equal(before.hash, '#about');
    const url = await page.evaluate(() => window.MiroFish.current.share());
    const after = await page.evaluate(() => ({
      len: history.length,
      y: scrollY,
      hash: location.hash,
      href: location.href,
    }));
    assert.equal(after.href, url);
    assert.equal(after.len, before.len, 'no new history entry');
    assert.equal(after.y, before.y, 'no scroll');
    assert.match(after.hash, /^#n=200&seed=7&w=\d+&h=\d+&/);
    const params = await page.evaluate(() => window.MiroFish.current.params());
    assert.equal(params.fish, 200);
    assert.equal(params.seed, 7);
    assert.equal(params.width, VIEWPORT.width);
    assert.equal(params.height, VIEWPORT.height);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });
});
