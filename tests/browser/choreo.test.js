// S-CHO in a real browser: a hash's form=qr:TEXT lands the school as a code that a real decoder (zbarimg) reads to
// exactly TEXT in the page's screenshots, full size and halved, on a light and a dark page, at the default opacity
// (the frames of three texts at DPR 1 and 2, and seed 004's check on a clip, are read natively:
// tests/cli/frames_qr.cmake); form=text: lands text; school.form()/release(); bad input is refused with one warning and never
// reaches the DOM.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

const AT = 0.5; // s: the formation starts here (the hash's at=)
const LANDING = 4; // s: the landing measured natively takes under 3 s; this leaves margin
const TEXTS = ['https://example.org/pond?fish=200&mood=calm#top']; // a URL with a query string

// A greyscale PGM of an RGBA image, box-filtered down by `factor` (1: as is).
function pgm(img, factor) {
  const w = Math.floor(img.width / factor),
    hgt = Math.floor(img.height / factor);
  const out = Buffer.alloc(w * hgt);
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const i = ((y * factor + dy) * img.width + x * factor + dx) * 4;
          sum += 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
        }
      }
      out[y * w + x] = Math.round(sum / (factor * factor));
    }
  }
  return Buffer.concat([Buffer.from(`P5\n${w} ${hgt}\n255\n`), out]);
}

// What zbarimg reads in a screenshot; [] when it finds no code.
function decode(img, factor, dir, name) {
  const file = path.join(dir, name + '.pgm');
  fs.writeFileSync(file, pgm(img, factor));
  try {
    const out = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\n').filter((l) => l.length);
  } catch (e) {
    return [];
  }
}

