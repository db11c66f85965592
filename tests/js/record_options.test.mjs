// record()'s options (web/record/options.js), checked on the page's side before any Worker or wasm starts: the
// defaults, each bad value's one sentence and error type, and frame k's step (the constants table's step rate).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { STEP_HZ } = await import('../../web/core/constants.js');
const { FPS, MAX_HEIGHT, MAX_SECONDS, MAX_WIDTH, normalise, stepsAt } = await import('../../web/record/options.js');

const school = { hash: () => 'n=300&seed=7', params: () => ({ fish: 300, palette: 2 }) };

test('the defaults: 10 s of 1080p60 VP9 WebM from the school as it is, its parameters along', () => {
  assert.deepEqual(normalise(undefined, school), {
    seconds: 10,
    fps: 60,
    frames: 600,
    width: 1920,
    height: 1080,
    format: 'webm',
    alpha: false,
    background: [0, 0, 0],
    hash: 'n=300&seed=7',
    time: null,
    params: { fish: 300, palette: 2 },
  });
  const job = normalise(
    { seconds: 2.5, fps: 24, width: 640, height: 360, background: '#abc', from: { hash: '#n=5', time: 3 } },
    school,
  );
  assert.equal(job.frames, 60, '2.5 s at 24 fps');
  assert.deepEqual(job.background, [0xaa, 0xbb, 0xcc]);
  assert.equal(job.hash, 'n=5', 'the hash without its #');
  assert.equal(job.time, 3);
  assert.equal(normalise({ onProgress: undefined, alpha: undefined }, school).alpha, false, 'undefined is the default');
});

test('each bad value rejects with one sentence naming it, of the right type', () => {
  const bad = [
    [null, TypeError, /options must be an object, not null/],
    [{ seconds: 0 }, RangeError, /seconds 0 must be a number of seconds in \(0, 600\]/],
    [{ seconds: MAX_SECONDS + 1 }, RangeError, /seconds 601/],
    [{ seconds: 'ten' }, RangeError, /seconds "ten"/],
    [{ fps: 50 }, RangeError, new RegExp('fps 50 must be one of ' + FPS.join(', '))],
    [{ width: 641 }, RangeError, /width 641 must be an even whole number of pixels, 16\.\.3840/],
    [{ width: MAX_WIDTH + 2 }, RangeError, /width 3842/],
    [{ height: MAX_HEIGHT + 2 }, RangeError, /height 2162 .*16\.\.2160/],
    [{ height: 8 }, RangeError, /height 8/],
    [{ format: 'gif' }, RangeError, /format "gif" must be 'webm' or 'mp4'/],
    [{ alpha: 'yes' }, TypeError, /alpha "yes" must be true or false/],
    [{ alpha: true, format: 'mp4' }, RangeError, /alpha needs format 'webm'/],
    [{ background: 'red' }, TypeError, /background "red" must be a colour '#rrggbb' or '#rgb'/],
    [{ from: 'n=3' }, TypeError, /from "n=3" must be \{hash, time\}/],
    [{ from: { hash: 3 } }, TypeError, /from.hash 3 must be a string/],
    [{ from: { time: -1 } }, RangeError, /from.time -1 must be a number of seconds in \[0, 3600\]/],
    [{ onProgress: 'log' }, TypeError, /onProgress must be a function/],
  ];
  for (const [options, type, text] of bad) {
    assert.throws(
      () => normalise(options, school),
      (e) => e instanceof type && text.test(e.message),
      JSON.stringify(options),
    );
  }
});

test('frame k is the school after round(k x the step rate / fps) steps', () => {
  for (const fps of FPS) {
    assert.equal(stepsAt(0, fps), 0);
    assert.equal(stepsAt(fps, fps), STEP_HZ, 'one second of frames is one second of steps at ' + fps + ' fps');
  }
  assert.equal(stepsAt(1, 24), Math.round(STEP_HZ / 24));
});
