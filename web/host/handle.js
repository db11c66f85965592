// The public handle of a mounted school (web/mirofish.d.ts MiroFishSchool), the same on both paths: methods that read
// answer at once from the engine's last snapshot; methods that compute return Promises. Every call is safe after
// destroy().
import { describe, errorText, schoolState, warn } from '../core/index.js';
import { controlsOption } from './controls.js';
import { paramTable } from './engine_link.js';
import { shareHash } from './hash.js';
import { pointerAt } from './input.js';

// A later classic script's methods for every handle (mirofish-record.js: record()), whenever it loads: it puts a
// function here, called with each new handle (web/record/api.js installGlobal).
const EXTEND = Symbol.for('mirofish.school');

// The handle mount() resolves to. Its state is private (#h): the page sees only the methods.
export class MiroFishSchool {
  /** @type {import('./school.js').HostSchool} */
  #h;
  #destroy;
  constructor(h, destroy) {
    this.#h = h;
    this.#destroy = destroy;
    if (MIROFISH_TEST) {
      // the browser suite's hooks, in the test bundle only (build/web/test)
      Object.defineProperty(this, '_test', {
        value: Object.freeze({
          // a fixed cost a frame (the render call's); the frame rate is judged only if `judgeFrames` (quality.js)
          fakeCost: (ms, judgeFrames) => h.call({ t: 'test', fn: 'fakeCost', ms, on: !!judgeFrames }),
          // a fill-bound pipeline: each frame held `ms` per megapixel of the backing store (engine/loop.js)
          holdFrames: (ms) => h.call({ t: 'test', fn: 'holdFrames', ms }),
          windows: (ms, frames, upWindows, holdWindows) =>
            h.call({ t: 'test', fn: 'windows', ms, frames, upWindows, holdWindows }),
          onLevel: (fn) => {
            h.onLevel = typeof fn === 'function' ? fn : null;
            return h.call({ t: 'test', fn: 'onLevel', on: !!h.onLevel });
          },
          loseContext: () => h.call({ t: 'test', fn: 'loseContext' }),
          restoreContext: () => h.call({ t: 'test', fn: 'restoreContext' }),
          avoidReads: () => h.avoid.reads,
          evict: (n) => h.call({ t: 'test', fn: 'evict', n }),
          unevict: () => h.call({ t: 'test', fn: 'unevict' }),
          wasmBytes: () => h.call({ t: 'test', fn: 'wasmBytes' }),
          timeStep: (n) => h.call({ t: 'test', fn: 'timeStep', n }),
          lastWork: () => h.call({ t: 'test', fn: 'lastWork' }),
          // Failures (tests/browser/failure.test.js): a real wasm trap now (or in the next frame's step), a throw in
          // the next set(), the Worker terminated as a browser would kill it.
          trap: (inFrame) => h.call({ t: 'test', fn: 'trap', inFrame: !!inFrame }),
          throwOnSet: () => h.call({ t: 'test', fn: 'throwOnSet' }),
          killWorker: () => !!(h.engine.kill && (h.engine.kill(), true)),
        }),
      });
    }
    const extend = globalThis[EXTEND];
    if (typeof extend === 'function') extend(this);
  }
  get canvas() {
    return this.#h.destroyed ? null : this.#h.canvas;
  }
  get thread() {
    return this.#h.engine.thread;
  }
  pause() {
    this.#h.setFlags({ paused: true });
  }
  resume() {
    this.#h.setFlags({ paused: false });
  }
  destroy() {
    if (!this.#h.destroyed) this.#destroy();
  }
  // Resolves to the value held after the table's clamping (undefined for an unknown name, with a warning).
  set(name, value) {
    const h = this.#h;
    if (h.destroyed) return Promise.resolve(undefined);
    if (typeof name !== 'string') {
      warn('set(name, value) needs an option name, not ' + describe(name));
      return Promise.resolve(undefined);
    }
    if (name === 'avoid') {
      // a selector, not a number (host/avoid.js)
      h.avoid.set(value);
      return Promise.resolve(undefined);
    }
    return h.call({ t: 'set', name, value: plain(name === 'controls' ? controlsOption(value) : value) });
  }
  get(name) {
    const h = this.#h;
    if (h.destroyed) return undefined;
    const info = typeof name === 'string' ? paramTable().find((p) => p.name === name || p.key === name) : null;
    if (!info) {
      warn('get(' + describe(name) + '): unknown option');
      return undefined;
    }
    return h.snapshot.params[info.name];
  }
  params() {
    return this.#h.destroyed ? {} : Object.assign({}, this.#h.snapshot.params);
  }
  hash() {
    return this.#h.destroyed ? '' : this.#h.snapshot.hash;
  }
  share() {
    const h = this.#h;
    if (h.destroyed) return location.href;
    const hash = shareHash(location.hash, h.snapshot.hash); // a hash route is kept
    const url = location.href.split('#')[0] + hash;
    try {
      history.replaceState(history.state, '', url); // no scroll, no history entry, no hashchange
      h.lastHashApplied = hash;
    } catch (e) {
      warn('share(): the address bar could not be updated (' + errorText(e) + ')');
    }
    return url;
  }
  // Resolves to the steps taken (at most 36 000 a call, in chunks of ~8 ms; onProgress(done, total) after each).
  step(n, onProgress) {
    return this.#h.call({ t: 'step', n: plain(n) }, onProgress).then((v) => v || 0);
  }
  // A pellet (S-INT-4) or a fright (S-INT-3) at a point of the viewport, in CSS px as a click's clientX/clientY.
  feed(clientX, clientY) {
    return touchAt(this.#h, 'feed', clientX, clientY);
  }
  scare(clientX, clientY) {
    return touchAt(this.#h, 'scare', clientX, clientY);
  }
  // S-ECO-1 the obstacles the fish avoid now, in viewport CSS px (as getBoundingClientRect gives them).
  obstacles() {
    const h = this.#h;
    return h.destroyed ? [] : h.avoid.rects(h.snapshot.obstacles);
  }
  stateHash() {
    return this.#h.call({ t: 'stateHash' }).then((v) => v || '');
  }
  // S-CHO lands the school on a formation now (resolves true), or refuses with a warning (false).
  form(options) {
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
    return this.#h.call({ t: 'release' }).then(() => undefined);
  }
  // S-DEV-6 resolves to {data: Float32Array, meta} recorded off screen (rejects with a RangeError over the limits).
  trajectory(steps, every, onProgress) {
    const h = this.#h;
    if (h.destroyed) return Promise.resolve(null);
    return h.call({ t: 'trajectory', steps: plain(steps), every: every === undefined ? 1 : plain(every) }, onProgress);
  }
  stats() {
    return stats(this.#h);
  }
  // For mirofish-studio.js only (not in mirofish.d.ts): hooks {frame(msg), params(params, hash), click(x, y, event),
  // ms}, null detaches. The same on both threads, by message: the engine keeps metrics on and sends a studioFrame
  // (copies of the fish arrays, by the kStudio* indices) after each drawn frame, which frame(msg) gets; params() hears
  // every change of the parameters or the hash (whoever made it); click() sees each click or tap first (canvas CSS
  // px; true takes it). Returns {table}, or null once destroyed.
  _studio(hooks) {
    const h = this.#h;
    if (h.destroyed) return null;
    h.studio = hooks || null;
    h.post({ t: 'studio', on: !!hooks });
    return { table: paramTable() };
  }
}

// What crosses to the engine is a number, a string, a boolean or nothing (postMessage copies it); anything else
// (an object, a symbol, a function) reads as NaN there, which the engine refuses with its warning, as before.
function plain(v) {
  const t = typeof v;
  return v === undefined || v === null || t === 'number' || t === 'string' || t === 'boolean' ? v : NaN;
}

function touchAt(h, what, clientX, clientY) {
  const x = Number(clientX),
    y = Number(clientY);
  if (h.destroyed) return false;
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
/** @returns {import('../mirofish').MiroFishStats} */
function stats(h) {
  const st = h.snapshot.stats;
  if (h.destroyed || !st) {
    // the whole shape, zeros: a page may read stats().quality.level before the first frame
    return {
      fish: 0,
      steps: 0,
      frames: st ? st.frames : 0,
      fps: 0,
      simMs: 0,
      renderMs: 0,
      gpuMs: null,
      state: h.destroyed ? 'destroyed' : h.failed ? 'failed' : 'starting',
      seeking: false,
      rendering: false,
      thread: h.engine.thread,
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
  const out = Object.assign({}, st, { thread: h.engine.thread });
  out.state = schoolState(h.flags, null, h.failed ? 'failed' : st.state); // failed: heal.js
  if (out.state !== 'running' && out.state !== 'idle') out.fps = 0;
  return out;
}
