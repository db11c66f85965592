// The page's text colour as the water's tone hears it (web/host/tone.js textLuminance): WCAG 2's relative luminance,
// to four decimals, and -1 where the colour cannot be read.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import './support/register.mjs';

const { textLuminance } = await import('../../web/host/tone.js');

const text = (color) => {
  globalThis.getComputedStyle = () => ({ color });
  return textLuminance(/** the element is only handed to getComputedStyle */ {});
};
afterEach(() => delete globalThis.getComputedStyle);

test("black is 0, white is 1, and WCAG's reference greys read as WCAG says", () => {
  assert.equal(text('rgb(0, 0, 0)'), 0);
  assert.equal(text('rgb(255, 255, 255)'), 1);
  // #767676 is the lightest grey at 4.5:1 on white: (1 + 0.05) / (L + 0.05) >= 4.5
  const grey = text('rgb(118, 118, 118)');
  assert.ok(1.05 / (grey + 0.05) >= 4.5 && 1.05 / (grey + 0.05) < 4.6, 'contrast ' + 1.05 / (grey + 0.05));
  assert.equal(text('rgba(255, 0, 0, 0.5)'), 0.2126, 'red: its own coefficient; alpha ignored');
  assert.equal(text('rgb(0 128 0)'), 0.1544, 'the space-separated syntax');
});

test('a colour that cannot be read (no canvas to draw it on) is -1', () => {
  assert.equal(text('oklch(0.5 0.1 200)'), -1);
  assert.equal(text(''), -1);
});
