// What the page before left for this page's school (web/host/carry.js carried): taken once, and only by a page that
// goes on from it; a reload, an old snapshot (a visit from before), storage a page may not use and the `continue`
// option's "off" each start from the seed; damaged text reaches the engine, which names it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import './support/register.mjs';

const { carried, carries } = await import('../../web/host/carry.js');

let store, navType, now;
beforeEach(() => {
  store = new Map();
  navType = 'navigate';
  now = 1_000_000;
  globalThis.sessionStorage = {
    getItem: (k) => (store.has(k) ? store.get(k) : null),
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  };
  globalThis.performance.getEntriesByType = (type) => (type === 'navigation' ? [{ type: navType }] : []);
  Date.now = () => now;
});
const realNow = Date.now;
afterEach(() => {
  delete globalThis.sessionStorage;
  delete globalThis.performance.getEntriesByType;
  Date.now = realNow;
});

const bytes = Uint8Array.from([77, 70, 83, 72, 1, 0, 250]);
const left = (time, paused = 0, b64 = Buffer.from(bytes).toString('base64')) =>
  store.set('mirofish-school-1', `${time},${paused},${b64}`);

test("a link's next page takes the snapshot once, with the paused flag it was written with", () => {
  left(now - 2000, 1);
  assert.deepEqual(carried(1), { bytes, paused: true });
  assert.equal(carried(1), null, 'read once: a later page of the visit starts from its seed');
  left(now - 100, 0);
  assert.equal(carried(2), null, "another school's place");
  assert.deepEqual(carried(1), { bytes, paused: false });
});

test('a reload, a snapshot over 30 s old and a snapshot from the future start from the seed, and are taken', () => {
  left(now - 1000);
  navType = 'reload';
  assert.equal(carried(1), null);
  assert.equal(store.size, 0, 'taken all the same: the page after the reload does not find it');
  navType = 'back_forward';
  left(now - 31000);
  assert.equal(carried(1), null, 'a visit from before');
  left('later');
  assert.equal(carried(1), null, 'no time');
  left(now - 29000);
  assert.deepEqual(carried(1), { bytes, paused: false }, 'back or forward without the cache goes on');
});

test('damaged text reaches the engine as bytes it will refuse; refused storage is a page without one', () => {
  left(now, 0, '%%not base64%%');
  assert.deepEqual(carried(1), { bytes: new Uint8Array(0), paused: false });
  globalThis.sessionStorage = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
  assert.equal(carried(1), null);
});

test('the continue option: on unless said off, in any of the words the options take', () => {
  assert.equal(carries({}), true);
  for (const on of [true, 'true', 'on', '1', 'yes']) assert.equal(carries({ continue: on }), true, String(on));
  for (const off of [false, 'false', 'off', 'OFF', ' 0 ', 'no']) assert.equal(carries({ continue: off }), false, off);
});
