// The one wasm instance every school of this engine shares (in the Worker, or on the main thread), and the parameter
// table it carries. The glue is Emscripten's factory (build/web/core/glue.mjs, made by src/web/bundle.mjs); the wasm
// is its own file (dist/mirofish.wasm), compiled as it downloads (wasm_fetch.js) and instantiated through the glue's
// instantiateWasm hook, so the glue never fetches anything itself.
import createGlue from 'mirofish-glue';
import { errorText } from './util.js';
import { compileWasm } from './wasm_fetch.js';

let defaultWasmUrl = () => '';
let modulePromise = null;
let compiled = null; // the compiled wasm, kept for a fresh instance

// The entry's idea of where the wasm is when the host does not say (the ES module: beside itself).
export function setWasmUrl(fn) {
  defaultWasmUrl = fn;
}

// Resolves to {M, table}, or rejects with why (the host says it in one warning). `url`: the host's, or the default.
// `fresh`: a new instance (a new heap) of the same compiled wasm, for the schools mounted again after one trapped
// (host/heal.js): a trap leaves the old instance's C++ state half-changed.
export function loadModule(log, url, fresh) {
  if (!modulePromise || fresh) {
    if (!compiled) compiled = compileWasm(url || defaultWasmUrl());
    modulePromise = compiled
      .then((wasmModule) => instantiate(wasmModule, log))
      .then((M) => ({ M, table: M.paramTable() }));
  }
  return modulePromise;
}

function instantiate(wasmModule, log) {
  const createMiroFishModule = createGlue(); // define/exports/module/fetch undefined: no loader sees the factory
  return new Promise((resolve, reject) => {
    createMiroFishModule({
      print: (line) => log(line),
      printErr: (line) => log(line),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), reject);
        return {};
      },
    }).then(resolve, reject);
  }).catch((e) => {
    throw new Error('the WebAssembly module could not load (' + errorText(e) + ')');
  });
}
