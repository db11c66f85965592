// S-ECO-1 the page as the pond bed: `avoid` turns the boxes of matching elements into obstacles that follow the page
// (a card moved by script, scrolled out of view, hidden, removed), read without layout thrash; bad selectors warn.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('avoid (the page as the pond bed)', () => {
  const env = h.serverAndBrowser();

  async function open(options, before) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html');
    if (before) await page.evaluate(before);
    await page.evaluate(async (o) => {
      window.__s = await window.MiroFish.mount(undefined, o);
    }, options);
    await h.waitFor(page, () => window.__s.stats().frames >= 2);
    assert.equal(await page.evaluate(() => window.__s.stats().thread), h.THREAD);
    return { context, page, log };
  }
  // The school's obstacles match the boxes of these elements on screen (viewport CSS px), within rounding.
  const matches = (page, selector) =>
    h.waitFor(
      page,
      (sel) => {
        const want = Array.from(document.querySelectorAll(sel))
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth);
        const got = window.__s.obstacles();
        const near = (a, b) => Math.abs(a - b) < 0.5;
        return (
          got.length === want.length &&
          got.every(
            (g, k) =>
              near(g.left, want[k].left) &&
              near(g.top, want[k].top) &&
              near(g.width, want[k].width) &&
              near(g.height, want[k].height),
          )
        );
      },
      selector,
    );
  const count = (page) => page.evaluate(() => window.__s.obstacles().length);

  it('obstacles follow a card moved by script, scrolled out of view, hidden and removed', async () => {
    const { context, page, log } = await open({ fish: 50, avoid: '#box' });
    await matches(page, '#box');
    await page.evaluate(() => {
      document.getElementById('box').style.transform = 'translate(200px, 60px)';
    });
    await matches(page, '#box');
    const moved = await page.evaluate(() => window.__s.obstacles()[0].left);
    const top0 = await page.evaluate(() => window.__s.obstacles()[0].top);
    assert.ok(Math.abs(moved - 240) < 1, `the obstacle moved with the card (left ${moved})`);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await h.waitFor(page, () => window.__s.obstacles().length === 0);
    await page.evaluate(() => window.scrollTo(0, 100));
    await matches(page, '#box');
    const top1 = await page.evaluate(() => window.__s.obstacles()[0].top);
    assert.ok(Math.abs(top1 - (top0 - 100)) < 1, `scrolled up with the page (top ${top0} -> ${top1})`);
    await page.evaluate(() => {
      document.getElementById('box').style.display = 'none';
    });
    await h.waitFor(page, () => window.__s.obstacles().length === 0);
    await page.evaluate(() => {
      document.getElementById('box').style.display = '';
    });
    await matches(page, '#box');
    await page.evaluate(() => document.getElementById('box').remove());
    await h.waitFor(page, () => window.__s.obstacles().length === 0);
    assert.deepEqual(log.warnings(), []);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it(
    'a scrolling frame reads each box at most once: getBoundingClientRect calls per frame <= the element count',
    h.ONE_PATH,
    async (t) => {
      const cards = () => {
        for (let k = 0; k < 20; k++) {
          const d = document.createElement('div');
          d.className = 'card';
          d.style.cssText = 'display:inline-block;width:60px;height:30px;margin:4px;border:1px solid #99a';
          document.body.prepend(d);
        }
        const real = Element.prototype.getBoundingClientRect;
        window.__reads = 0;
        Element.prototype.getBoundingClientRect = function () {
          window.__reads++;
          return real.call(this);
        };
      };
      const { context, page, log } = await open({ fish: 100, avoid: '.card' }, cards);
      await matches(page, '.card');
      // Scroll a little every frame for 60 frames; count the reads in each frame.
      const perFrame = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const counts = [];
            let last = window.__reads;
            const tick = () => {
              counts.push(window.__reads - last);
              last = window.__reads;
              if (counts.length === 60) return resolve(counts);
              window.scrollBy(0, 3);
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }),
      );
      const worst = Math.max(...perFrame),
        total = perFrame.reduce((a, b) => a + b, 0);
      t.diagnostic(
        `getBoundingClientRect per frame while scrolling 60 frames over 20 elements: worst ${worst}, total ${total}`,
      );
      assert.ok(worst <= 20, `at most 20 reads in any frame (worst ${worst}, ${total} in 60 frames)`);
      assert.ok(total >= 20, `the boxes were read while scrolling (${total} reads)`);
      await matches(page, '.card'); // and the obstacles followed the scroll
      // Nothing moves: no read every frame, only the poll while the school animates (every 500 ms).
      const still = await page.evaluate(async () => {
        const reads0 = window.__reads,
          frames0 = window.__s.stats().frames,
          own0 = window.__s._test.avoidReads();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return {
          reads: window.__reads - reads0,
          own: window.__s._test.avoidReads() - own0,
          frames: window.__s.stats().frames - frames0,
        };
      });
      t.diagnostic(
        `2 s with nothing moving: ${still.reads} getBoundingClientRect calls (${still.own} by avoid), ` +
          `${still.frames} frames`,
      );
      assert.ok(still.frames >= 10, `the school animated meanwhile (${still.frames} frames)`);
      assert.ok(still.own >= 20, `the boxes were polled (${still.own} reads)`);
      assert.ok(still.reads <= 20 * 6, `at most a poll every 500 ms (${still.reads} reads in 2 s)`);
      assert.deepEqual(log.errors(), []);
      await context.close();
    },
  );

  it(
    'an invalid selector, one matching nothing and one matching more than 64 elements each warn once',
    h.ONE_PATH,
    async () => {
      const { context, page, log } = await open({ fish: 20, avoid: 'div[' });
      assert.equal(await count(page), 0);
      await page.evaluate(() => window.__s.set('avoid', '.nothing-here'));
      await page.evaluate(() => {
        for (let k = 0; k < 70; k++) {
          const d = document.createElement('i');
          d.className = 'dot';
          d.style.cssText = 'display:inline-block;width:8px;height:8px';
          document.body.prepend(d);
        }
      });
      await page.evaluate(() => window.__s.set('avoid', '.dot'));
      await h.waitFor(page, () => window.__s.obstacles().length === 64);
      const w = log.warnings();
      assert.equal(
        w.filter((m) => /avoid: "div\[" is not a valid CSS selector; ignored/.test(m)).length,
        1,
        w.join('\n'),
      );
      assert.equal(w.filter((m) => /avoid: ".nothing-here" matches no element/.test(m)).length, 1, w.join('\n'));
      assert.equal(
        w.filter((m) => /avoid: ".dot" matches 70 elements; the first 64 are used/.test(m)).length,
        1,
        w.join('\n'),
      );
      assert.equal(w.length, 3, w.join('\n'));
      await page.evaluate(() => window.__s.set('avoid', ''));
      await h.waitFor(page, () => window.__s.obstacles().length === 0);
      assert.ok(!(await page.evaluate(() => window.__s.hash())).includes('avoid'), 'the hash carries no layout');
      assert.deepEqual(log.errors(), []);
      await context.close();
    },
  );
});
