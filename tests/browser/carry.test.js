// One school for a whole site (docs/hosting.md#one-school-across-pages): pages of one origin with the same tag, a
// click or a key from one to the next, and the next page's school is the same school. Its C++ snapshot is tested bit
// for bit natively (tests/sim/snapshot.test.cpp); here, what a visitor and an owner see.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

describe('one school across pages', () => {
  const env = h.serverAndBrowser();
  const A = '/fixtures/carry-a.html';

  // Page a's school, running until `steps`, then paused: its steps, state hash and hash.
  async function openA(page, steps) {
    await page.goto(env.srv.base + A);
    await h.waitFor(page, (n) => window.MiroFish.current && window.MiroFish.current.stats().steps >= n, steps);
    return page.evaluate(async () => {
      const s = await window.MiroFish.ready;
      s.pause();
      await s.step(0);
      return { steps: s.stats().steps, state: await s.stateHash(), hash: s.hash(), thread: s.thread };
    });
  }

  // To the next page by the keyboard (no pointer moves: the school's input stays none), as a visitor tabbing does.
  async function follow(page, wait = 100) {
    await page.focus('#next');
    await page.waitForTimeout(wait); // the focused link asks for the snapshot; its answer comes within a frame
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    return page.evaluate(async () => {
      const s = await window.MiroFish.ready;
      const seen = window.__still; // fixtures/carry-seen.js: what showed before the school's first frame
      return {
        steps: s.stats().steps,
        state: await s.stateHash(),
        paused: s.stats().state,
        reveal: window.__reveal,
        seen,
      };
    });
  }

  it('a link to the next page goes on with the same school: same step, same state, paused as it was', async () => {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    const log = h.watchConsole(page);
    const a = await openA(page, 90);
    const b = await follow(page, 900); // and its picture, encoded after it: the visitor's second on the link
    assert.equal(b.steps, a.steps, 'the step goes on');
    assert.equal(b.state, a.state, 'every fish where it was');
    assert.equal(b.paused, 'paused', 'a paused school carries over paused');
    assert.equal(b.reveal && b.reveal.transition, true, "the page's opt-in view transition ran");
    assert.ok(b.seen.drawn > 100, `page a's school shows from page b's first paint: ${b.seen.drawn} px of 19 200`);
    await h.waitFor(page, () => document.querySelectorAll('body > canvas').length === 1); // gone at the first frame
    const after = await page.evaluate(async () => {
      const s = await window.MiroFish.ready;
      await s.step(60);
      const canvas = document.querySelector('canvas');
      return { state: await s.stateHash(), name: getComputedStyle(canvas).viewTransitionName };
    });
    assert.equal(after.name, 'mirofish-1', 'the canvas carries its view-transition-name');
    if (fs.existsSync(h.CLI)) {
      const out = execFileSync(h.CLI, ['run', '--hash', a.hash, '--steps', String(a.steps + 60)], { encoding: 'utf8' });
      assert.equal(after.state, out.match(/^state-hash ([0-9a-f]{16})$/m)[1], 'then steps as the one school would');
    }
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), []);
    await page.close();
  });

  it("a click on a running school's page: page b shows that school from its first paint, then goes on with it", async () => {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + A);
    await h.waitFor(page, () => window.MiroFish.current && window.MiroFish.current.stats().steps >= 60);
    const before = await page.evaluate(() => window.MiroFish.current.stats().steps);
    await page.hover('#next'); // a pointer over the link asks; pressing it asks again, as a visitor's click does
    await page.waitForTimeout(300);
    await Promise.all([page.waitForNavigation(), page.click('#next')]);
    const b = await page.evaluate(async () => ({
      steps: (await window.MiroFish.ready).stats().steps,
      seen: window.__still,
    }));
    assert.ok(b.steps >= before, `the school went on: ${b.steps} steps, ${before} before the link was pointed at`);
    assert.ok(b.seen.drawn > 100, `page a's school shows from page b's first paint: ${b.seen.drawn} px of 19 200`);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), []);
    await page.close();
  });

  it('a scare on page a still scatters the fish on page b; Enter from b brings them back to a, still one school', async () => {
    const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(env.srv.base + A);
    await h.waitFor(page, () => window.MiroFish.current && window.MiroFish.current.stats().steps >= 30);
    await page.evaluate(async () => {
      const s = await window.MiroFish.ready;
      s.scare(400, 300);
      await s.step(2);
      s.pause();
    });
    const b = await follow(page);
    const startled = await page.evaluate(async () => (await window.MiroFish.ready).stats().states.startle);
    assert.ok(startled > 0, `fish still startled on page b: ${startled}`);
    await page.evaluate(async () => (await window.MiroFish.ready).resume());
    await h.waitFor(page, (n) => window.MiroFish.current.stats().steps >= n + 30, b.steps);
    const back = await follow(page);
    assert.ok(back.steps >= b.steps + 30, `page a goes on from page b's school: ${b.steps} -> ${back.steps}`);
    await page.close();
  });

  // What starts afresh is the page's side's choice (host/carry.js), the same on both paths.
  it(
    'a link with a hash, data-continue="off", another tag and a reload start from the seed, not paused',
    h.ONE_PATH,
    async () => {
      const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
      const log = h.watchConsole(page);
      const fresh = async (how) => {
        const a = await openA(page, 120);
        await page.focus('#next');
        await page.waitForTimeout(100);
        await how();
        const s = await page.evaluate(async () => (await window.MiroFish.ready).stats());
        assert.ok(s.steps < a.steps, `started afresh: ${s.steps} steps after ${a.steps}`);
        const seen = await page.evaluate(() => window.__still && window.__still.drawn); // fixtures/carry-seen.js
        assert.ok(!seen, `no picture of page a's school on a page that starts afresh: ${seen} px`);
        // page a's school was paused: the pause goes with that school only
        await h.waitFor(page, () => window.MiroFish.current.stats().state !== 'paused');
      };
      await fresh(() => page.goto(env.srv.base + '/fixtures/carry-b.html#n=150&seed=7'));
      await fresh(() => page.goto(env.srv.base + '/fixtures/carry-off.html'));
      await fresh(() => page.goto(env.srv.base + '/fixtures/auto.html')); // another tag, another school: quietly its own
      // a reload asks for the page again: written on the way out, not taken
      await openA(page, 120);
      await page.focus('#next');
      await page.waitForTimeout(100);
      await page.reload();
      assert.ok((await page.evaluate(async () => (await window.MiroFish.ready).stats().steps)) < 120, 'a reload');
      assert.equal(await page.evaluate(() => window.__still.drawn), 0, 'no picture on a reload');
      assert.deepEqual(log.errors(), []);
      assert.deepEqual(log.warnings(), []);
      await page.close();
    },
  );

  it(
    "a damaged snapshot is one warning and the seed's school; the same one unchanged is taken",
    h.ONE_PATH,
    async () => {
      const page = await env.browser.newPage({ viewport: { width: 800, height: 600 } });
      const log = h.watchConsole(page);
      const a = await openA(page, 30);
      const take = async (value) => {
        await page.goto(env.srv.base + '/fixtures/manual.html'); // a page without a school writes none
        log.clear();
        await page.evaluate((v) => sessionStorage.setItem('mirofish-school-1', v), value);
        await page.goto(env.srv.base + '/fixtures/carry-b.html');
        return page.evaluate(async () => (await window.MiroFish.ready).stats().steps);
      };
      assert.ok((await take(Date.now() + ',0,AAAAAAAA')) < a.steps + 30);
      assert.deepEqual(log.warnings(), [
        'MiroFish: the school of the page before is not carried over: it is not a MiroFish snapshot; this page starts ' +
          'from its seed',
      ]);
      // a real snapshot, left in the tab by the way to a page without a school, one character changed; its school
      // has stepped first (asked at the focus, a snapshot of a school that has not stepped yet would read as a fresh one)
      await h.waitFor(page, () => window.MiroFish.current.stats().steps >= 10);
      await page.focus('#next');
      await page.waitForTimeout(100);
      await page.goto(env.srv.base + '/fixtures/manual.html');
      const kept = await page.evaluate(() => sessionStorage.getItem('mirofish-school-1'));
      assert.ok(kept && kept.length > 1000, 'page b left its school for the next page');
      const [time, paused, bytes] = kept.split(',');
      const at = bytes.length >> 1;
      const changed = bytes.slice(0, at) + (bytes[at] === 'A' ? 'B' : 'A') + bytes.slice(at + 1);
      assert.ok((await take([time, paused, changed].join(','))) < 60);
      assert.deepEqual(log.warnings(), [
        'MiroFish: the school of the page before is not carried over: it is damaged (its checksum does not match); ' +
          'this page starts from its seed',
      ]);
      assert.ok((await take(kept)) >= 10, 'the same snapshot, unchanged, is taken');
      assert.deepEqual(log.warnings(), []);
      assert.deepEqual(log.errors(), []);
      await page.close();
    },
  );

  // Playwright turns the back/forward cache off unless told: this browser keeps it, as a visitor's does. The page is
  // served cacheable (?cache=1): a no-store page is kept out of the cache by the browser, not by MiroFish.
  it(
    'back from the next page out of the back/forward cache: the page as it was, its school going on',
    h.ONE_PATH,
    async () => {
      const { chromium } = require('playwright-core');
      const browser = await chromium.launch({
        executablePath: h.CHROMIUM,
        args: h.ARGS,
        ignoreDefaultArgs: ['--disable-back-forward-cache'],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
        const log = h.watchConsole(page);
        await page.addInitScript(() => addEventListener('pageshow', (e) => (window.__persisted = e.persisted)));
        await page.goto(env.srv.base + A + '?cache=1');
        await h.waitFor(page, () => window.MiroFish.current && window.MiroFish.current.stats().steps >= 60);
        await page.evaluate(() => (window.__kept = true));
        await follow(page);
        await page.goBack({ waitUntil: 'commit' });
        await h.waitFor(page, () => window.__persisted === true);
        const kept = await page.evaluate(() => ({ kept: window.__kept, steps: window.MiroFish.current.stats().steps }));
        assert.equal(kept.kept, true, 'the same page, out of the cache');
        await h.waitFor(page, (n) => window.MiroFish.current.stats().steps >= n + 30, kept.steps);
        assert.deepEqual(log.errors(), []);
      } finally {
        await browser.close();
      }
    },
  );
});
