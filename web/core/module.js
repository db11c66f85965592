// The one wasm instance every school of this engine shares (in the Worker, or on the main thread), and the parameter
// table it carries. The glue is Emscripten's factory (build/web/core/glue.mjs, made by src/web/bundle.mjs), which the
// engine's and the recorder's entries hand in (setGlue): the kernel never names it, so no other bundle can carry it.
// The wasm is its own file (dist/mirofish.wasm), compiled as it downloads (wasm_fetch.js) and instantiated through the
// glue's instantiateWasm hook, so the glue never fetches anything itself.
import { errorText } from './util.js';
import { compileWasm } from './wasm_fetch.js';

/** @typedef {() => (settings: object) => Promise<*>} Glue */

/** @type {Glue} */
let createGlue = () => () => Promise.reject(new Error('no glue: an entry calls setGlue()'));
/** @type {() => string} */
let defaultWasmUrl = () => '';
let wasmFrom = 'mirofish.js'; // the file whose build holds the wasm's hash (integrity.js's sentence)
/** @type {Promise<{M: *, table: *[]}> | null} */
let modulePromise = null;
/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null; // the compiled wasm, kept for a fresh instance

// The entry's glue ('mirofish-glue').
/** @param {Glue} glue */
export function setGlue(glue) {
  createGlue = glue;
}

// The entry's idea of where the wasm is when the host does not say (the ES module: beside itself); `from`: the file
// built with the hash that URL carries (`#sha384-...`), if any.
/** @param {() => string} fn @param {string} [from] */
export function setWasmUrl(fn, from) {
  defaultWasmUrl = fn;
  if (from) wasmFrom = from;
}

// Resolves to {M, table}, or rejects with why (the host says it in one warning). `url`: the host's, or the default.
// `fresh`: a new instance (a new heap) of the same compiled wasm, for the schools mounted again after one trapped
// (host/heal.js): a trap leaves the old instance's C++ state half-changed.
/**
 * @param {(line: string) => void} log @param {string} [url] @param {boolean} [fresh]
 * @returns {Promise<{M: *, table: *[]}>}
 */
export function loadModule(log, url, fresh) {
  if (!modulePromise || fresh) {
    if (!compiled) compiled = url ? compileWasm(url) : compileWasm(defaultWasmUrl(), wasmFrom);
    modulePromise = compiled
      .then((wasmModule) => instantiate(wasmModule, log))
      .then((/** @type {*} */ M) => ({ M, table: M.paramTable() }));
  }
  return modulePromise;
}

/** @param {WebAssembly.Module} wasmModule @param {(line: string) => void} log */
function instantiate(wasmModule, log) {
  const createMiroFishModule = createGlue(); // define/exports/module/fetch undefined: no loader sees the factory
  return new Promise((resolve, reject) => {
    createMiroFishModule({
      print: (/** @type {string} */ line) => log(line),
      printErr: (/** @type {string} */ line) => log(line),
      /**
       * @param {WebAssembly.Imports} imports
       * @param {(i: WebAssembly.Instance, m: WebAssembly.Module) => void} receive
       */
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), reject);
        return {};
      },
    }).then(resolve, reject);
  }).catch((e) => {
    throw new Error('the WebAssembly module could not load (' + errorText(e) + ')');
  });
}
