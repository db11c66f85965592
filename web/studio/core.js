// The studio's own wasm (src/web/studio_core.cpp): the simulation's inspection and metrics-CSV code, run on copies of
// the page school's parameters and arrays. A standalone module with two imports, instantiated once from the bytes
// embedded in this script (no fetch: a strict CSP allows it with 'wasm-unsafe-eval', as it does mirofish.js). Its
// memory may grow, so every read makes a fresh view.
import { errorText, inflateWasm } from '../core/index.js';
import { warn } from './util.js';

/**
 * The module's exports (studio_core.cpp STUDIO_EXPORT). A pointer is a byte offset into `memory`; a `const char*` ends
 * at its first 0 byte.
 * @typedef {object} StudioExports
 * @property {WebAssembly.Memory} memory
 * @property {() => void} _initialize
 * @property {() => number} studio_param_count
 * @property {(i: number) => number} studio_param_help text
 * @property {() => number} studio_params the parameters' values, doubles in table order
 * @property {() => void} studio_sync shapes the core's copy of the school (its grid) from the values
 * @property {() => number} studio_preset applies the preset named in studio_text's buffer: 1, or 0 for no such name
 * @property {(count: number, k: number) => number} studio_fish fish array k, `count` floats
 * @property {(count: number) => number} studio_states the behaviour states, `count` bytes
 * @property {(k: number) => number} studio_state_name text ('' past the last)
 * @property {(wx: number, wy: number) => number} studio_nearest the nearest fish, or -1
 * @property {(worldW: number, worldH: number, pixelW: number, pixelH: number) => number} studio_view 3 doubles
 * @property {(px: number, py: number) => number} studio_to_world 2 doubles
 * @property {(i: number) => number} studio_inspect the fields' floats, then `links` floats
 * @property {() => number} studio_field_count
 * @property {(k: number) => number} studio_field_name text
 * @property {() => number} studio_metrics where a StepMetrics' bytes go
 * @property {() => number} studio_metrics_size sizeof(StepMetrics)
 * @property {() => number} studio_csv_row text: the row of the StepMetrics copied in
 * @property {(bytes: number) => number} studio_text a buffer of `bytes` for a text going in
 * @property {() => number} studio_csv_header text: the header for the hash in studio_text's buffer
 */

/**
 * Fish `fish` as studio_inspect() fills it, by studio_core.cpp's field names (-1 and nothing else for no such fish).
 * @typedef {object} Inspection
 * @property {number} cell the grid's cell size, px
 * @property {number} cols
 * @property {number} rows
 * @property {number} fish
 * @property {number} x px
 * @property {number} y
 * @property {number} vx px/s
 * @property {number} vy
 * @property {number} hx unit heading
 * @property {number} hy
 * @property {number} sepN neighbours that count for separation; then its force, px/s2
 * @property {number} sepX
 * @property {number} sepY
 * @property {number} aliN
 * @property {number} aliX
 * @property {number} aliY
 * @property {number} cohN
 * @property {number} cohX
 * @property {number} cohY
 * @property {number} cx the neighbours' centroid, px
 * @property {number} cy
 * @property {number} limit the fish's force limit, px/s2
 * @property {number} panicked 1 or 0
 * @property {number} gridChecks the distance checks the grid makes for this fish
 * @property {number} behaviour its FishState, -1 when no states were copied
 * @property {number} links how many neighbours follow
 * @property {{id: number, rules: number}[]} neighbours each neighbour and the rules it counts for (bits: sep 1, ali 2,
 *   coh 4)
 */

/** The koi's letterbox: CSS or device px per world px, and the world's offset in the canvas.
 * @typedef {{scale: number, x: number, y: number}} View */

/** @type {() => string} the entry's (web/entry/mirofish-studio.js, .mjs): the wasm gzipped, as base64 */
let wasmSource = () => '';
/** @type {Promise<StudioCore | null> | null} */
let corePromise = null;

/** @param {() => string} fn */
export function setWasmSource(fn) {
  wasmSource = fn;
}

// Resolves to the core, or to null (with one warning) when it cannot load.
/** @returns {Promise<StudioCore | null>} */
export function loadCore() {
  if (!corePromise) {
    const imports = {
      env: { emscripten_notify_memory_growth() {} }, // views are made fresh on every read anyway
      wasi_snapshot_preview1: { proc_exit() {} },
    };
    corePromise = inflateWasm(wasmSource())
      .then((bytes) => WebAssembly.instantiate(bytes, imports))
      .then(({ instance }) => {
        // the module's own exports, as studio_core.cpp declares them
        const x = /** @type {StudioExports} */ (/** @type {unknown} */ (instance.exports));
        x._initialize();
        return new StudioCore(x);
      })
      .catch(
        /** @returns {null} */ (e) => {
          warn("the studio's WebAssembly module could not load (" + errorText(e) + ')');
          return null;
        },
      );
  }
  return corePromise;
}

// The core's API over the module's exports: values in, typed arrays and objects out.
export class StudioCore {
  #x;
  #view = { scale: 1, x: 0, y: 0 };
  /** @type {[number, number]} */
  #world = [0, 0];
  // studio_inspect()'s numbers by name, as studio_core.cpp lists them (the one copy of their order); then `links`
  // neighbours, each id * 8 + rule bits.
  /** @type {string[]} */
  #fields = [];

