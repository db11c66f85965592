// The studio (mirofish-studio.js): the panel built from the parameter table, its controls, links and script
// tag, keyboard use, the strict CSP, the teaching view (selection checked against the C++ inspection and the step
// itself, the overlay's pixels and its cost when off), the rule toggles, the metrics CSV against the CLI's, and the
// page bundle without it.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

const VIEWPORT = { width: 1000, height: 700 };
// The page's bundle carries only the studio's hooks: it stays within the 100 KB gzip gate (scripts/test-browser
// checks `gzip -9`; node's zlib at level 9 codes ~500 bytes more), and no studio code is in it.
const BUNDLE_GATE_GZ = 100000;
const ZLIB_SLACK_GZ = 600;
const STUDIO_TARGET_GZ = 40 * 1024;

const cliAvailable = fs.existsSync(h.CLI);
function cli(args) {
  return execFileSync(h.CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}
// The bounding box of the pixels that differ between two screenshots (as h.diffPixels counts them).
function diffBox(a, b, tolerance = 8) {
  const box = { minX: Infinity, minY: Infinity, maxX: -1, maxY: -1 };
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i] - b.data[i]) <= tolerance &&
      Math.abs(a.data[i + 1] - b.data[i + 1]) <= tolerance &&
      Math.abs(a.data[i + 2] - b.data[i + 2]) <= tolerance
    )
      continue;
    const x = (i / 4) % a.width,
      y = Math.floor(i / 4 / a.width);
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}
function cliStateHash(hash, steps) {
  return cli(['run', '--hash', hash, '--steps', String(steps)]).match(/^state-hash ([0-9a-f]{16})$/m)[1];
}

