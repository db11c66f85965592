// The parameter sliders (web/studio/controls.js): a slider's position <-> a value on a log scale, landing on values
// the hash writes (3 significant digits), and the step of a linear slider.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { LOG_STEPS, sliderScale, sliderStep } = await import('../../web/studio/controls.js');

// Log rows shaped as the table's: a count from 0, radii from 1, a time from 0, a delay from above 0.
const LOG_ROWS = [
  { scale: 'log', min: 0, max: 100000, integer: true },
  { scale: 'log', min: 1, max: 400, integer: false },
  { scale: 'log', min: 0, max: 30, integer: false },
  { scale: 'log', min: 0.016, max: 1, integer: false },
];

test("a log slider covers the row's range end to end, each position a value the hash writes, in order", () => {
  for (const row of LOG_ROWS) {
    const s = sliderScale(row);
    const name = JSON.stringify(row);
    assert.deepEqual([s.min, s.max, s.step], [0, LOG_STEPS, 1], name);
    assert.equal(s.from(0), row.min, name + ': position 0 is the minimum');
    assert.equal(s.from(LOG_STEPS), row.max, name + ': the last position is the maximum');
    assert.equal(s.to(row.min), 0, name);
    assert.equal(s.to(row.max), LOG_STEPS, name);
    let last = -Infinity;
    for (let p = 0; p <= LOG_STEPS; p++) {
      const v = s.from(p);
      assert.ok(v >= last && v >= row.min && v <= row.max, name + ' at ' + p + ': ' + v);
      assert.equal(Number(v.toPrecision(3)), v, name + ' at ' + p + ': 3 significant digits');
      if (row.integer) assert.ok(Number.isInteger(v), name + ' at ' + p + ': whole');
      // shown again, a value lands where it came from (a count's first whole numbers span several positions)
      if (!row.integer) assert.ok(Math.abs(s.to(v) - p) <= 1, name + ' at ' + p + ': back at ' + s.to(v));
      last = v;
    }
    assert.equal(s.from('250'), s.from(250), "the slider's value is a string");
  }
});

test('a count from 0 starts its log scale at 1: position 1 is one fish', () => {
  const s = sliderScale(LOG_ROWS[0]);
  assert.equal(s.from(1), 1);
  assert.equal(s.to(1), 1);
  assert.equal(s.to(0.5), 1, 'between the minimum and the floor: the first position');
  assert.equal(s.from(s.to(200)), 200, 'the default count shows as itself');
});

test('a linear slider is the value itself, in steps of 1, 2 or 5 times a power of ten, about 1/200 of the range', () => {
  const s = sliderScale({ scale: 'linear', min: 0, max: 10, integer: false });
  assert.deepEqual([s.min, s.max, s.step, s.to(3.5), s.from('3.5')], [0, 10, 0.05, 3.5, 3.5]);
  assert.equal(sliderStep({ min: 0, max: 1, integer: false }), 0.005);
  assert.equal(sliderStep({ min: 0, max: 600, integer: false }), 2);
  assert.equal(sliderStep({ min: 0.016, max: 1, integer: false }), 0.002);
  assert.equal(
    sliderStep({ min: 0, max: 0.1, integer: false }),
    0.001,
    'never finer than the 3 decimals the hash keeps',
  );
  assert.equal(sliderStep({ min: 1, max: 8, integer: true }), 1, 'whole numbers');
});
