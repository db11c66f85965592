// The public handle of a mounted school (web/mirofish.d.ts MiroFishSchool), the same on both paths: methods that read
// answer at once from the engine's last snapshot; methods that compute return Promises. Every call is safe after
// destroy().
import { describe, errorText, findInfo, schoolState, warn } from '../core/index.js';
import { controlsOption } from './controls.js';
import { paramTable } from './engine_link.js';
import { shareHash } from './hash.js';
import { pointerAt } from './input.js';

/**
 * @typedef {import('../mirofish').MiroFishSchool} PublicSchool the handle as web/mirofish.d.ts promises it
 * @typedef {import('./school.js').HostSchool} HostSchool
 * @typedef {import('../mirofish').MiroFishParamName} MiroFishParamName
 * @typedef {import('../mirofish').MiroFishParams} MiroFishParams
 * @typedef {import('../mirofish').MiroFishStats} MiroFishStats
 * @typedef {import('../mirofish').MiroFishTrajectory} MiroFishTrajectory
 * @typedef {Parameters<import('../mirofish').MiroFishSchool['form']>[0]} FormOptions
 * @typedef {(done: number, total: number) => void} OnProgress
 */

// A later classic script's methods for every handle (mirofish-record.js: record()), whenever it loads: it puts a
// function here, called with each new handle (web/record/api.js installGlobal).
const EXTEND = Symbol.for('mirofish.school');

