// web/mirofish.d.ts lists exactly the parameters of the C++ table, as options and as <miro-fish> attributes, so the
// types cannot drift from params.h.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

describe('TypeScript types', () => {
  const env = h.serverAndBrowser();

  it('name every parameter of MiroFish.table(), as a name and as an option', async () => {
    const page = await env.browser.newPage({ viewport: { width: 400, height: 300 } });
    await page.goto(env.srv.base + '/fixtures/manual.html');
    const table = await page.evaluate(() => window.MiroFish.table());
    const names = table.map((p) => p.name);
    const dts = fs.readFileSync(path.join(h.ROOT, 'web', 'mirofish.d.ts'), 'utf8');
    const union = dts
      .match(/export type MiroFishParamName =([^;]+);/)[1]
      .match(/'(\w+)'/g)
      .map((s) => s.slice(1, -1));
    assert.deepEqual(union, names);
    const options = dts.match(/export interface MiroFishOptions \{([\s\S]*?)\n\}/)[1];
    const optionNames = [...options.matchAll(/^\s+(\w+)\?:/gm)].map((m) => m[1]);
    // avoid: a selector, page only; thread: where the school runs; continue: the school carried to the next page
    assert.deepEqual(optionNames, ['paused', 'hash', 'avoid', 'signal', 'thread', 'continue', ...names]);
    // <miro-fish>'s attributes (JSX, Vue and Svelte take them from here): the same names in kebab case.
    const attributes = dts.match(/export interface MiroFishAttributes \{([\s\S]*?)\n\}/)[1];
    const attributeNames = [...attributes.matchAll(/^\s+'?([\w-]+)'?\?:/gm)].map((m) => m[1]);
    assert.deepEqual(attributeNames, [
      'paused',
      'hash',
      'avoid',
      'thread',
      'continue',
      ...names.map((n) => n.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())),
    ]);
    assert.match(attributes, /\n\s+palette\?: 'koi' \| 'goldfish' \| 'ink' \| 'neon' \| number \| `\$\{number\}`;/);
    for (const p of table) {
      if (p.inHash)
        assert.ok(options.includes('hash key `' + p.key + '`'), `${p.name} documents its hash key ${p.key}`);
      else
        assert.match(
          options,
          new RegExp('\\n\\s+/\\*\\*[^\\n]*page only\\)\\.? \\*/\\n\\s+' + p.name + '\\?:'),
          `${p.name} says it is page only`,
        );
      assert.ok(p.min <= p.def && p.def <= p.max, `${p.name} default inside its range`);
    }
    // Named options take their names from the table's values column (C++ kParamValues), in the page as in the CLI.
    assert.deepEqual(table.find((p) => p.name === 'quality').values, ['auto', 'high', 'low']);
    assert.deepEqual(table.find((p) => p.name === 'fish').values, []);
    const palette = await page.evaluate(async () => {
      const s = await window.MiroFish.mount(null, { fish: 10, palette: 'ink', quality: 'low' });
      const held = [s.get('palette'), s.get('quality'), await s.set('palette', 'neon')];
      s.destroy();
      return held;
    });
    assert.deepEqual(palette, [2, 2, 3]);
    await page.close();
  });
});
