// S-ECO-3 in the browser: species=3 (option and hash key) round-trips through the hash and replays the native CLI's
// school; bad values are clamped with a warning. Each kind in its own palette is a frame's look, tested natively
// (tests/render/gl/look.test.cpp).
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

describe('species', () => {
  const env = h.serverAndBrowser();

  it('species=3: the hash round-trips, the CLI school replays', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    const look = async (species) => {
      await page.goto(env.srv.base + `/fixtures/manual.html#n=120&seed=5&w=1600&h=900&pal=0&species=${species}`);
      return page.evaluate(async () => {
        const s = await window.MiroFish.mount(undefined, { opacity: 1, paused: true, quality: 'high' });
        await s.step(120);
        const r = { hash: s.hash(), state: await s.stateHash() };
        s.destroy();
        return r;
      });
    };
    const one = await look(1),
      three = await look(3);
    assert.ok(three.hash.includes('species=3'), `the hash carries species=3: ${three.hash}`);
    assert.ok(one.hash.includes('species=1'));
    if (fs.existsSync(h.CLI)) {
      const out = execFileSync(
        h.CLI,
        ['run', '--hash', 'n=120&seed=5&w=1600&h=900&pal=0&species=3', '--steps', '120'],
        { encoding: 'utf8' },
      );
      assert.equal(three.state, out.match(/^state-hash ([0-9a-f]{16})$/m)[1], 'the page replays `mirofish run`');
    }
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('species=9 in a link is clamped to 3 with one warning; set() changes the kinds live', async () => {
    const context = await env.browser.newContext({ viewport: { width: 640, height: 480 } });
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=40&species=9');
    const r = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(undefined, { paused: true });
      const clamped = s.hash();
      await s.set('species', 2);
      await s.step(30);
      return { clamped, live: s.hash() };
    });
    assert.ok(r.clamped.includes('species=3'), r.clamped);
    assert.ok(r.live.includes('species=2'), r.live);
    assert.ok(
      log.warnings().some((w) => /species.*clamped to 3/.test(w)),
      JSON.stringify(log.warnings()),
    );
    assert.deepEqual(log.errors(), []);
    await context.close();
  });
});
