// What the studio hands out (web/studio/share.js): the script tag that mounts the same school on another page, and
// the hash key that opens the studio.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { STUDIO_KEY, STUDIO_PARAM, scriptTag } = await import('../../web/studio/share.js');

// Rows as the parameter table gives them (name, default, integer): what scriptTag reads.
const TABLE = [
  { name: 'fish', def: 200, integer: true },
  { name: 'seed', def: 1, integer: true },
  { name: 'width', def: 1600, integer: true },
  { name: 'height', def: 900, integer: true },
  { name: 'sepRadius', def: 22, integer: false },
  { name: 'aliWeight', def: 1, integer: false },
];
const DEFAULTS = { fish: 200, seed: 1, width: 1600, height: 900, sepRadius: 22, aliWeight: 1 };

test('the tag carries fish always and every other value that differs from its default, in kebab case', () => {
  assert.equal(scriptTag(DEFAULTS, TABLE, false, 'mirofish.js'), '<script src="mirofish.js" data-fish="200"></script>');
  const tuned = { ...DEFAULTS, fish: 350, sepRadius: 30.5, aliWeight: 0.125 };
  assert.equal(
    scriptTag(tuned, TABLE, false, '/js/mirofish.min.js?v=2'),
    '<script src="/js/mirofish.min.js?v=2" data-fish="350" data-sep-radius="30.5" data-ali-weight="0.125"></script>',
  );
});

test("the world's size only in the exact tag, which pins the seed too; a non-number is left out", () => {
  const params = { ...DEFAULTS, width: 1280, seed: 7 };
  assert.equal(scriptTag(params, TABLE, false, 'm.js'), '<script src="m.js" data-fish="200" data-seed="7"></script>');
  assert.equal(
    scriptTag({ ...DEFAULTS }, TABLE, true, 'm.js'),
    '<script src="m.js" data-fish="200" data-seed="1" data-width="1600" data-height="900"></script>',
    'the exact tag carries the seed and the size even at their defaults',
  );
  assert.equal(scriptTag({ fish: 9, seed: 'x' }, TABLE, false, 'm.js'), '<script src="m.js" data-fish="9"></script>');
});

test("a quote in the script's address cannot end the attribute", () => {
  assert.equal(scriptTag({ fish: 1 }, TABLE, false, 'a".js'), '<script src="a&quot;.js" data-fish="1"></script>');
});

test("the studio opens on its key in the hash, alone or among the school's, and on nothing that only contains it", () => {
  for (const hash of [
    '#' + STUDIO_PARAM,
    '#n=300&' + STUDIO_PARAM,
    '#' + STUDIO_PARAM + '&n=300',
    '#/r?' + STUDIO_PARAM,
  ]) {
    assert.ok(STUDIO_KEY.test(hash), hash);
  }
  for (const hash of [
    '',
    '#n=300',
    '#x' + STUDIO_PARAM,
    '#' + STUDIO_PARAM + '0',
    '#' + STUDIO_PARAM.replace('1', '0'),
  ]) {
    assert.ok(!STUDIO_KEY.test(hash), hash);
  }
});
