// Which engine a mount asks for first (web/host/mount.js chooseThread): the page's `thread` option, read as the
// attribute's text would be, else a Worker wherever the browser can hand a canvas to one; never a Worker where it
// cannot, whatever the page asked.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { warnings } from './support/console.mjs';
import './support/register.mjs';

const { chooseThread } = await import('../../web/host/mount.js');

// A browser that can hand a canvas to a Worker (the three things engine_link.js workerCapable asks for).
function canHandOver() {
  globalThis.Worker = function Worker() {};
  globalThis.OffscreenCanvas = function OffscreenCanvas() {};
  globalThis.HTMLCanvasElement = function HTMLCanvasElement() {};
  globalThis.HTMLCanvasElement.prototype.transferControlToOffscreen = () => {};
}
afterEach(() => {
  for (const name of ['Worker', 'OffscreenCanvas', 'HTMLCanvasElement']) delete globalThis[name];
});

test("a Worker where the browser can hand it the canvas, unless the page says 'main'", () => {
  canHandOver();
  assert.equal(chooseThread({}, 'auto'), 'worker');
  assert.equal(chooseThread({ thread: 'auto' }, 'main'), 'worker', "the page's option over the fallback");
  assert.equal(chooseThread({ thread: 'worker' }, 'auto'), 'worker');
  assert.equal(chooseThread({ thread: ' Main ' }, 'auto'), 'main', 'an attribute as written: spaces, capitals');
  assert.equal(chooseThread({}, 'main'), 'main', 'no option: the fallback (the browser suite asks for main)');
});

test('the main thread where no canvas can go to a Worker, even when the page asks for one', () => {
  assert.equal(chooseThread({ thread: 'worker' }, 'auto'), 'main');
  assert.equal(chooseThread({}, 'auto'), 'main');
});

test('a value that is no thread warns once, naming it, and is auto', () => {
  canHandOver();
  let thread;
  const said = warnings(() => (thread = chooseThread({ thread: 'gpu' }, 'auto')));
  assert.equal(thread, 'worker');
  assert.deepEqual(said, ['MiroFish: option thread="gpu": use "auto", "worker" or "main"; using "auto"']);
  assert.deepEqual(
    warnings(() => chooseThread({ thread: 7 }, 'main')),
    ['MiroFish: option thread=7: use "auto", "worker" or "main"; using "auto"'],
  );
});
