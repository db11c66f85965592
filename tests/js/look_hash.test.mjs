// The configurator's look as its URL hash and back (site/look_hash.js), against the real parameter table
// (`mirofish params --json`, the C++ table the wasm hands the page): names for named values, numbers held in range,
// anything else left out with one warning naming it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { lookHash, readLookHash } from '../../site/look_hash.js';
import { CLI } from './support/cli.mjs';
import { warnings } from './support/console.mjs';

const table = JSON.parse(execFileSync(CLI, ['params', '--json'], { encoding: 'utf8' }));
const info = (name) => table.find((r) => r.name === name);

test('a look reads back from its own hash', () => {
  const look = { options: { fish: 120, palette: info('palette').values[2], water: 1, opacity: 0.4 }, qr: true };
  const hash = lookHash(look);
  assert.equal(hash, 'fish=120&palette=' + info('palette').values[2] + '&water=1&opacity=0.4&qr=1');
  assert.deepEqual(readLookHash('#' + hash, table), look);
});

test("numbers are held in the table's range, integers rounded, each change said once", () => {
  const fish = info('fish');
  let look;
  const said = warnings(() => (look = readLookHash('fish=' + (fish.max + 5) + '&opacity=-1&seed=7.6', table)));
  assert.equal(look.options.fish, fish.max);
  assert.equal(look.options.opacity, info('opacity').min);
  assert.equal(look.options.seed, 8, 'seed is an integer');
  assert.deepEqual(said, [
    'MiroFish configurator: fish ' + (fish.max + 5) + ' is outside ' + fish.min + '..' + fish.max + ': ' + fish.max,
    'MiroFish configurator: opacity -1 is outside ' +
      info('opacity').min +
      '..' +
      info('opacity').max +
      ': ' +
      info('opacity').min,
    'MiroFish configurator: seed 7.6 is not a whole number: 8',
  ]);
});

test('an unknown name, a word for a number, an empty value: left out, one warning each', () => {
  let look;
  const said = warnings(
    () => (look = readLookHash('#bogus=1&fish=lots&opacity=&&palette=' + info('palette').values[1], table)),
  );
  assert.deepEqual(look, { options: { palette: info('palette').values[1] }, qr: false });
  assert.deepEqual(said, [
    'MiroFish configurator: the link has "bogus", which is not an option: left out',
    'MiroFish configurator: fish="lots" is not a number: left out',
    'MiroFish configurator: opacity="" is not a number: left out',
  ]);
});

test('a named option by number reads as its name', () => {
  assert.equal(readLookHash('palette=3', table).options.palette, info('palette').values[3]);
});