// The handle mount() resolves to. Its state is private (#h): the page sees only the methods, which web/mirofish.d.ts
// declares (tsc holds the class to that interface).
/** @implements {PublicSchool} */
export class MiroFishSchool {
  /** @type {HostSchool} */
  #h;
  /** @type {() => void} */
  #destroy;
  /** @param {HostSchool} h @param {() => void} destroy api.js's: the school torn down and let go */
  constructor(h, destroy) {
    this.#h = h;
    this.#destroy = destroy;
    if (MIROFISH_TEST) {
      // the browser suite's hooks, in the test bundle only (build/web/test)
      Object.defineProperty(this, '_test', {
        value: Object.freeze({
          // a fixed cost a frame (the render call's); the frame rate is judged only if `judgeFrames` (quality.js)
          fakeCost: (/** @type {number} */ ms, /** @type {boolean} */ judgeFrames) =>
            h.call({ t: 'test', fn: 'fakeCost', ms, on: !!judgeFrames }),
          // a fill-bound pipeline: each frame held `ms` per megapixel of the backing store (engine/loop.js)
          holdFrames: (/** @type {number} */ ms) => h.call({ t: 'test', fn: 'holdFrames', ms }),
          windows: (
            /** @type {number} */ ms,
            /** @type {number} */ frames,
            /** @type {number} */ upWindows,
            /** @type {number} */ holdWindows,
          ) => h.call({ t: 'test', fn: 'windows', ms, frames, upWindows, holdWindows }),
          onLevel: (/** @type {unknown} */ fn) => {
            const on = typeof fn === 'function';
            h.hear('onLevel', on ? /** @type {import('./school.js').Hooks['onLevel']} */ (fn) : null);
            return h.call({ t: 'test', fn: 'onLevel', on });
          },
          loseContext: () => h.call({ t: 'test', fn: 'loseContext' }),
          restoreContext: () => h.call({ t: 'test', fn: 'restoreContext' }),
          avoidReads: () => h.avoid && h.avoid.reads,
          evict: (/** @type {number} */ n) => h.call({ t: 'test', fn: 'evict', n }),
          unevict: () => h.call({ t: 'test', fn: 'unevict' }),
          wasmBytes: () => h.call({ t: 'test', fn: 'wasmBytes' }),
          timeStep: (/** @type {number} */ n) => h.call({ t: 'test', fn: 'timeStep', n }),
          lastWork: () => h.call({ t: 'test', fn: 'lastWork' }),
          // Failures (tests/browser/failure.test.js): a real wasm trap now (or in the next frame's step), a throw in
          // the next set(), the Worker terminated as a browser would kill it.
          trap: (/** @type {boolean} */ inFrame) => h.call({ t: 'test', fn: 'trap', inFrame: !!inFrame }),
          throwOnSet: () => h.call({ t: 'test', fn: 'throwOnSet' }),
          killWorker: () => !!(h.link.engine.kill && (h.link.engine.kill(), true)),
        }),
      });
    }
    const extend = /** @type {*} */ (globalThis)[EXTEND];
    if (typeof extend === 'function') extend(this);
  }
  get canvas() {
    return this.#h.life.destroyed ? null : this.#h.layout.canvas;
  }
  get thread() {
    return this.#h.link.engine.thread;
  }
  pause() {
    this.#h.setFlags({ paused: true });
  }
  resume() {
    this.#h.setFlags({ paused: false });
  }
  destroy() {
    if (!this.#h.life.destroyed) this.#destroy();
  }
  // Resolves to the value held after the table's clamping (undefined for an unknown name, with a warning). The types
  // are the page's promise; what a page passes is checked here all the same.
  /** @param {MiroFishParamName | string} name @param {number | string | boolean} value */
  set(name, value) {
    const h = this.#h;
    if (h.life.destroyed) return Promise.resolve(undefined);
    if (typeof name !== 'string') {
      warn('set(name, value) needs an option name, not ' + describe(name));
      return Promise.resolve(undefined);
    }
    if (name === 'avoid') {
      // a selector, not a number (host/avoid.js)
      if (h.avoid) h.avoid.set(value); // made at the school's start(), before its handle
      return Promise.resolve(undefined);
    }
    return h.call({ t: 'set', name, value: plain(name === 'controls' ? controlsOption(value) : value) });
  }
  /** @param {MiroFishParamName | string} name */
  get(name) {
    const h = this.#h;
    if (h.life.destroyed) return undefined;
    const info = typeof name === 'string' ? findInfo(paramTable() || [], name) : null;
    if (!info) {
      warn('get(' + describe(name) + '): unknown option');
      return undefined;
    }
    return h.snapshot.params[info.name];
  }
  /** @returns {MiroFishParams} (none after destroy()) */
  params() {
    return /** @type {MiroFishParams} */ (this.#h.life.destroyed ? {} : Object.assign({}, this.#h.snapshot.params));
  }
  hash() {
    return this.#h.life.destroyed ? '' : this.#h.snapshot.hash;
  }
  share() {
    const h = this.#h;
    if (h.life.destroyed) return location.href;
    const hash = shareHash(location.hash, h.snapshot.hash); // a hash route is kept
    const url = location.href.split('#')[0] + hash;
    try {
      history.replaceState(history.state, '', url); // no scroll, no history entry, no hashchange
      h.hashShared(hash);
    } catch (e) {
      warn('share(): the address bar could not be updated (' + errorText(e) + ')');
    }
    return url;
  }
  // Resolves to the steps taken (at most 36 000 a call, in chunks of ~8 ms; onProgress(done, total) after each).
  /** @param {number} [n] @param {OnProgress} [onProgress] */
  step(n, onProgress) {
    return this.#h.call({ t: 'step', n: plain(n) }, onProgress).then((v) => v || 0);
  }
  // A pellet (S-INT-4) or a fright (S-INT-3) at a point of the viewport, in CSS px as a click's clientX/clientY.
  /** @param {number} clientX @param {number} clientY */
  feed(clientX, clientY) {
    return touchAt(this.#h, 'feed', clientX, clientY);
  }
  /** @param {number} clientX @param {number} clientY */
  scare(clientX, clientY) {
    return touchAt(this.#h, 'scare', clientX, clientY);
  }
  // S-ECO-1 the obstacles the fish avoid now, in viewport CSS px (as getBoundingClientRect gives them).
  obstacles() {
    const h = this.#h;
    return h.life.destroyed || !h.avoid ? [] : h.avoid.rects(h.snapshot.obstacles);
  }
  stateHash() {
    return this.#h.call({ t: 'stateHash' }).then((v) => v || '');
  }
  // S-CHO lands the school on a formation now (resolves true), or refuses with a warning (false).
  /** @param {FormOptions} options */
  form(options) {
    /** @type {Partial<FormOptions>} */
    const o = options !== null && typeof options === 'object' ? options : {};
    let text = o.text === undefined || o.text === null ? '' : o.text;
    try {
      text = String(text);
    } catch (e) {
      warn('form(): text ' + describe(o.text) + ' is not text; ignored');
      return Promise.resolve(false);
    }
    return this.#h.call({ t: 'form', options: { type: plain(o.type), text, hold: plain(o.hold) } }).then((v) => !!v);
  }
  release() {
    return this.#h.call({ t: 'release' }).then(/** @returns {void} */ () => undefined);
  }
  // S-DEV-6 resolves to {data: Float32Array, meta} recorded off screen (rejects with a RangeError over the limits).
  /**
   * @param {number} steps @param {number} [every] @param {OnProgress} [onProgress]
   * @returns {Promise<MiroFishTrajectory | null>}
   */
  trajectory(steps, every, onProgress) {
    const h = this.#h;
    if (h.life.destroyed) return Promise.resolve(null);
    return h
      .call({ t: 'trajectory', steps: plain(steps), every: every === undefined ? 1 : plain(every) }, onProgress)
      .then((v) => v || null); // destroyed while it ran: null, as after (school.js call() answers undefined)
  }
  stats() {
    return stats(this.#h);
  }
  // For mirofish-studio.js only (not in mirofish.d.ts): hooks {frame(msg), params(params, hash), click(x, y, event),
  // ms}, null detaches. The same on both threads, by message: the engine keeps metrics on and sends a studioFrame
  // (copies of the fish arrays, by the kStudio* indices) after each drawn frame, which frame(msg) gets; params() hears
  // every change of the parameters or the hash (whoever made it); click() sees each click or tap first (canvas CSS
  // px; true takes it). Returns {table}, or null once destroyed.
  /** @param {import('./school.js').StudioHooks | null} hooks */
  _studio(hooks) {
    const h = this.#h;
    if (h.life.destroyed) return null;
    h.hear('studio', hooks || null);
    h.post({ t: 'studio', on: !!hooks });
    return { table: paramTable() };
  }
}

// What crosses to the engine is a number, a string, a boolean or nothing (postMessage copies it); anything else
// (an object, a symbol, a function) goes as NaN, which the engine refuses with its warning.
/** @typedef {number | string | boolean | undefined | null} Plain */
/** @param {unknown} v @returns {Plain} */
function plain(v) {
  const t = typeof v;
  return v === undefined || v === null || t === 'number' || t === 'string' || t === 'boolean'
    ? /** @type {Plain} */ (v)
    : NaN;
}

/**
 * @param {HostSchool} h @param {'feed' | 'scare'} what @param {unknown} clientX @param {unknown} clientY
 * @returns {boolean}
 */
function touchAt(h, what, clientX, clientY) {
  const x = Number(clientX),
    y = Number(clientY);
  if (h.life.destroyed) return false;
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    warn(
      what +
        '(' +
        describe(clientX) +
        ', ' +
        describe(clientY) +
        '): needs two finite numbers (viewport CSS px); ' +
        'ignored',
    );
    return false;
  }
  const [wx, wy] = pointerAt(h, x, y);
  h.poke(what, wx, wy);
  return true;
}

// The engine's last snapshot, with what the page itself knows now (its own pause and visibility win at once).
/** @param {HostSchool} h @returns {MiroFishStats} */
function stats(h) {
  const st = h.snapshot.stats;
  if (h.life.destroyed || !st) {
    // the whole shape, zeros: a page may read stats().quality.level before the first frame
    return {
      fish: 0,
      steps: 0,
      frames: st ? st.frames : 0,
      fps: 0,
      simMs: 0,
      renderMs: 0,
      gpuMs: null,
      state: h.life.destroyed ? 'destroyed' : h.life.failed ? 'failed' : 'starting',
      seeking: false,
      rendering: false,
      thread: h.link.engine.thread,
      maxFps: 0,
      scares: 0,
      feeds: 0,
      pellets: 0,
      eaten: 0,
      states: { cruise: 0, sprint: 0, hover: 0, startle: 0 },
      form: { type: '', phase: '', targets: 0, settled: 0, added: 0 },
      softwareGL: false,
      renderer: '',
      canvas: { width: 0, height: 0 },
      quality: { mode: 'auto', level: 0, levels: 0, dpr: 1, detail: 0, fps: 0, reason: '', changes: 0, stalls: 0 },
    };
  }
  const out = Object.assign({}, st, { thread: h.link.engine.thread });
  out.state = schoolState(h.flags, null, h.life.failed ? 'failed' : st.state); // failed: heal.js
  if (out.state !== 'running' && out.state !== 'idle') out.fps = 0;
  return out;
}