describe('studio', () => {
  const env = h.serverAndBrowser();

  // A page with both scripts; `studio` attaches the studio to the school and resolves once it is there.
  async function open(url, { csp = false, count = false } = {}) {
    const context = await env.browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(() => {
      // The studio attaches by the same messages on both paths: every test runs on the suite's (MIROFISH_THREAD).
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
    });
    if (count) {
      // every draw call and program any WebGL2 context makes
      await context.addInitScript(() => {
        window.__draws = 0;
        window.__programs = 0;
        const proto = WebGL2RenderingContext.prototype;
        const draw = proto.drawArrays,
          create = proto.createProgram;
        proto.drawArrays = function (...args) {
          window.__draws++;
          return draw.apply(this, args);
        };
        proto.createProgram = function (...args) {
          window.__programs++;
          return create.apply(this, args);
        };
      });
    }
    const page = await context.newPage();
    const log = h.watchConsole(page);
    const [where, hash] = url.split('#');
    await page.goto(env.srv.base + where + (csp ? '?csp=strict' : '') + (hash !== undefined ? '#' + hash : ''));
    return { context, page, log };
  }
  const attach = (page) =>
    page.evaluate(async () => {
      window.__studio = await window.MiroFishStudio.attach(window.MiroFish.current);
      return !!window.__studio;
    });
  const mounted = async (page, options) => {
    await page.addScriptTag({ url: '/dist/mirofish-studio.js' });
    await page.evaluate(async (o) => {
      window.__school = await window.MiroFish.mount(null, o);
      window.__studio = await window.MiroFishStudio.attach(window.__school);
    }, options);
  };
  // The school's value of `name` once it is `value` (a set() crosses to the engine and back: to a Worker, a while).
  const held = (page, name, value) =>
    h.waitFor(page, ([n, v]) => Math.abs(window.MiroFish.current.get(n) - v) < 1e-9, [name, value]);
  // What "copy link" / "copy script tag" put in the panel's output box (written once the clipboard has answered).
  const copied = async (page) => {
    await h.waitFor(
      page,
      () => document.querySelector('mirofish-studio').shadowRoot.querySelector('.out').value !== '',
    );
    return shadow(page, 'out');
  };
  // Runs fn(shadowRoot, arg) in the page on the studio's shadow root (no eval: a strict CSP page allows it too).
  const shadow = (page, fn, arg) =>
    page.locator('mirofish-studio').evaluate(
      (host, [body, a]) => {
        const fns = {
          out: (root) => root.querySelector('.out').value,
          readout: (root) => root.querySelector('.readout').textContent,
          value: (root, label) => root.querySelector('input[aria-label="' + label + '"]').value,
          active: (root) => {
            const el = root.activeElement;
            return (
              el.getAttribute('aria-label') ||
              el.textContent ||
              (el.closest('label') && el.closest('label').textContent) ||
              el.tagName
            );
          },
          collapsed: (root) => [
            root.querySelector('.panel').hidden,
            root.querySelector('.open').hidden,
            root.activeElement && root.activeElement.className,
          ],
          styles: (root) => {
            const cs = (sel) => getComputedStyle(root.querySelector(sel));
            return {
              host: getComputedStyle(root.host).position,
              buttonShown: cs('.row button').display !== 'none',
              text: cs('.readout').fontSize,
              sheets: root.adoptedStyleSheets.length,
            };
          },
          rules: (root) => Array.from(root.querySelectorAll('.checks')[0].querySelectorAll('input'), (b) => b.checked),
        };
        return fns[body](host.shadowRoot, a);
      },
      [fn, arg],
    );

  it('builds its panel from the parameter table, one labelled control pair per parameter', async () => {
    const { context, page, log } = await open('/fixtures/studio.html');
    await h.waitForFish(page, 2);
    assert.ok(await attach(page));
    const r = await page.evaluate(async () => {
      const table = await window.MiroFish.table();
      const root = window.__studio.element.shadowRoot;
      const ranges = Array.from(root.querySelectorAll('input[type=range]'));
      const numbers = Array.from(root.querySelectorAll('section[aria-label="parameters"] input[type=number]')); // not Record's
      const labelOf = (input) => root.querySelector('label[for="' + input.id + '"]');
      return {
        table: table.map((x) => [x.name, x.min, x.max, x.group, x.scale]),
        ranges: ranges.map((x) => [
          labelOf(x).firstChild.textContent,
          Number(x.min),
          Number(x.max),
          x.closest('details').querySelector('summary').textContent,
          x.hidden,
        ]),
        numbers: numbers.map((x) => x.getAttribute('aria-label')),
        groups: Array.from(root.querySelectorAll('details > summary')).map((s) => s.textContent),
        fishValue: root.querySelector('#mf-fish').value,
        fishBox: root.querySelector('#mf-fish').parentNode.querySelector('input[type=number]').value,
        newSeed: !!root.querySelector('#mf-seed').parentNode.querySelector('button.new-seed'),
        units: labelOf(root.querySelector('#mf-sepRadius')).textContent,
      };
    });
    assert.equal(r.ranges.length, r.table.length, 'one slider per table row');
    assert.equal(r.numbers.length, r.table.length, 'one number box per table row');
    assert.deepEqual(
      r.ranges.map((x) => x[0]),
      r.table.map((x) => x[0]),
      'in table order, labelled by name',
    );
    // The table's scale: linear sliders over its ranges, log ones over 0..1000 steps, the seed and the world in boxes.
    assert.deepEqual(
      r.ranges.map((x) => [x[1], x[2], x[4]]),
      r.table.map((x) => (x[4] === 'log' ? [0, 1000, false] : [x[1], x[2], x[4] === 'seed' || x[4] === 'box'])),
      "the table's ranges and scales",
    );
    assert.deepEqual(
      r.table.filter((x) => x[4] !== 'linear' && x[4] !== 'log').map((x) => x[0]),
      ['seed', 'width', 'height'],
    );
    assert.ok(r.table.find((x) => x[0] === 'fish')[4] === 'log' && r.newSeed);
    assert.deepEqual(r.groups.length, new Set(r.table.map((x) => x[3])).size, 'one section per group');
    assert.ok(
      r.numbers.every((x) => x && x.length > 0),
      'every number box has an accessible name',
    );
    assert.equal(r.fishBox, '200');
    assert.ok(Number(r.fishValue) > 400 && Number(r.fishValue) < 500, '200 fish sit near the middle: ' + r.fishValue);
    assert.match(r.units, /px, 1\.\.400/);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('moves the school with a slider: get() and the copied link change, studio=1 stays in the address bar', async () => {
    const { context, page, log } = await open('/fixtures/studio.html#studio=1');
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    const before = await page.evaluate(() => window.MiroFish.current.get('cohWeight'));
    await page.locator('mirofish-studio #mf-cohWeight').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight'); // keyboard only
    await held(page, 'cohWeight', before + 4 * 0.05);
    const after = await page.evaluate(() => window.MiroFish.current.get('cohWeight'));
    await h.waitFor(
      page,
      (v) =>
        document.querySelector('mirofish-studio').shadowRoot.querySelector('input[aria-label="cohWeight"]').value === v,
      String(after),
    );
    await page.locator('mirofish-studio >> text=Copy link').click();
    const link = await copied(page);
    assert.match(link, new RegExp('[#&]wcoh=' + after + '(&|$)'));
    assert.equal(link, await page.evaluate(() => location.href.replace(/&studio=1$/, '')));
    assert.match(await page.evaluate(() => location.hash), /&studio=1$/);
    // Typed out of range: clamped to the table's range, as set() clamps, without a console warning.
    await page.locator('mirofish-studio input[aria-label="sepRadius (px)"]').fill('9999');
    await page.keyboard.press('Tab');
    await held(page, 'sepRadius', 400);
    assert.equal(await shadow(page, 'value', 'sepRadius (px)'), '400');
    // A value between the slider's steps is kept exactly, in the school and in its box.
    await page.locator('mirofish-studio input[aria-label=wander]').fill('0.137');
    await page.keyboard.press('Tab');
    await held(page, 'wander', 0.137);
    assert.equal(await shadow(page, 'value', 'wander'), '0.137');
    // Changes made elsewhere reach the panel by themselves (pushed, nothing polled), even while the school is paused
    // and draws no frame: the page's own set(), then a pasted link.
    await page.evaluate(() => {
      window.MiroFish.current.pause();
      window.MiroFish.current.set('aliWeight', 1.7);
    });
    const shows = (label, v) =>
      h.waitFor(
        page,
        ([l, x]) =>
          document.querySelector('mirofish-studio').shadowRoot.querySelector('input[aria-label="' + l + '"]').value ===
          x,
        [label, v],
      );
    await shows('aliWeight', '1.7');
    await page.evaluate(() => {
      location.hash = location.hash.replace(/&?wali=[^&]*/, '') + '&wali=0.3';
    });
    await shows('aliWeight', '0.3');
    assert.deepEqual(
      log.warnings().filter((w) => /MiroFish/.test(w)),
      [],
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it(
    'copies a script tag that mounts the same school on a fresh page',
    { skip: !cliAvailable && 'no native CLI' },
    async () => {
      const { context, page } = await open('/fixtures/studio.html');
      await h.waitForFish(page, 2);
      assert.ok(await attach(page));
      await page.locator('mirofish-studio input[aria-label=seed]').fill('42');
      await page.keyboard.press('Tab');
      await page.locator('mirofish-studio summary >> text=Look').click(); // the view group starts closed
      await page.locator('mirofish-studio input[aria-label=palette]').fill('2');
      await page.keyboard.press('Tab');
      await page.locator('mirofish-studio #mf-aliWeight').focus();
      await page.keyboard.press('ArrowLeft');
      await page.locator('mirofish-studio >> text=Copy script tag').click();
      const look = await copied(page);
      assert.ok(look.includes('data-palette="2"') && !/data-(width|height)=/.test(look), 'the look alone: ' + look);
      await page.locator('mirofish-studio >> text=Copy this exact school').click();
      await h.waitFor(
        page,
        (old) => document.querySelector('mirofish-studio').shadowRoot.querySelector('.out').value !== old,
        look,
      );
      const tag = await copied(page);
      const hashA = await page.evaluate(() => window.MiroFish.current.hash());
      assert.match(tag, /^<script src="\/dist\/mirofish\.js" /);
      for (const attr of [
        'data-fish="200"',
        'data-seed="42"',
        'data-palette="2"',
        'data-ali-weight="0.95"',
        'data-width="1000"',
        'data-height="700"',
      ])
        assert.ok(tag.includes(attr), attr + ' in ' + tag);
      assert.ok(!tag.includes('data-sep-radius'), 'values at their default are left out');
      // A fresh page with only that tag: the same parameters, and the same school step for step.
      const fresh = await context.newPage();
      await fresh.route(env.srv.base + '/fixtures/tagged.html', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html><head><meta charset="utf-8">' + tag + '</head><body></body></html>',
        }),
      );
      await fresh.goto(env.srv.base + '/fixtures/tagged.html');
      await h.waitForFish(fresh, 1);
      const b = await fresh.evaluate(async () => {
        const s = window.MiroFish.current;
        s.pause();
        await s.stateHash(); // a round trip: the snapshot's step count is the paused school's
        const steps = s.stats().steps;
        await s.step(120);
        return { hash: s.hash(), steps, state: await s.stateHash() };
      });
      assert.equal(b.hash, hashA);
      assert.equal(b.state, cliStateHash(hashA, b.steps + 120));
      await context.close();
    },
  );

  it('works from the keyboard: focus order, Esc collapses to a small button, Enter opens it again', async () => {
    const { context, page } = await open('/fixtures/studio.html#studio=1');
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    await page.locator('mirofish-studio button.collapse').focus();
    const order = [];
    for (let i = 0; i < 17; i++) {
      order.push(await shadow(page, 'active'));
      await page.keyboard.press('Tab');
    }
    assert.deepEqual(order.slice(0, 16), [
      'Hide the studio (Esc)',
      'preset',
      'Apply preset',
      'Reset',
      'Copy link',
      'Copy script tag',
      'Copy this exact school',
      'separation',
      'alignment',
      'cohesion',
      'One at a time: separation',
      'click selects a fish',
      'grid',
      'colour by heading',
      'Download CSV',
      'Simulation',
    ]);
    await page.keyboard.press('Escape');
    assert.deepEqual(await shadow(page, 'collapsed'), [true, false, 'open']);
    const box = await page.locator('mirofish-studio button.open').boundingBox();
    assert.ok(box.width < 120 && box.height < 60, 'a small button: ' + JSON.stringify(box));
    await page.keyboard.press('Enter');
    assert.deepEqual(await shadow(page, 'collapsed'), [false, true, 'collapse']);
    await context.close();
  });

  it("opens by itself under the strict CSP (#studio=1): no violation, no error, no warning, its styles and not the page's", async () => {
    const { context, page, log } = await open('/fixtures/studio.html#n=150&seed=3&studio=1', { csp: true });
    await h.waitForFish(page, 3);
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    await h.waitFor(page, () => window.MiroFish.current.stats().frames > 10);
    assert.deepEqual(await shadow(page, 'styles'), { host: 'fixed', buttonShown: true, text: '11px', sheets: 1 });
    assert.equal(await page.evaluate(() => window.MiroFish.current.get('fish')), 150);
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.getElementById('page-button')).display),
      'none',
      "the page's own stylesheet still applies to the page",
    );
    assert.ok((await h.fishPixels(page)) > 500, 'fish are drawn');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), [], 'studio=1 in a hash of ours is no unknown key');
    await context.close();
  });

  it('selects a clicked fish and shows the C++ inspection, which the next step confirms', async () => {
    const { context, page } = await open('/fixtures/studio.html#n=300&seed=5&w=1000&h=700&fov=270&studio=1');
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    await h.waitFor(page, () => window.MiroFish.current.stats().steps > 240);
    assert.ok(await attach(page));
    await page.evaluate(() => window.MiroFish.current.pause());
    await page.locator('mirofish-studio >> text=click selects a fish').click();
    // A fish in the thick of it, away from the panel: where it is on screen.
    const target = await page.evaluate(() => {
      const s = window.MiroFish.current,
        st = window.__studio,
        p = s.params();
      const rect = s.canvas.getBoundingClientRect(),
        scale = Math.min(rect.width / p.width, rect.height / p.height);
      let best = null;
      for (let i = 0; i < p.fish; i++) {
        const r = st.inspect(i);
        const x = rect.left + (rect.width - p.width * scale) / 2 + r.x * scale;
        const y = rect.top + (rect.height - p.height * scale) / 2 + r.y * scale;
        if (x > 40 && x < 560 && y > 220 && y < 660 && (!best || r.cohN > best.r.cohN)) best = { i, x, y, r };
      }
      return { i: best.i, x: best.x, y: best.y, r: best.r, scares: s.stats().scares, feeds: s.stats().feeds };
    });
    assert.ok(target.r.cohN >= 3, 'a fish with neighbours: ' + target.r.cohN);
    await page.mouse.click(target.x, target.y);
    await h.waitFor(page, () => window.__studio.selected >= 0);
    assert.equal(await page.evaluate(() => window.__studio.selected), target.i);
    assert.deepEqual(
      await page.evaluate(() => [window.MiroFish.current.stats().scares, window.MiroFish.current.stats().feeds]),
      [target.scares, target.feeds],
      'selecting neither scares nor feeds',
    );
    await h.waitFor(page, () =>
      /neighbours: separation/.test(
        document.querySelector('mirofish-studio').shadowRoot.querySelector('.readout').textContent,
      ),
    );
    const readout = await shadow(page, 'readout');
    assert.ok(readout.includes('fish ' + target.i), readout);
    assert.ok(
      readout.includes('separation ' + target.r.sepN + ', alignment ' + target.r.aliN + ', cohesion ' + target.r.cohN),
      readout,
    );
    const links = target.r.neighbours;
    assert.equal(links.length, target.r.cohN, 'the cohesion radius is the largest: every neighbour counts for it');
    assert.equal(links.filter((n) => n.rules & 1).length, target.r.sepN);
    // Every fish inspected now, against what the next step counts (its metrics row in the studio's CSV).
    const check = await page.evaluate(async () => {
      const s = window.MiroFish.current,
        st = window.__studio,
        n = s.params().fish;
      let coh = 0,
        checks = 0;
      for (let i = 0; i < n; i++) {
        const r = st.inspect(i);
        coh += r.cohN;
        checks += r.gridChecks;
      }
      await s.step(1);
      const lines = st.csv().trim().split('\n');
      const header = lines[1].split(','),
        row = lines[lines.length - 1].split(',');
      return {
        mean: coh / n,
        checks,
        avg: Number(row[header.indexOf('avg_neighbours')]),
        stepChecks: Number(row[header.indexOf('distance_checks')]),
      };
    });
    assert.ok(Math.abs(check.mean - check.avg) < 6e-5, JSON.stringify(check));
    assert.equal(check.checks, check.stepChecks);
    await context.close();
  });

  it('draws its overlay on a canvas of its own, lined up with the fish: one draw call when on, nothing when off', async () => {
    const { context, page } = await open('/fixtures/manual.html', { count: true });
    await page.evaluate(async () => {
      // The lowest quality level (DPR 0.5): thin overlay lines must still cover pixels there. A world wider than
      // the page (1250x700 in 1000x700): the koi's letterbox scales it by 0.8 and puts it 70 CSS px down.
      window.__school = await window.MiroFish.mount(null, {
        fish: 120,
        seed: 4,
        paused: true,
        quality: 'low',
        width: 1250,
        height: 700,
      });
    });
    const frame = () =>
      page.evaluate(async () => {
        const before = window.__draws;
        await window.__school.step(0); // paused: one still frame, its arrays to the studio before the answer
        return window.__draws - before;
      });
    const plain = await frame(); // the school's own draws on this page (none where they are in a Worker)
    const programs = await page.evaluate(() => window.__programs);
    await page.addScriptTag({ url: '/dist/mirofish-studio.js' });
    await page.evaluate(async () => {
      window.__studio = await window.MiroFishStudio.attach(window.__school);
      // The fish hidden, the overlay's canvas not: the screenshots show the overlay alone (a Worker's clock moves
      // the fins between still frames).
      window.__school.canvas.style.visibility = 'hidden';
    });
    const clip = { x: 0, y: 0, width: 600, height: 700 };
    const shotFrame = async () => {
      await frame();
      return h.shot(page, clip);
    };
    assert.equal(await frame(), plain, 'attached, overlays off: the same draw calls');
    assert.equal(await page.evaluate(() => window.__programs), programs, 'and no overlay program made');
    const off = await shotFrame();
    // A click redraws (step(0)) as the studio's own answer: one frame first takes that redraw's arrays, which may
    // still be on their way from a Worker, so that the counted frame is one frame alone.
    const click = async (text) => {
      await page.locator('mirofish-studio >> text=' + text).click();
      await frame();
    };
    await click('grid');
    assert.equal(await frame(), plain + 1, 'the grid: one more draw call');
    const grid = await shotFrame();
    assert.ok(h.diffPixels(off, grid) > 3000, 'the grid shows');
    // Lined up with the koi: the grid's lines are at world y 0 and rows x cell (at or past the world's bottom),
    // which the letterbox puts at 70 + 0.8 y CSS px, from the canvas's left edge (lines 3 CSS px wide here).
    const { cell, rows } = await page.evaluate(() => window.__studio.inspect(0));
    const box = diffBox(off, grid),
      bottom = 70 + 0.8 * rows * cell;
    assert.ok(
      box.minX <= 3 && Math.abs(box.minY - 70) <= 3 && Math.abs(box.maxY - bottom) <= 3,
      JSON.stringify({ box, bottom }),
    );
    await click('colour by heading');
    assert.equal(await frame(), plain + 1, 'grid and headings: still one draw');
    const both = await shotFrame();
    assert.ok(h.diffPixels(grid, both) > 1000, 'the heading colours show');
    // The school's context lost and restored: the overlay, in a context of its own, draws on as before.
    await page.evaluate(() => window.__school._test.loseContext());
    await h.waitFor(page, () => !window.__school.stats().rendering);
    await page.evaluate(() => window.__school._test.restoreContext());
    await h.waitFor(page, () => window.__school.stats().rendering);
    assert.equal(await frame(), plain + 1, 'restored: still one overlay draw');
    assert.equal(h.diffPixels(both, await shotFrame()), 0, 'restored: the same pixels');
    await click('grid');
    await click('colour by heading');
    assert.equal(await frame(), plain, 'off again: no overlay draw');
    assert.equal(h.diffPixels(off, await shotFrame()), 0, 'and no overlay pixels');
    await page.evaluate(() => window.__studio.detach());
    assert.equal(await frame(), plain);
    assert.equal(await page.evaluate(() => document.querySelector('mirofish-studio')), null);
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 1, 'the overlay canvas goes');
    await context.close();
  });

  it('switches the rules one at a time, and the metrics move as they should', async () => {
    const { context, page } = await open('/fixtures/manual.html');
    // The three rules alone: no points of interest and no current (the living pond gathers a school by itself).
    await mounted(page, { fish: 200, seed: 7, width: 1000, height: 700, paused: true, attractors: 0, current: 0 });
    const stage = page.locator('mirofish-studio >> text=/^One at a time/');
    // Means of the last 10 rows after 20 s of each stage, stepped in 1 s chunks.
    const run = () =>
      page.evaluate(async () => {
        const s = window.__school,
          st = window.__studio;
        for (let k = 0; k < 20; k++) await s.step(60);
        const lines = st.csv().trim().split('\n');
        const header = lines[1].split(','),
          rows = lines.slice(-10).map((l) => l.split(','));
        const mean = (c) => rows.reduce((a, r) => a + Number(r[header.indexOf(c)]), 0) / rows.length;
        return {
          weights: [s.get('sepWeight'), s.get('aliWeight'), s.get('cohWeight')],
          pol: mean('polarization'),
          neighbours: mean('avg_neighbours'),
          groups: mean('groups'),
        };
      });
    // A weight tuned by hand stays as it is while its rule stays on.
    await page.locator('mirofish-studio input[aria-label=sepWeight]').fill('2');
    await page.keyboard.press('Tab');
    await stage.click();
    const sep = await run();
    await stage.click();
    const ali = await run();
    await stage.click();
    const all = await run();
    assert.deepEqual(
      [sep.weights, ali.weights, all.weights],
      [
        [2, 0, 0],
        [2, 1, 0],
        [2, 1, 0.8],
      ],
    );
    assert.ok(ali.pol > sep.pol + 0.15, `alignment lines them up: ${sep.pol} -> ${ali.pol}`);
    assert.ok(all.neighbours > ali.neighbours * 1.3, `cohesion packs them: ${ali.neighbours} -> ${all.neighbours}`);
    assert.ok(all.groups < sep.groups, `fewer groups with all three: ${sep.groups} -> ${all.groups}`);
    assert.deepEqual(await shadow(page, 'rules'), [true, true, true]);
    await context.close();
  });

  it(
    'downloads the metrics CSV the CLI writes for the same school, header and rows',
    { skip: !cliAvailable && 'no native CLI' },
    async () => {
      const { context, page } = await open('/fixtures/manual.html');
      await mounted(page, { fish: 150, seed: 9, width: 800, height: 600, paused: true });
      const hash = await page.evaluate(async () => {
        for (let i = 0; i < 40; i++) await window.__school.step(1);
        return window.__school.hash();
      });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('mirofish-studio >> text=Download CSV').click(),
      ]);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-')), 'm.csv');
      cli(['run', '--hash', hash, '--steps', '40', '--every', '1', '--metrics', file]);
      const expected = fs.readFileSync(file, 'utf8');
      assert.equal(
        csv.split('\n').slice(0, 2).join('\n'),
        expected.split('\n').slice(0, 2).join('\n'),
        'comment and header',
      );
      assert.equal(csv, expected, 'every row');
      assert.equal(csv.trim().split('\n').length, 42);
      await context.close();
    },
  );

  it('attaches by message on either thread: the arrays after each frame, the overlay on a canvas of its own', async () => {
    const { context, page, log } = await open('/fixtures/manual.html');
    await page.addScriptTag({ url: '/dist/mirofish-studio.js' });
    const r = await page.evaluate(async () => {
      const school = await window.MiroFish.mount(null, { fish: 120, seed: 4, paused: true });
      window.__school = school;
      window.__studio = await window.MiroFishStudio.attach(school);
      await school.step(60); // each frame's arrays arrive before the step's answer
      const fish = window.__studio.inspect(5);
      return {
        thread: school.stats().thread,
        canvases: document.querySelectorAll('canvas').length,
        inspected: fish && fish.fish,
        neighbours: fish ? fish.neighbours.length : -1,
        rows: window.__studio.csv().trim().split('\n').length,
      };
    });
    assert.equal(r.thread, h.THREAD);
    assert.equal(r.canvases, 2, "the fish's canvas and the overlay's");
    assert.equal(r.inspected, 5);
    assert.ok(r.neighbours >= 0);
    assert.ok(r.rows > 2, "metrics rows from the Worker's steps: " + r.rows);
    // The selected fish's circles and arrows show on the overlay canvas, and go when nothing is selected.
    const clip = { x: 0, y: 0, width: 1000, height: 700 };
    const frame = async (i) => {
      await page.evaluate(async (k) => {
        window.__studio.select(k);
        await window.__school.step(0);
      }, i);
      await page.waitForTimeout(150);
      return h.shot(page, clip);
    };
    // (A Worker's clock runs: the fins' swim wave moves a little between still frames, the overlay far more.)
    const plain = await frame(-1);
    const selected = await frame(5);
    const again = await frame(-1);
    const shown = h.diffPixels(plain, selected),
      gone = h.diffPixels(plain, again);
    assert.ok(shown > 500 && shown > 5 * gone, `the overlay draws (${shown} px) and is taken away (${gone} px left)`);
    // A context lost for good, replaced (a new fish canvas for the engine): the overlay's own canvas stays over it
    // and draws on.
    await page.evaluate(async () => {
      window.__old = window.__school.canvas;
      await window.__school._test.loseContext();
    });
    await h.waitFor(
      page,
      () => window.__school.canvas !== window.__old && window.__school.stats().rendering,
      undefined,
      10000,
    );
    const replaced = h.diffPixels(await frame(-1), await frame(5));
    assert.ok(replaced > 500, `after the replacement the overlay draws (${replaced} px)`);
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 2);
    await page.evaluate(() => window.__studio.detach());
    assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), 1, 'the overlay canvas goes');
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('works as an ES module too: attach() from mirofish-studio.mjs, no global', async () => {
    const { context, page, log } = await open('/fixtures/manual.html');
    const r = await page.evaluate(async () => {
      const { attach, default: api } = await import('/dist/mirofish-studio.mjs');
      const school = await window.MiroFish.mount(null, { fish: 50, seed: 2 });
      const studio = await attach(school);
      return {
        same: api.attach === attach,
        panel: !!studio.element.isConnected,
        global: 'MiroFishStudio' in window,
        again: (await attach(school)) === studio,
      };
    });
    assert.deepEqual(r, { same: true, panel: true, global: false, again: true });
    // The school destroyed: the studio takes itself away.
    await page.evaluate(() => window.MiroFish.all[0].destroy());
    await h.waitFor(page, () => !document.querySelector('mirofish-studio'), undefined, 5000);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('opens from the demo page\'s "tune" link, which loads the studio only then', async () => {
    const { context, page, log } = await open('/');
    await h.waitForFish(page, 2);
    assert.equal(await page.evaluate(() => !!window.MiroFishStudio), false, 'a visitor loads the background alone');
    const seed = await page.evaluate(() => window.MiroFish.current.get('seed'));
    await page.click('#tune-link');
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    assert.equal(await page.evaluate(() => window.MiroFish.current.get('seed')), seed, 'the same school, not a replay');
    assert.equal(await page.evaluate(() => location.hash), '#studio=1');
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), []);
    await context.close();
  });

  it("is absent from the page's bundle: size within the hooks' budget, studio=1 alone changes nothing", async () => {
    const bundle = fs.readFileSync(path.join(h.DIST, 'mirofish.js')); // what ships (no test hooks)
    const gz = zlib.gzipSync(bundle, { level: 9 }).length;
    assert.ok(gz <= BUNDLE_GATE_GZ + ZLIB_SLACK_GZ, `mirofish.js is ${gz} bytes gzipped`);
    const text = bundle.toString('latin1');
    for (const s of ['MiroFishStudio', 'adoptedStyleSheets', 'Download CSV', 'studio_inspect']) {
      assert.ok(!text.includes(s), s + ' is studio code');
    }
    const studio = zlib.gzipSync(fs.readFileSync(h.STUDIO), { level: 9 }).length;
    assert.ok(studio <= STUDIO_TARGET_GZ, `mirofish-studio.js is ${studio} bytes gzipped`);
    // Without the studio's script, #studio=1 is the page's hash: no panel, no warning, no replay.
    const { context, page, log } = await open('/fixtures/csp.html#studio=1', { csp: true });
    await h.waitForFish(page, 3);
    const r = await page.evaluate(() => ({
      panel: !!document.querySelector('mirofish-studio'),
      seed: window.MiroFish.current.get('seed'),
      hash: location.hash,
    }));
    assert.deepEqual(r, { panel: false, seed: 7, hash: '#studio=1' });
    assert.deepEqual(log.warnings(), []);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
