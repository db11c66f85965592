// record()'s options, checked once on the page's side: each bad value rejects with one sentence that names it (a
// RangeError or TypeError), before any Worker or wasm starts. What goes to the recorder is plain numbers and strings.
import { describe, STEP_HZ } from '../core/index.js';

export const FPS = [24, 25, 30, 60];
export const MAX_WIDTH = 3840,
  MAX_HEIGHT = 2160;
export const MAX_SECONDS = 600; // 10 minutes: 36 000 frames at 60 fps

/**
 * @typedef {import('../mirofish').MiroFishRecordOptions} MiroFishRecordOptions
 * @typedef {{[K in keyof MiroFishRecordOptions]?: unknown}} Given each option as the page passed it, not yet checked
 * @typedef {{hash: () => string, params: () => Object<string, number>}} Source the school recorded (its handle)
 */
/** @type {Given} */
const DEFAULTS = {
  seconds: 10,
  fps: 60,
  width: 1920,
  height: 1080,
  format: 'webm',
  alpha: false,
  background: '#000000',
};

// The job the recorder runs: {seconds, fps, frames, width, height, format, alpha, background [r, g, b], hash, time}.
// `school` gives the hash when `from` has none; its parameters ride along too (what the hash leaves out: colours).
/**
 * @param {unknown} options record()'s, checked here @param {Source} school
 * @returns {import('../core/record_protocol.js').RecordJob}
 */
export function normalise(options, school) {
  const o = options === undefined ? {} : options;
  if (o === null || typeof o !== 'object')
    throw new TypeError('record(options): options must be an object, not ' + describe(o));
  /** @type {Given} */
  const v = Object.assign({}, DEFAULTS, withoutUndefined(o));
  const seconds = Number(v.seconds);
  if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
    throw new RangeError(
      'record(): seconds ' + describe(v.seconds) + ' must be a number of seconds in (0, ' + MAX_SECONDS + ']',
    );
  }
  const fps = Number(v.fps);
  if (!FPS.includes(fps))
    throw new RangeError('record(): fps ' + describe(v.fps) + ' must be one of ' + FPS.join(', '));
  const width = size('width', v.width, MAX_WIDTH),
    height = size('height', v.height, MAX_HEIGHT);
  if (v.format !== 'webm' && v.format !== 'mp4') {
    throw new RangeError('record(): format ' + describe(v.format) + " must be 'webm' or 'mp4'");
  }
  const alpha = v.alpha === true;
  if (v.alpha !== true && v.alpha !== false)
    throw new TypeError('record(): alpha ' + describe(v.alpha) + ' must be true or false');
  if (alpha && v.format !== 'webm') {
    throw new RangeError("record(): alpha needs format 'webm' (VP9 with alpha); MP4 has no transparent video here");
  }
  const background = hexColour(v.background);
  const from = /** @type {{hash?: unknown, time?: unknown}} */ (v.from === undefined || v.from === null ? {} : v.from);
  if (typeof from !== 'object') throw new TypeError('record(): from ' + describe(from) + ' must be {hash, time}');
  const hash = from.hash === undefined ? school.hash() : from.hash;
  if (typeof hash !== 'string') throw new TypeError('record(): from.hash ' + describe(from.hash) + ' must be a string');
  const time = from.time === undefined ? null : Number(from.time);
  if (time !== null && !(time >= 0 && time <= 3600)) {
    throw new RangeError('record(): from.time ' + describe(from.time) + ' must be a number of seconds in [0, 3600]');
  }
  if (v.onProgress !== undefined && typeof v.onProgress !== 'function') {
    throw new TypeError('record(): onProgress must be a function (frames done, total)');
  }
  return {
    seconds,
    fps,
    frames: Math.round(seconds * fps),
    width,
    height,
    format: /** @type {'webm' | 'mp4'} */ (v.format),
    alpha,
    background,
    hash: hash.replace(/^#/, ''),
    time,
    params: school.params(),
  };
}

// Frame k of the video is the school after exactly this many steps from the start: round(k x 60 / fps), so that a
// frame shows a whole step, the same at any fps.
/** @param {number} k @param {number} fps @returns {number} */
export function stepsAt(k, fps) {
  return Math.round((k * STEP_HZ) / fps);
}

/** @param {string} name @param {unknown} value @param {number} max @returns {number} */
function size(name, value, max) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 16 || n > max || n % 2) {
    throw new RangeError(
      'record(): ' + name + ' ' + describe(value) + ' must be an even whole number of pixels, 16..' + max,
    );
  }
  return n;
}

/** @param {unknown} value @returns {number[]} [r, g, b] */
function hexColour(value) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(typeof value === 'string' ? value.trim() : '');
  if (!m) throw new TypeError('record(): background ' + describe(value) + " must be a colour '#rrggbb' or '#rgb'");
  const h = m[1].length === 3 ? m[1].replace(/./g, '$&$&') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** @param {object} o the page's options @returns {Given} */
function withoutUndefined(o) {
  const given = /** @type {Object<string, unknown>} */ (o);
  /** @type {Object<string, unknown>} */
  const out = {};
  for (const k of Object.keys(given)) if (given[k] !== undefined) out[k] = given[k];
  return out;
}
