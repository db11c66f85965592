// The page's side of the URL hash (web/host/hash.js): which part is ours beside a page's hash route, the hash
// share() writes back without touching the route, and what one school takes of the page's hash as it changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { warnings } from './support/console.mjs';
import './support/register.mjs';

const { HashFollower, shareHash, splitHash } = await import('../../web/host/hash.js');

test("a plain hash is ours whole; a hash route is the page router's, ours only in its mf= parameter", () => {
  assert.deepEqual(splitHash('#n=300&seed=7'), { route: '', ours: 'n=300&seed=7' });
  assert.deepEqual(splitHash('n=300'), { route: '', ours: 'n=300' });
  assert.deepEqual(splitHash('#/about'), { route: '/about', ours: '' });
  assert.deepEqual(splitHash('#!/x?tab=2'), { route: '!/x?tab=2', ours: '' });
  assert.deepEqual(splitHash('#/about?tab=2&mf=n%3D300%26seed%3D7'), {
    route: '/about?tab=2&mf=n%3D300%26seed%3D7',
    ours: 'n=300&seed=7',
  });
});

test('an mf= that is not percent-encoding is left out with one warning', () => {
  const said = warnings(() => assert.deepEqual(splitHash('#/a?mf=%E0%A4%A'), { route: '/a?mf=%E0%A4%A', ours: '' }));
  assert.deepEqual(said, ['MiroFish: the mf= part of the URL hash is not valid percent-encoding; ignored']);
});

test('share() writes our pairs, and inside a route keeps the route and its other parameters', () => {
  assert.equal(shareHash('', 'n=300&seed=7'), '#n=300&seed=7');
  assert.equal(shareHash('#n=1', 'n=300'), '#n=300');
  assert.equal(shareHash('#/about', 'n=300&seed=7'), '#/about?mf=n%3D300%26seed%3D7');
  assert.equal(shareHash('#/about?tab=2&mf=old', 'n=300'), '#/about?tab=2&mf=n%3D300');
  for (const route of ['#/about', '#/a/b?x=1&y=2', '#!/x']) {
    const shared = shareHash(route, 'n=300&seed=7&rsep=22');
    assert.equal(splitHash(shared).ours, 'n=300&seed=7&rsep=22', 'what share() writes reads back: ' + shared);
  }
});

test("a school takes the page's hash at mount and each new one of ours, once; the hash option says which", () => {
  const follows = new HashFollower(undefined);
  assert.equal(follows.atMount(undefined, '#n=300'), 'n=300', "the page's at mount");
  assert.equal(follows.changed('#n=300'), '', 'the same hash again is no news');
  assert.equal(follows.changed('#/about'), '', 'a route without our pairs is none of ours');
  assert.equal(follows.changed('#n=200'), 'n=200');
  follows.shared('#n=250');
  assert.equal(follows.changed('#n=250'), '', 'the hash share() wrote is no news');
  assert.equal(new HashFollower(undefined).atMount(undefined, '#'), '', 'an empty hash');
  assert.equal(new HashFollower('n=5').atMount('n=5', '#n=300'), 'n=5', "the option's string wins at mount");
  for (const off of [false, 'false']) {
    const none = new HashFollower(off);
    assert.equal(none.atMount(off, '#n=300'), '', 'hash=' + off + ' reads none');
    assert.equal(none.changed('#n=200'), '', 'nor any later');
  }
});