describe('choreography', () => {
  const env = h.serverAndBrowser();
  let dir;
  let zbar = true;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-choreo-'));
    try {
      execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    } catch (e) {
      zbar = false;
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Opens the fixture with a hash, pauses it, and steps it to `seconds` of simulated time.
  async function landed(hash, dpr, seconds = AT + LANDING) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: dpr });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/choreo.html#' + hash);
    await h.waitForFish(page);
    await page.evaluate(
      async (n) => {
        const s = window.MiroFish.current;
        s.pause();
        // The engine's steps as of the pause: step(0) steps nothing and answers after a fresh snapshot (the engine may
        // be in a Worker; its snapshots otherwise come at most every 100 ms).
        await s.step(0);
        await s.step(n - s.stats().steps);
      },
      Math.round(seconds * 60),
    );
    assert.equal(await page.evaluate(() => window.MiroFish.current.stats().thread), h.THREAD);
    return { context, page, log, stats: () => page.evaluate(() => window.MiroFish.current.stats()) };
  }

  // A screenshot of the paused school once two in a row agree: the Worker's frame of the stepped state reaches the
  // page's compositor a frame or so after step() resolves (a CI run once read no code in the shot before it).
  async function stillShot(page) {
    let last = await h.shot(page);
    for (let i = 0; i < 20; i++) {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const img = await h.shot(page);
      if (h.diffPixels(img, last, 0) === 0) return img;
      last = img;
    }
    return last;
  }

  for (const text of TEXTS) {
    it(`form=qr: lands a code that zbarimg reads as exactly ${JSON.stringify(text)} (full and half)`, async (t) => {
      if (!zbar) return t.skip('zbarimg is not installed (scripts/ensure-deps installs zbar-tools)');
      for (const dpr of [1]) {
        const { context, page, log, stats } = await landed('form=qr:' + encodeURIComponent(text) + '&at=' + AT, dpr);
        const s = await stats();
        assert.equal(s.form.type, 'qr');
        assert.equal(s.form.phase, 'holding', `landed by ${AT + LANDING} s`);
        assert.equal(s.form.settled, s.form.targets, 'every module has its fish');
        assert.equal(s.fish, Math.max(200, s.form.targets), 'fish added for the code, and said so');
        assert.equal(s.form.added, Math.max(0, s.form.targets - 200));
        for (const background of ['', '#101418']) {
          // the page's own light background, then a dark one
          await page.evaluate((b) => {
            document.body.style.background = b;
          }, background);
          const img = await stillShot(page);
          assert.equal(img.width, 800 * dpr);
          for (const factor of [1, 2]) {
            const name = `dpr${dpr}-${background ? 'dark' : 'light'}-${factor === 1 ? 'full' : 'half'}`;
            assert.deepEqual(decode(img, factor, dir, name + '-' + text.length), [text], name);
          }
        }
        assert.deepEqual(log.errors(), []);
        assert.deepEqual(log.warnings(), []);
        await context.close();
      }
    });
  }

  it('the hold ends and the school swims off; the fish added for the code leave', async () => {
    const { context, page, stats } = await landed('form=qr:koi&at=0', 1, 3);
    assert.equal((await stats()).form.phase, 'holding');
    await page.evaluate(() => window.MiroFish.current.step(12 * 60));
    const s = await stats();
    assert.equal(s.form.type, '', 'released after the 10 s hold');
    assert.equal(s.fish, 200);
    await context.close();
  });

  it('form=text: lands text; school.form() and release() drive it from code', async () => {
    const { context, page, log, stats } = await landed('form=text:Hello', 1, 4);
    let s = await stats();
    assert.equal(s.form.type, 'text');
    assert.equal(s.form.phase, 'holding');
    assert.ok(s.form.targets > 40 && s.form.settled === s.form.targets, JSON.stringify(s.form));
    assert.equal(s.form.added, 0, 'more fish than cells: none added, the rest keep swimming');
    // The cells show where the text is (the middle of the page), drawn by the canvas.
    const clip = { x: 250, y: 250, width: 300, height: 100 };
    const shown = await h.shot(page, clip);
    await page.evaluate(() => {
      window.MiroFish.current.canvas.style.visibility = 'hidden';
    });
    const hidden = await h.shot(page, clip);
    await page.evaluate(() => {
      window.MiroFish.current.canvas.style.visibility = '';
    });
    assert.ok(h.diffPixels(shown, hidden) > 500, 'the landed text is on screen');
    // From code: a ring now, then let go.
    assert.equal(await page.evaluate(() => window.MiroFish.current.form({ type: 'ring', hold: 0 })), true);
    await page.evaluate(() => window.MiroFish.current.step(60));
    s = await stats();
    assert.equal(s.form.type, 'ring');
    assert.equal(s.form.phase, 'landing');
    log.clear();
    assert.equal(
      await page.evaluate(() => window.MiroFish.current.form({ type: 'qr', text: '' })),
      false,
      'refused while a ring is up: false, and the ring stays',
    );
    assert.equal(log.warnings().length, 1);
    assert.equal((await stats()).form.type, 'ring');
    log.clear();
    await page.evaluate(() => window.MiroFish.current.release());
    assert.equal((await stats()).form.type, '');
    assert.deepEqual(log.warnings(), []);
    await context.close();
  });

  it('bad input: too long (one warning, refused), empty (ignored), unknown kind (warned); text never in the DOM', async () => {
    const long = 'x'.repeat(214);
    let r = await landed('form=qr:' + long, 1, 1);
    assert.equal(r.log.warnings().length, 1, r.log.warnings().join('\n'));
    assert.match(r.log.warnings()[0], /214 bytes.*213.*refused/);
    assert.equal((await r.stats()).form.type, '');
    // The same from code: false and one warning.
    r.log.clear();
    assert.equal(await r.page.evaluate((t) => window.MiroFish.current.form({ type: 'qr', text: t }), long), false);
    assert.equal(r.log.warnings().length, 1);
    assert.equal(await r.page.evaluate(() => window.MiroFish.current.form({ type: 'spiral' })), false);
    assert.equal(await r.page.evaluate(() => window.MiroFish.current.form({ text: 'no type' })), false);
    assert.equal(r.log.warnings().length, 3);
    assert.equal((await r.stats()).form.type, '');
    await r.context.close();

    r = await landed('form=qr:&n=150', 1, 1);
    assert.equal((await r.stats()).form.type, '', 'an empty text lands nothing');
    assert.equal((await r.stats()).fish, 150, 'the rest of the hash still applies');
    assert.ok(r.log.warnings().length <= 1);
    await r.context.close();

    r = await landed('form=spiral', 1, 1);
    assert.equal(r.log.warnings().length, 1);
    assert.match(r.log.warnings()[0], /spiral.*not a formation/);
    await r.context.close();

    const markup = '<img src=x onerror="window.__pwned=1"><b>hi</b>';
    r = await landed('form=text:' + encodeURIComponent(markup), 1, 1);
    const dom = await r.page.evaluate(() => ({
      html: document.documentElement.outerHTML,
      imgs: document.images.length,
      pwned: window.__pwned,
    }));
    assert.equal(dom.imgs, 0);
    assert.equal(dom.pwned, undefined);
    assert.ok(!dom.html.includes('onerror') && !dom.html.includes('<b>hi'), 'the text is drawn by fish only');
    assert.equal((await r.stats()).form.type, 'text');
    await r.context.close();
  });

  it("the demo page's \"say hello\" lands the owner's name, then a code of the page's link", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/');
    await h.waitForFish(page);
    await page.click('#hello-button');
    // The demo's form() call resolves once the engine (a Worker, or this thread) has landed it; the snapshot follows.
    await h.waitFor(page, () => window.MiroFish.current.stats().form.type !== '');
    await page.evaluate(() => window.MiroFish.current.pause());
    let s = await page.evaluate(() => window.MiroFish.current.stats());
    assert.equal(s.form.type, 'text');
    await page.evaluate(() => window.MiroFish.current.step(9 * 60)); // landed, held 4 s, let go
    await h.waitFor(page, () => window.MiroFish.current.stats().form.type === 'qr');
    await page.evaluate(() => window.MiroFish.current.step(4 * 60));
    s = await page.evaluate(() => window.MiroFish.current.stats());
    assert.equal(s.form.phase, 'holding');
    assert.equal(s.form.settled, s.form.targets);
    assert.deepEqual(log.errors(), []);
    assert.deepEqual(log.warnings(), []);
    await context.close();
  });

  it('a URL that needs escaping round-trips through the hash', async () => {
    const text = 'https://example.org/a b?q=1&r=%41#frag+more';
    const { context, page } = await landed('form=qr:' + encodeURIComponent(text) + '&at=2.5', 1, 1);
    const hash = await page.evaluate(() => window.MiroFish.current.hash());
    const form = hash.split('&').filter((kv) => /^(form|at)=/.test(kv));
    assert.deepEqual(form, [
      'form=qr:' +
        encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()),
      'at=2.5',
    ]);
    assert.equal((await page.evaluate(() => window.MiroFish.current.stats())).form.phase, 'waiting');
    await context.close();
  });
});