  /** @param {StudioExports} x */
  constructor(x) {
    this.#x = x;
    for (let k = 0; k < x.studio_field_count(); k++) this.#fields.push(this.#text(x.studio_field_name(k)));
    this.paramCount = x.studio_param_count();
    this.metricsSize = x.studio_metrics_size();
    /** The behaviour states' names, in FishState order. */
    this.stateNames = /** @type {string[]} */ ([]);
    for (let k = 0, name; (name = this.#text(x.studio_state_name(k))); k++) this.stateNames.push(name);
  }
  /** @param {number} ptr @param {number} n */
  #f32(ptr, n) {
    return new Float32Array(this.#x.memory.buffer, ptr, n);
  }
  /** @param {number} ptr @param {number} n */
  #f64(ptr, n) {
    return new Float64Array(this.#x.memory.buffer, ptr, n);
  }
  /** @param {number} ptr @returns {string} */
  #text(ptr) {
    const bytes = new Uint8Array(this.#x.memory.buffer);
    let end = ptr;
    while (bytes[end]) end++;
    return String.fromCharCode.apply(null, bytes.subarray(ptr, end));
  }
  /** @param {string} s */
  #putText(s) {
    const ptr = this.#x.studio_text(s.length + 1);
    const bytes = new Uint8Array(this.#x.memory.buffer, ptr, s.length + 1);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i) & 127; // the hash is ASCII
    bytes[s.length] = 0;
  }
  // Parameter i's help: the page's table leaves it out.
  /** @param {number} i @returns {string} */
  help(i) {
    return this.#text(this.#x.studio_param_help(i));
  }
  // The page school's parameters (values in table order) into the core; shapes its grid as the school's.
  /** @param {number[]} values */
  setParams(values) {
    const x = this.#x;
    new Float64Array(x.memory.buffer, x.studio_params(), values.length).set(values);
    x.studio_sync();
  }
  // C++ applyPreset on the core's copy of the parameters; the values after it, or null for an unknown name.
  /** @param {string} name @param {number[]} values @returns {number[] | null} */
  preset(name, values) {
    const x = this.#x;
    this.setParams(values);
    this.#putText(name);
    if (!x.studio_preset()) return null;
    return Array.from(new Float64Array(x.memory.buffer, x.studio_params(), values.length));
  }
  // Copies the school's fish arrays in (by index; a hole is left as it was), and their states if given.
  /** @param {number} count @param {(Float32Array | null)[]} arrays @param {Uint8Array | null} [states] */
  setFish(count, arrays, states) {
    const x = this.#x;
    for (let k = 0; k < arrays.length; k++) {
      const a = arrays[k];
      if (a) this.#f32(x.studio_fish(count, k), count).set(a);
    }
    if (states) new Uint8Array(x.memory.buffer, x.studio_states(count), count).set(states);
  }
  /** @param {number} wx @param {number} wy @returns {number} the nearest fish to a world point, or -1 */
  nearest(wx, wy) {
    return this.#x.studio_nearest(wx, wy);
  }
  // The koi's letterbox (C++ render/core/view_transform.h, the one copy) for a worldW x worldH world in a
  // pixelW x pixelH canvas (CSS or device px). One object, reused: read it at once.
  /** @param {number} worldW @param {number} worldH @param {number} pixelW @param {number} pixelH @returns {View} */
  view(worldW, worldH, pixelW, pixelH) {
    const v = this.#f64(this.#x.studio_view(worldW, worldH, pixelW, pixelH), 3);
    const view = this.#view;
    view.scale = v[0];
    view.x = v[1];
    view.y = v[2];
    return view;
  }
  // A point of the canvas the last view() was for, in world px: [x, y], one array, reused.
  /** @param {number} px @param {number} py @returns {[number, number]} */
  toWorld(px, py) {
    const w = this.#f64(this.#x.studio_to_world(px, py), 2);
    const world = this.#world;
    world[0] = w[0];
    world[1] = w[1];
    return world;
  }
  // Fish i inspected, after setFish(): {fish: -1} when there is no such fish.
  /** @param {number} i @returns {Inspection} */
  inspect(i) {
    const head = this.#f32(this.#x.studio_inspect(i), this.#fields.length);
    const r = /** @type {Inspection} */ ({});
    this.#fields.forEach((name, k) => {
      /** @type {Record<string, number>} */ (/** @type {unknown} */ (r))[name] = head[k];
    });
    const links = this.#f32(head.byteOffset + head.byteLength, r.fish >= 0 ? r.links : 0);
    r.neighbours = Array.from(links, (v) => ({ id: v >> 3, rules: v & 7 }));
    return r;
  }
  // The metrics CSV (sim/metrics_csv.cpp, as `mirofish run --metrics` writes it): the row of a step's StepMetrics (its
  // bytes from the page's wasm); '' when the two builds disagree on its size.
  /** @param {Uint8Array} bytes @returns {string} */
  csvRow(bytes) {
    const x = this.#x;
    if (bytes.length !== x.studio_metrics_size()) return '';
    new Uint8Array(x.memory.buffer, x.studio_metrics(), bytes.length).set(bytes);
    return this.#text(x.studio_csv_row());
  }
  // The CSV's header for a run of `hash`.
  /** @param {string} hash @returns {string} */
  csvHeader(hash) {
    this.#putText(hash);
    return this.#text(this.#x.studio_csv_header());
  }
}
