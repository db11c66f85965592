// The studio's number formats and colours (web/studio/util.js): a value as the hash writes it, a data-* attribute's
// name, grouped digits, and the overlay's packed vertex colours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { clamp, formatValue, grouped, hue, kebab, rgba } = await import('../../web/studio/util.js');

test('a value as the hash writes it: integers whole, others to three decimals without trailing zeros', () => {
  const whole = { integer: true },
    real = { integer: false };
  assert.equal(formatValue(whole, 300), '300');
  assert.equal(formatValue(whole, 299.6), '300');
  assert.equal(formatValue(real, 1.5), '1.5');
  assert.equal(formatValue(real, 0.08), '0.08');
  assert.equal(formatValue(real, 2), '2');
  assert.equal(formatValue(real, 0.12345), '0.123');
  assert.equal(formatValue(real, 10), '10', 'a trailing zero of the integer part stays');
  assert.equal(formatValue(real, -0.0001), '0', 'never "-0"');
});

test('a parameter name as its data-* attribute, digits grouped by thousands, a value clamped', () => {
  assert.equal(kebab('sepRadius'), 'sep-radius');
  assert.equal(kebab('fish'), 'fish');
  assert.equal(kebab('maxFps'), 'max-fps');
  assert.equal(grouped(12345), '12,345');
  assert.equal(grouped(999), '999');
  assert.equal(grouped(1234567.6), '1,234,568');
  assert.equal(clamp(5, 0, 3), 3);
  assert.equal(clamp(-1, 0, 3), 0);
  assert.equal(clamp(2, 0, 3), 2);
});

test("the overlay's colours: RGBA8, red in the lowest byte, alpha 0..1; hue() at saturation 90 %, lightness 50 %", () => {
  assert.equal(rgba(255, 0, 0, 1), 0xff0000ff);
  assert.equal(rgba(0, 0, 255, 0), 0x00ff0000);
  assert.equal(rgba(1, 2, 3, 0.5), 0x80030201);
  const bytes = (c) => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255, c >>> 24];
  assert.deepEqual(bytes(hue(0, 1)), [242, 13, 13, 255], 'red');
  assert.deepEqual(bytes(hue(120, 1)), [13, 242, 13, 255], 'green');
  assert.deepEqual(bytes(hue(240, 0.5)), [13, 13, 242, 128], 'blue, half transparent');
  assert.equal(hue(360, 1), hue(0, 1), 'a whole turn is the same colour');
});
