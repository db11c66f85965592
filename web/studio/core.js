// The studio's own wasm (src/web/studio_core.cpp): the simulation's inspection and metrics-CSV code, run on copies of
// the page school's parameters and arrays. A standalone module with two imports, instantiated once from the bytes
// embedded in this script (no fetch: a strict CSP allows it with 'wasm-unsafe-eval', as it does mirofish.js). Its
// memory may grow, so every read makes a fresh view.
import { inflateWasm } from '../core/index.js';
import { warn } from './util.js';

let wasmSource = () => ''; // the entry's (classic.js, index.js): the wasm gzipped, as base64 (embed_wasm.mjs)
let corePromise = null;

export function setWasmSource(fn) {
  wasmSource = fn;
}

// Resolves to the core, or to null (with one warning) when it cannot load.
export function loadCore() {
  if (!corePromise) {
    const imports = {
      env: { emscripten_notify_memory_growth() {} }, // views are made fresh on every read anyway
      wasi_snapshot_preview1: { proc_exit() {} },
    };
    corePromise = inflateWasm(wasmSource())
      .then((bytes) => WebAssembly.instantiate(bytes, imports))
      .then(({ instance }) => {
        /** @type {() => void} */ (instance.exports._initialize)();
        return createCore(instance.exports);
      })
      .catch((e) => {
        warn("the studio's WebAssembly module could not load (" + ((e && e.message) || e) + ')');
        return null;
      });
  }
  return corePromise;
}

function createCore(x) {
  const f32 = (ptr, n) => new Float32Array(x.memory.buffer, ptr, n);
  const f64 = (ptr, n) => new Float64Array(x.memory.buffer, ptr, n);
  const view = { scale: 1, x: 0, y: 0 },
    world = [0, 0];
  const text = (ptr) => {
    const bytes = new Uint8Array(x.memory.buffer);
    let end = ptr;
    while (bytes[end]) end++;
    return String.fromCharCode.apply(null, bytes.subarray(ptr, end));
  };
  const putText = (s) => {
    const ptr = x.studio_text(s.length + 1);
    const bytes = new Uint8Array(x.memory.buffer, ptr, s.length + 1);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i) & 127; // the hash is ASCII
    bytes[s.length] = 0;
  };
  // studio_inspect()'s numbers by name, as studio_core.cpp lists them (the one copy of their order); then `links`
  // neighbours, each id * 8 + rule bits.
  const fields = [];
  for (let k = 0; k < x.studio_field_count(); k++) fields.push(text(x.studio_field_name(k)));
  return {
    paramCount: x.studio_param_count(),
    help: (i) => text(x.studio_param_help(i)), // the page's table leaves the help out
    metricsSize: x.studio_metrics_size(),
    // The page school's parameters (values in table order) into the core; shapes its grid as the school's.
    setParams(values) {
      new Float64Array(x.memory.buffer, x.studio_params(), values.length).set(values);
      x.studio_sync();
    },
    // C++ applyPreset on the core's copy of the parameters; the values after it, or null for an unknown name.
    preset(name, values) {
      this.setParams(values);
      putText(name);
      if (!x.studio_preset()) return null;
      return Array.from(new Float64Array(x.memory.buffer, x.studio_params(), values.length));
    },
    // Copies the school's fish arrays (Float32Array views into the page's wasm heap) in, and their states if given.
    setFish(count, arrays, states) {
      for (let k = 0; k < arrays.length; k++) if (arrays[k]) f32(x.studio_fish(count, k), count).set(arrays[k]);
      if (states) new Uint8Array(x.memory.buffer, x.studio_states(count), count).set(states);
    },
    // The behaviour states' names, in FishState order.
    stateNames: (() => {
      const names = [];
      for (let k = 0, name; (name = text(x.studio_state_name(k))); k++) names.push(name);
      return names;
    })(),
    nearest(wx, wy) {
      return x.studio_nearest(wx, wy);
    },
    // The koi's letterbox (C++ render/core/view_transform.h, the one copy): {scale, x, y} for a worldW x worldH world in a
    // pixelW x pixelH canvas (CSS or device px). toWorld(px, py) maps a point of that canvas to world px, [x, y].
    // Each returns one object, reused: read it at once.
    view(worldW, worldH, pixelW, pixelH) {
      const v = f64(x.studio_view(worldW, worldH, pixelW, pixelH), 3);
      view.scale = v[0];
      view.x = v[1];
      view.y = v[2];
      return view;
    },
    toWorld(px, py) {
      const w = f64(x.studio_to_world(px, py), 2);
      world[0] = w[0];
      world[1] = w[1];
      return world;
    },
    // Fish i inspected: {fish: -1} when there is no such fish; else every field and `neighbours`, [{id, rules}].
    inspect(i) {
      const head = f32(x.studio_inspect(i), fields.length);
      const r = {};
      fields.forEach((name, k) => {
        r[name] = head[k];
      });
      const links = f32(head.byteOffset + head.byteLength, r.fish >= 0 ? r.links : 0);
      r.neighbours = Array.from(links, (v) => ({ id: v >> 3, rules: v & 7 }));
      return r;
    },
    // The metrics CSV (sim/metrics_csv.cpp, as `mirofish run --metrics` writes it).
    // The row of a step's StepMetrics (its bytes from the page's wasm); '' when the two builds disagree on its size.
    csvRow(bytes) {
      if (bytes.length !== x.studio_metrics_size()) return '';
      new Uint8Array(x.memory.buffer, x.studio_metrics(), bytes.length).set(bytes);
      return text(x.studio_csv_row());
    },
    csvHeader(hash) {
      putText(hash);
      return text(x.studio_csv_header());
    },
  };
}
