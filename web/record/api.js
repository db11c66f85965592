// record(school, options) -> Promise<Blob>, and school.record(options) once this script is on the page: the school
// handle's class gets the method from here, so the page's own bundle (mirofish.js) carries none of it.
import { errorText, VERSION, warn } from '../core/index.js';
import { pickCodec } from './encode.js';
import { normalise } from './options.js';
import { runRecording } from './link.js';

/**
 * @typedef {import('../mirofish').MiroFishSchool} MiroFishSchool
 * @typedef {import('../mirofish').MiroFishRecordGlobal} MiroFishRecordGlobal
 * @typedef {{[slot: symbol]: ((school: MiroFishSchool) => void) | undefined}} Slots
 */
const EXTEND = Symbol.for('mirofish.school'); // web/host/handle.js calls it with each new school handle

// Records `school` (a mounted handle) as options say; rejects with one sentence for bad options, a browser without
// the encoder, a cancel (an AbortError) or a failure inside. What a page passes is checked here, whatever its type.
/** @type {MiroFishRecordGlobal['record']} */
export function record(school, options) {
  try {
    if (!school || typeof school.hash !== 'function' || typeof school.params !== 'function') {
      throw new TypeError(
        'record(school, options) needs a mounted school (what mount() resolved to), not ' + String(school),
      );
    }
    if (!school.canvas) throw new Error('record(): that school has been destroyed');
    const o = options === undefined ? {} : options;
    const job = normalise(o, school);
    const signal = o.signal;
    if (signal !== undefined && !(typeof AbortSignal === 'function' && signal instanceof AbortSignal)) {
      throw new TypeError('record(): signal must be an AbortSignal (new AbortController().signal)');
    }
    return runRecording(job, o.onProgress, signal, school.thread);
  } catch (e) {
    return Promise.reject(e);
  }
}

// Resolves to '' when this browser can record with these options, else the sentence record() would reject with
// (the studio greys its Record panel with it).
/** @type {MiroFishRecordGlobal['supported']} */
export function supported(options) {
  try {
    const o = Object.assign({}, options);
    const job = normalise(o, { hash: () => '', params: () => ({}) });
    return pickCodec(job).then(
      () => '',
      (e) => errorText(e),
    );
  } catch (e) {
    return Promise.resolve(errorText(e));
  }
}

// school.record(options) on every handle of the class `school` belongs to (mirofish.js's MiroFishSchool).
/** @type {MiroFishRecordGlobal['install']} */
export function install(school) {
  const proto = school && Object.getPrototypeOf(school);
  if (!proto || proto === Object.prototype || Object.prototype.hasOwnProperty.call(proto, 'record')) return;
  Object.defineProperty(proto, 'record', {
    configurable: true,
    writable: true,
    /** @this {MiroFishSchool} @param {import('../mirofish').MiroFishRecordOptions} [options] */
    value: function recordThis(options) {
      return record(this, options);
    },
  });
}

/** @type {MiroFishRecordGlobal} */
export const api = Object.freeze({ version: VERSION, record, supported, install });

// The classic script's global, window.MiroFishRecord, and school.record() on the page's schools.
export function installGlobal() {
  if (window.MiroFishRecord) {
    warn('mirofish-record.js was included twice; the second copy does nothing');
    return;
  }
  Object.defineProperty(window, 'MiroFishRecord', { value: api, configurable: true, writable: false });
  // Schools mounted before this script (the loader's MiroFish.all is empty until its host has loaded: ready), and
  // after it: the host calls this for each new handle (web/host/handle.js).
  const MF = window.MiroFish;
  if (MF) {
    MF.all.forEach(install);
    MF.ready.then((s) => s && install(s));
  }
  const slots = /** @type {Slots} */ (globalThis);
  const before = slots[EXTEND];
  slots[EXTEND] = (school) => {
    if (typeof before === 'function') before(school);
    install(school);
  };
}
