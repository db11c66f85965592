// Every host page (S-HOST): <miro-fish> in a framework's render loop and in shadow roots, several schools on one
// page, single-page apps (host removal, cancelled mounts, hash routes, share() keeping a route), the three layers on
// an opaque wrapper, a transformed body, a seek while paused, and perf/dpr arriving by hashchange.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const ourWarnings = (log) => log.warnings().filter((w) => w.startsWith('MiroFish: '));

describe('host pages', () => {
  const env = h.serverAndBrowser();
  async function open(path, viewport = { width: 640, height: 400 }) {
    const context = await env.browser.newContext({ viewport });
    await h.instrument(context);
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + path);
    return { context, page, log };
  }
  // Pixels the school (window[handle]) adds to a screenshot: with the canvas shown against hidden.
  const fishPixels = (page, handle) => h.fishPixels(page, undefined, { school: handle });

  it('<miro-fish> mounts, fires ready, follows attributes, survives moves, and leaves nothing after 50 connects in and out of shadow roots', async () => {
    const { context, page, log } = await open('/fixtures/manual.html');
    await page.evaluate(() => window.MiroFish.table()); // the module is loaded: its own state is not a leak
    const before = await page.evaluate(() => ({ listeners: window.__listeners, contexts: window.__liveContexts() }));
    if (h.THREAD === 'worker') assert.equal(page.workers().length, 1, "table() started the engine's Worker");
    const r = await page.evaluate(async () => {
      const shadowHost = document.createElement('div');
      document.body.append(shadowHost);
      const root = shadowHost.attachShadow({ mode: 'open' });
      const box = document.getElementById('box');
      const seen = [];
      for (let i = 0; i < 50; i++) {
        const el = document.createElement('miro-fish');
        el.setAttribute('fish', '12');
        el.setAttribute('sep-radius', '30');
        el.style.height = '80px';
        const ready = [];
        const onReady = (e) => ready.push(e.detail.school);
        el.addEventListener('ready', onReady); // the test's own listener, taken off below (the count is the school's)
        (i % 2 ? root : box).append(el);
        if (i % 10 === 0) {
          while (!el.school) await new Promise((res) => setTimeout(res, 10));
          const readyOnce = ready.length === 1 && ready[0] === el.school; // the element's `ready` event
          el.setAttribute('palette', '2');
          await new Promise((res) => setTimeout(res, 0)); // attribute changes arrive by MutationObserver
          const school = el.school;
          box.append(el); // a framework moving it: same school, same canvas
          await new Promise((res) => setTimeout(res, 0));
          // The set() went to the engine before this round trip: its snapshot is in by the time it resolves.
          await school.stateHash();
          seen.push({
            fish: el.school.stats().fish,
            rsep: el.school.get('sepRadius'),
            palette: el.school.get('palette'),
            canvas: !!el.querySelector('canvas'),
            shadow: i % 2 === 1,
            same: el.school === school,
            readyOnce,
            state: school.stats().state,
          });
        }
        if (i % 7 === 0) await new Promise((res) => setTimeout(res, 0)); // some go before they ever mounted
        el.removeEventListener('ready', onReady);
        el.remove();
      }
      await new Promise((res) => setTimeout(res, 500));
      const canvases = document.querySelectorAll('canvas').length + root.querySelectorAll('canvas').length;
      return {
        seen,
        canvases,
        listeners: window.__listeners,
        contexts: window.__liveContexts(),
        all: window.MiroFish.all.length,
      };
    });
    assert.equal(r.seen.length, 5);
    for (const s of r.seen) {
      assert.deepEqual([s.fish, s.rsep, s.palette, s.canvas, s.same], [12, 30, 2, true, true]);
      assert.ok(s.readyOnce, "the element's `ready` event came once, with its school");
      assert.notEqual(s.state, 'destroyed', 'a move keeps the school');
    }
    assert.deepEqual([r.canvases, r.all, r.listeners, r.contexts], [0, 0, before.listeners, before.contexts]);
    if (h.THREAD === 'worker') {
      // The GL contexts live in the Worker there (window.__liveContexts() sees none): the last school gone, the Worker
      // that held them is terminated.
      const deadline = Date.now() + 5000;
      while (page.workers().length && Date.now() < deadline) await page.waitForTimeout(50);
      assert.equal(page.workers().length, 0, 'no Worker left');
    }
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('runs two schools on one page with one set of window listeners; current stays the auto-mounted one', async () => {
    const { context, page, log } = await open('/fixtures/auto.html');
    await h.waitForFish(page, 2);
    const one = await page.evaluate(() => window.__listeners);
    await page.evaluate(async () => {
      const box = document.createElement('div');
      box.style.cssText = 'width: 300px; height: 150px';
      document.body.append(box);
      window.__second = await window.MiroFish.mount(box, { fish: 20 });
    });
    await h.waitFor(page, () => window.__second.stats().frames >= 2);
    const r = await page.evaluate(() => ({
      listeners: window.__listeners,
      all: window.MiroFish.all.length,
      current: window.MiroFish.current === window.MiroFish.all[0],
      second: window.MiroFish.all[1] === window.__second,
      thread: window.__second.stats().thread,
    }));
    // The second school adds only what is its own: its DPR watch, its colour-scheme watch (host/tone.js: the water's
    // tone follows the page's text), and on the main thread its canvas's context loss and restore (on the worker path
    // those are on the Worker's OffscreenCanvas, not the page's).
    assert.equal(r.thread, h.THREAD);
    assert.equal(r.listeners - one, h.THREAD === 'main' ? 4 : 2);
    assert.deepEqual([r.all, r.current, r.second], [2, true, true]);
    await page.evaluate(() => window.__second.destroy());
    assert.equal(await page.evaluate(() => window.__listeners), one);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('cleans up when a single-page app removes the host, and when a mount is aborted', async () => {
    const { context, page, log } = await open('/fixtures/manual.html');
    const before = await page.evaluate(() => window.__listeners);
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount('#box', { fish: 20 });
      while (s.stats().frames < 2) await new Promise((res) => setTimeout(res, 20));
      document.getElementById('box').remove(); // the route changed
      for (let i = 0; i < 100 && s.stats().state !== 'destroyed'; i++) await new Promise((res) => setTimeout(res, 50));
      const removed = s.stats().state;
      const early = new AbortController();
      const pending = window.MiroFish.mount(null, { fish: 20, signal: early.signal });
      early.abort();
      const cancelled = await pending;
      const late = new AbortController();
      const live = await window.MiroFish.mount(null, { fish: 20, signal: late.signal });
      late.abort();
      return {
        removed,
        cancelled,
        lateState: live.stats().state,
        all: window.MiroFish.all.length,
        canvases: document.querySelectorAll('canvas').length,
      };
    });
    assert.deepEqual(r, { removed: 'destroyed', cancelled: null, lateState: 'destroyed', all: 0, canvases: 0 });
    assert.equal(await page.evaluate(() => window.__listeners), before);
    assert.deepEqual(ourWarnings(log), [], 'an abort is not a problem to warn about');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('leaves hash routes alone and keeps the route in share()', h.ONE_PATH, async () => {
    const { context, page, log } = await open('/fixtures/auto.html#/about');
    await h.waitForFish(page, 1);
    for (const route of ['#!/x', '#/search?q=1&id=5', '#/a=b', '#tab=3&section=2']) {
      await page.evaluate((r) => {
        location.hash = r;
      }, route);
      await page.waitForTimeout(50);
    }
    assert.deepEqual(ourWarnings(log), []);
    await page.evaluate(() => {
      location.hash = '#/about?tab=2';
    });
    const { held, shared } = await page.evaluate(async () => {
      const held = await window.MiroFish.current.set('seed', 9); // resolves once the engine holds it
      return { held, shared: window.MiroFish.current.share() };
    });
    assert.equal(held, 9);
    const hash = new URL(shared).hash;
    assert.match(hash, /^#\/about\?tab=2&mf=n%3D\d+%26seed%3D9/);
    assert.equal(await page.evaluate(() => location.hash), hash, 'share() wrote it');
    // The shared link replays the school and the router still sees its route.
    const page2 = await context.newPage();
    const log2 = h.watchConsole(page2);
    await page2.goto(env.srv.base + '/fixtures/auto.html' + hash);
    await h.waitForFish(page2, 1);
    assert.equal(await page2.evaluate(() => window.MiroFish.current.get('seed')), 9);
    assert.deepEqual([...ourWarnings(log2), ...log.errors(), ...log2.errors()], []);
    await context.close();
  });

  it(
    'shows the fish on an opaque full-height wrapper with layer back and element, never over the content',
    h.ONE_PATH,
    async () => {
      const { context, page, log } = await open('/fixtures/wrapper.html');
      const counts = {};
      for (const [layer, cls, target] of [
        ['behind', '', null],
        ['back', 'lifted', null],
        ['element', 'own-context', '#wrap'],
      ]) {
        const style = await page.evaluate(
          async ([layer, cls, target]) => {
            document.body.className = cls;
            const wrapStyle = document.getElementById('wrap').getAttribute('style');
            window.__s = await window.MiroFish.mount(target, { fish: 60, layer, fishSize: 3, quality: 'high' });
            while (window.__s.stats().frames < 3) await new Promise((res) => setTimeout(res, 20));
            return { before: wrapStyle, during: document.getElementById('wrap').getAttribute('style') };
          },
          [layer, cls, target],
        );
        counts[layer] = await fishPixels(page, '__s');
        // The link stays on top and clickable: nothing of ours is at its centre.
        const onTop = await page.evaluate(() => {
          const r = document.getElementById('link').getBoundingClientRect();
          return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).id;
        });
        assert.equal(onTop, 'link', `layer ${layer}: the link is on top`);
        if (layer === 'element')
          assert.equal(style.during, style.before, "layer element leaves the host's styles alone");
        await page.evaluate(() => window.__s.destroy());
      }
      assert.equal(
        counts.behind,
        0,
        'behind: an opaque wrapper covers the fish (the documented case for back/element)',
      );
      assert.ok(counts.back > 300, `back: fish show (${counts.back} px)`);
      assert.ok(counts.element > 300, `element: fish show (${counts.element} px)`);
      assert.deepEqual(log.errors(), []);
      await context.close();
    },
  );

  it('sizes the canvas from the viewport under a transformed body', h.ONE_PATH, async () => {
    const { context, page, log } = await open('/fixtures/transformed.html');
    await h.waitForFish(page, 2);
    const r = await page.evaluate(() => {
      const c = window.MiroFish.current.canvas;
      const b = c.getBoundingClientRect();
      return { h: b.height, w: b.width, vh: innerHeight, parent: c.parentElement.tagName };
    });
    assert.deepEqual(r, { h: 400, w: 640, vh: 400, parent: 'HTML' });
    await page.evaluate(() => window.scrollTo(0, 1000));
    await page.waitForTimeout(100);
    assert.equal(
      await page.evaluate(() => window.MiroFish.current.canvas.getBoundingClientRect().top),
      0,
      'still fixed',
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it(
    'on a phone: a count from the screen area, a touch scroll never feeds, a tap does, and idle without touches',
    h.ONE_PATH,
    async () => {
      const context = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      const log = h.watchConsole(page);
      await page.goto(env.srv.base + '/fixtures/phone.html');
      await h.waitForFish(page, 1);
      const fish = await page.evaluate(() => window.MiroFish.current.stats().fish);
      assert.ok(fish >= 40 && fish <= 60, `${fish} fish on 390x844 (200 on 1600x900)`);
      // A round trip first: a feed or scare sent to the engine before it is in the snapshot by then.
      const touches = () =>
        page.evaluate(async () => {
          await window.MiroFish.current.stateHash();
          const s = window.MiroFish.current.stats();
          return s.feeds + s.scares;
        });
      const cdp = await context.newCDPSession(page);
      // A finger drags the page up: the browser turns it into a scroll (pointercancel, then scroll events).
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 600 }] });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 600 - i * 40 }] });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await h.waitFor(page, () => window.scrollY > 100);
      assert.equal(await touches(), 0, 'a touch that scrolls neither feeds nor scares');
      await page.touchscreen.tap(200, 300);
      await h.waitFor(page, () => window.MiroFish.current.stats().feeds === 1); // a tap feeds (click: 'feed')
      assert.equal(await page.evaluate(() => window.MiroFish.current.stats().state), 'running');
      await h.waitFor(page, () => window.MiroFish.current.stats().state === 'idle', undefined, 15000);
      await page.touchscreen.tap(100, 200);
      await h.waitFor(page, () => window.MiroFish.current.stats().state === 'running');
      // Turned sideways: a world taken from the screen follows it (the same school goes on).
      const steps = await page.evaluate(() => window.MiroFish.current.stats().steps);
      await page.setViewportSize({ width: 844, height: 390 });
      await h.waitFor(
        page,
        () => window.MiroFish.current.params().width === 844 && window.MiroFish.current.params().height === 390,
      );
      assert.ok((await page.evaluate(() => window.MiroFish.current.stats().steps)) >= steps, 'not restarted');
      assert.deepEqual(log.errors(), []);
      await context.close();
    },
  );

  it(
    "reads options with the hash's number grammar: 0x1 and 1_0 are refused as #op=0x1 is (spaces around are trimmed)",
    h.ONE_PATH,
    async () => {
      const { context, page, log } = await open('/fixtures/manual.html');
      const r = await page.evaluate(async () => {
        const s = await window.MiroFish.mount(null, {
          fish: 20,
          opacity: '0x1',
          sepRadius: '1_0',
          maxSpeed: '1e2',
          seed: ' 5',
        });
        return s.params();
      });
      assert.deepEqual([r.opacity, r.sepRadius, r.maxSpeed, r.seed], [0.55, 22, 100, 5]);
      const warned = ourWarnings(log);
      assert.ok(warned.some((w) => /opacity/.test(w)) && warned.some((w) => /sepRadius/.test(w)), warned.join('\n'));
      await context.close();
    },
  );

  it('finishes a seek while paused, and applies perf and dpr arriving by hashchange', async () => {
    const { context, page, log } = await open('/fixtures/manual.html#n=30&seed=3&t=10');
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(null, { paused: true, quality: 'high' });
      window.__s = s;
      while (s.stats().seeking) await new Promise((res) => setTimeout(res, 20));
      return s.stats();
    });
    assert.deepEqual([r.steps, r.state], [600, 'paused']);
    assert.ok(r.frames >= 1, 'the seek ends with a still frame');
    assert.equal(r.canvas.width, 640, 'quality high at DPR 1: the backing store is the CSS size');
    await page.evaluate(() => {
      window.__s.resume();
      location.hash = '#n=30&seed=3&perf=1&dpr=0.5';
    });
    await h.waitFor(page, () => document.querySelectorAll('canvas').length === 2);
    // The backing store, as the engine that owns the canvas reports it (on the worker path the page's element is a
    // placeholder whose control went to the Worker).
    await h.waitFor(page, () => window.__s.stats().canvas.width === 320);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
