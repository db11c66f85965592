// The visitor's pause (`controls`): a button that the keyboard reaches and toggles, that says its state
// (aria-pressed) and shows its focus, that takes no click from the page, whose choice outlives a reload, and that is
// the same pause as the page's pause(); forced colours hide the fish, reduced transparency makes them fainter, live.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const BUTTON = '[data-mirofish-controls]';

describe('the pause button (controls)', () => {
  const env = h.serverAndBrowser();

  async function open(path = '/fixtures/controls.html', options = {}) {
    const context = await env.browser.newContext(Object.assign({ viewport: { width: 800, height: 600 } }, options));
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + path);
    await h.waitForFish(page);
    return { context, page, consoleLog };
  }

  // The button as the page sees it: its ARIA, its box, its focus ring, and the school's state.
  const read = (page) =>
    page.evaluate((sel) => {
      const b = document.querySelector(sel);
      const s = window.MiroFish.current.stats();
      if (!b) return { button: null, state: s.state, steps: s.steps, frames: s.frames };
      const r = b.getBoundingClientRect(),
        cs = getComputedStyle(b);
      return {
        button: {
          tag: b.tagName,
          type: b.type,
          name: b.getAttribute('aria-label'),
          pressed: b.getAttribute('aria-pressed'),
          focused: document.activeElement === b,
          outline: cs.outlineStyle + ' ' + cs.outlineWidth,
          tabIndex: b.tabIndex,
          left: r.left,
          top: r.top,
          right: innerWidth - r.right,
          bottom: innerHeight - r.bottom,
          width: r.width,
        },
        state: s.state,
        steps: s.steps,
        frames: s.frames,
        feeds: s.feeds,
      };
    }, BUTTON);

  it('the keyboard reaches it, Enter and Space toggle it, aria-pressed says paused, its focus ring shows', async () => {
    const { context, page, consoleLog } = await open();
    let b = await read(page);
    assert.match(b.state, h.ANIMATING);
    assert.equal(b.button.tag, 'BUTTON');
    assert.equal(b.button.type, 'button');
    assert.ok(b.button.name && /pause/i.test(b.button.name), `an accessible name (${b.button.name})`);
    assert.equal(b.button.pressed, 'false');
    assert.equal(b.button.outline.split(' ')[0], 'none', 'no ring before it has focus');
    // A bare data-controls: the default corner, bottom-right, 12 px in; small.
    assert.ok(Math.abs(b.button.right - 12) <= 1 && Math.abs(b.button.bottom - 12) <= 1, JSON.stringify(b.button));
    assert.ok(b.button.width <= 40, `small (${b.button.width} px)`);
    // Tab through the page: the page's own link and button first, then ours.
    for (let i = 0; i < 8 && !b.button.focused; i++) {
      await page.keyboard.press('Tab');
      b = await read(page);
    }
    assert.ok(b.button.focused, 'Tab reaches the button');
    assert.equal(b.button.outline, 'solid 3px', 'a visible focus ring for keyboard focus');
    await page.keyboard.press('Enter');
    b = await read(page);
    assert.equal(b.button.pressed, 'true');
    assert.equal(b.state, 'paused');
    await page.waitForTimeout(400);
    const held = (await read(page)).steps;
    await page.waitForTimeout(400);
    assert.equal((await read(page)).steps, held, 'no steps while paused');
    await page.keyboard.press('Space');
    b = await read(page);
    assert.equal(b.button.pressed, 'false');
    // A resume shows in stats() with the engine's next snapshot (a pause at once).
    await h.waitFor(page, () => /^(running|idle)$/.test(window.MiroFish.current.stats().state));
    assert.ok(b.button.focused, 'focus stays on the button');
    await h.waitFor(page, (n) => window.MiroFish.current.stats().steps > n, held);
    // The canvas stays out of the accessibility tree; the button is the only thing of ours in it.
    const canvas = await page.evaluate(() => ({
      hidden: window.MiroFish.current.canvas.getAttribute('aria-hidden'),
      tab: window.MiroFish.current.canvas.tabIndex,
      buttons: document.querySelectorAll('button').length,
    }));
    assert.deepEqual(canvas, { hidden: 'true', tab: -1, buttons: 2 });
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), [], 'a bare data-controls is no bad value');
    await context.close();
  });

  it('takes no click from the page: content under and around it gets its clicks, and its own press feeds no fish', async () => {
    const { context, page, consoleLog } = await open();
    const box = await page.evaluate((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      const at = (x, y) => {
        const e = document.elementFromPoint(x, y);
        return e ? e.id || e.tagName.toLowerCase() : null;
      };
      return {
        x: r.left + r.width / 2,
        y: r.top + r.height / 2,
        centre: at(r.left + r.width / 2, r.top + r.height / 2),
        around: [
          at(r.left - 8, r.top + r.height / 2),
          at(r.left + r.width / 2, r.top - 3),
          at(r.left - 3, r.top - 3),
          at(r.right + 3, r.top + r.height / 2),
        ],
      };
    }, BUTTON);
    assert.equal(box.centre, 'button', 'the button takes the pointer over itself');
    for (const hit of box.around)
      assert.ok(hit !== 'canvas' && hit !== null, `around it the page is hit (${box.around})`);
    assert.equal(box.around[0], 'corner', "the page's own button right beside it");
    // The page's button beside ours, the text over the fish: the page gets both clicks, and a click feeds the fish.
    // Each click's pellet is awaited before the next: the listeners are passive, so a click can reach the school
    // after the test has moved on, and a late pellet from the page's button would count against ours below.
    const corner = await page.locator('#corner').boundingBox();
    const feedsBefore = (await read(page)).feeds;
    await page.mouse.click(corner.x + corner.width - 4, corner.y + corner.height / 2);
    await h.waitFor(page, (n) => window.MiroFish.current.stats().feeds > n, feedsBefore);
    const text = await page.locator('#text').boundingBox();
    const feeds0 = (await read(page)).feeds;
    await page.mouse.click(text.x + 20, text.y + text.height / 2);
    await h.waitFor(page, (n) => window.MiroFish.current.stats().feeds > n, feeds0);
    const clicks = await page.evaluate(() => window.__clicks.slice());
    assert.deepEqual(clicks, ['corner', 'text']);
    // A press of the pause button pauses and feeds nothing.
    const feeds1 = (await read(page)).feeds;
    await page.mouse.click(box.x, box.y);
    await page.waitForTimeout(300);
    const after = await read(page);
    assert.equal(after.state, 'paused');
    assert.equal(after.feeds, feeds1, "the button's press is no pellet");
    assert.equal(after.button.outline.split(' ')[0], 'none', 'a mouse press shows no focus ring (:focus-visible)');
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it("remembers the visitor's choice for the site across a reload; a school without controls ignores it", async () => {
    const { context, page, consoleLog } = await open();
    await page.click(BUTTON);
    assert.equal(await page.evaluate(() => localStorage.getItem('mirofish:paused')), '1');
    await page.reload();
    await h.waitFor(page, () => window.MiroFish && window.MiroFish.current);
    await h.waitFor(page, (sel) => document.querySelector(sel), BUTTON);
    await page.waitForTimeout(500);
    let b = await read(page);
    assert.equal(b.state, 'paused', 'paused from the start after the reload');
    assert.equal(b.steps, 0, 'not one step taken');
    assert.equal(b.button.pressed, 'true');
    // Another school on the page without the button: the visitor's choice is the button's, it runs.
    const plain = await page.evaluate(async () => {
      const s = await window.MiroFish.mount('#text', { fish: 10 });
      await new Promise((r) => setTimeout(r, 300));
      const state = s.stats().state;
      s.destroy();
      return state;
    });
    assert.match(plain, h.ANIMATING);
    // Play: the key goes, and the next visit runs.
    await page.click(BUTTON);
    assert.equal(await page.evaluate(() => localStorage.getItem('mirofish:paused')), null);
    await page.reload();
    await h.waitForFish(page);
    await h.waitFor(page, () => window.MiroFish.current.stats().steps > 0);
    b = await read(page);
    assert.match(b.state, h.ANIMATING);
    assert.equal(b.button.pressed, 'false');
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it("works, for the page's lifetime, where storage throws", async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/controls.html');
    await h.waitForFish(page);
    await page.click(BUTTON);
    assert.equal((await read(page)).state, 'paused');
    await page.click(BUTTON);
    assert.equal((await read(page)).button.pressed, 'false');
    await h.waitFor(page, () => /^(running|idle)$/.test(window.MiroFish.current.stats().state));
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });

  it("is the page's pause: pause()/resume() and the element's paused show on it; set() moves and removes it", async () => {
    const { context, page, consoleLog } = await open();
    const pressed = () => page.evaluate((sel) => document.querySelector(sel).getAttribute('aria-pressed'), BUTTON);
    await page.evaluate(() => window.MiroFish.current.pause());
    assert.equal(await pressed(), 'true');
    assert.equal(
      await page.evaluate(() => localStorage.getItem('mirofish:paused')),
      null,
      "a page's pause is not the visitor's",
    );
    await page.evaluate(() => window.MiroFish.current.resume());
    assert.equal(await pressed(), 'false');
    await page.click(BUTTON);
    assert.equal((await read(page)).state, 'paused');
    await page.evaluate(() => window.MiroFish.current.resume());
    assert.equal(await pressed(), 'false');
    // Live: another corner, off, on again (true = bottom-right).
    assert.equal(await page.evaluate(() => window.MiroFish.current.set('controls', 'top-left')), 4);
    let b = await read(page);
    assert.ok(Math.abs(b.button.left - 12) <= 1 && Math.abs(b.button.top - 12) <= 1, JSON.stringify(b.button));
    assert.equal(await page.evaluate(() => window.MiroFish.current.set('controls', 'off')), 0);
    assert.equal((await read(page)).button, null);
    assert.equal(await page.evaluate(() => window.MiroFish.current.set('controls', true)), 1);
    b = await read(page);
    assert.ok(Math.abs(b.button.right - 12) <= 1 && Math.abs(b.button.bottom - 12) <= 1, JSON.stringify(b.button));
    await page.evaluate(() => window.MiroFish.current.destroy());
    assert.equal(await page.evaluate((sel) => document.querySelectorAll(sel).length, BUTTON), 0, 'destroy() takes it');
    // <miro-fish controls="top-right">: in the element's corner; its paused attribute and the button agree, and a
    // press stops every school with controls on the page.
    const el = await page.evaluate(async (sel) => {
      const a = document.createElement('miro-fish');
      a.setAttribute('controls', 'top-right');
      a.setAttribute('fish', '20');
      a.style.cssText = 'display:block;width:300px;height:200px;margin:20px';
      const b = document.createElement('miro-fish');
      b.setAttribute('controls', '');
      b.setAttribute('fish', '20');
      b.style.cssText = 'display:block;width:300px;height:200px;margin:20px';
      document.body.append(a, b);
      while (!a.school || !b.school) await new Promise((r) => setTimeout(r, 20));
      const btn = a.querySelector(sel),
        br = btn.getBoundingClientRect(),
        ar = a.getBoundingClientRect();
      const out = { right: ar.right - br.right, top: br.top - ar.top, inB: !!b.querySelector(sel) };
      const settle = () => new Promise((r) => setTimeout(r, 300)); // the attribute's observer, the next snapshot
      a.setAttribute('paused', '');
      await settle();
      out.pressedByAttribute = btn.getAttribute('aria-pressed');
      a.removeAttribute('paused');
      await settle();
      out.pressedAfterRemove = btn.getAttribute('aria-pressed');
      btn.click();
      out.both = [a.school.stats().state, b.school.stats().state];
      out.bPressed = b.querySelector(sel).getAttribute('aria-pressed');
      b.querySelector(sel).click();
      await settle();
      out.bothAgain = [a.school.stats().state, b.school.stats().state];
      a.remove();
      b.remove();
      return out;
    }, BUTTON);
    assert.ok(Math.abs(el.right - 12) <= 1 && Math.abs(el.top - 12) <= 1, JSON.stringify(el));
    assert.equal(el.inB, true, 'a bare controls attribute shows it');
    assert.equal(el.pressedByAttribute, 'true');
    assert.equal(el.pressedAfterRemove, 'false');
    assert.deepEqual(el.both, ['paused', 'paused']);
    assert.equal(el.bPressed, 'true');
    for (const st of el.bothAgain) assert.match(st, h.ANIMATING);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('forced colours hide the fish and stop them (live, and from the start); the button goes with them', async () => {
    const { context, page, consoleLog } = await open();
    const look = () =>
      page.evaluate((sel) => {
        const s = window.MiroFish.current;
        return {
          visibility: getComputedStyle(s.canvas).visibility,
          state: s.stats().state,
          frames: s.stats().frames,
          button: !!document.querySelector(sel),
        };
      }, BUTTON);
    await page.emulateMedia({ forcedColors: 'active' });
    await h.waitFor(page, () => window.MiroFish.current.stats().state === 'hidden');
    let v = await look();
    assert.equal(v.visibility, 'hidden');
    assert.equal(v.button, false, 'nothing moves: no button');
    await page.waitForTimeout(300);
    const frames = (await look()).frames;
    await page.waitForTimeout(500);
    assert.equal((await look()).frames, frames, 'no frames drawn while hidden');
    await page.emulateMedia({ forcedColors: 'none' });
    await h.waitFor(page, (n) => window.MiroFish.current.stats().frames > n + 2, frames);
    v = await look();
    assert.deepEqual([v.visibility, v.button], ['visible', true]);
    assert.match(v.state, h.ANIMATING);
    await context.close();
    // A visit in forced colours: hidden from the first frame.
    const context2 = await env.browser.newContext({ viewport: { width: 800, height: 600 }, forcedColors: 'active' });
    const page2 = await context2.newPage();
    const log2 = h.watchConsole(page2);
    await page2.goto(env.srv.base + '/fixtures/controls.html');
    await h.waitFor(page2, () => window.MiroFish && window.MiroFish.current);
    await page2.waitForTimeout(300);
    const first = await page2.evaluate(() => ({
      visibility: getComputedStyle(window.MiroFish.current.canvas).visibility,
      state: window.MiroFish.current.stats().state,
      steps: window.MiroFish.current.stats().steps,
    }));
    assert.deepEqual(first, { visibility: 'hidden', state: 'hidden', steps: 0 });
    assert.deepEqual(consoleLog.errors().concat(log2.errors()), []);
    await context2.close();
  });

  it('prefers-reduced-transparency makes the fish fainter, live', async () => {
    const { context, page, consoleLog } = await open();
    const opacity = () => page.evaluate(() => getComputedStyle(window.MiroFish.current.canvas).opacity);
    assert.equal(await opacity(), '1');
    // Playwright's emulateMedia has no reducedTransparency: Chromium's own media emulation does (DevTools protocol).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-reduced-transparency', value: 'reduce' }],
    });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-transparency: reduce)').matches), true);
    await h.waitFor(page, () => getComputedStyle(window.MiroFish.current.canvas).opacity === '0.5');
    assert.match((await read(page)).state, h.ANIMATING, 'fainter, still moving');
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-transparency', value: '' }] });
    await h.waitFor(page, () => getComputedStyle(window.MiroFish.current.canvas).opacity === '1');
    assert.deepEqual(consoleLog.errors(), []);
    await context.close();
  });
});
