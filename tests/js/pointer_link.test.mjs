// The pointer's way to the engine (web/host/pointer_link.js): at most one message a slot, the first at once, the
// latest position winning, a pointer that leaves said once, nothing after stop().
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import './support/register.mjs';

const { PointerLink } = await import('../../web/host/pointer_link.js');

test('a 1 000 Hz mouse sends one message a slot: the first at once, then the latest', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const sent = [];
    const link = new PointerLink((msg) => sent.push(msg));
    link.move(true, 1, 1);
    assert.deepEqual(sent, [{ t: 'pointer', present: true, x: 1, y: 1 }], 'the first goes at once');
    for (let k = 2; k <= 16; k++) link.move(true, k, k); // a move each millisecond
    assert.equal(sent.length, 1, 'the rest wait for the next slot');
    mock.timers.tick(16);
    assert.deepEqual(sent[1], { t: 'pointer', present: true, x: 16, y: 16 }, 'the latest wins');
    mock.timers.tick(16);
    assert.equal(sent.length, 2, 'a slot with nothing new sends nothing');
    link.move(false, 0, 0);
    assert.deepEqual(sent[2], { t: 'pointer', present: false, x: 0, y: 0 }, 'leaving is said');
    mock.timers.tick(16);
    link.move(false, 0, 0);
    mock.timers.tick(16);
    assert.equal(sent.length, 3, 'and said once');
    link.move(true, 5, 5);
    link.stop();
    mock.timers.tick(100);
    assert.equal(sent.length, 4, 'nothing more after stop()');
  } finally {
    mock.timers.reset();
  }
});
