// The one wasm instance every school of this engine shares (in the Worker, or on the main thread), and the parameter
// table it carries. The glue is Emscripten's factory (build/web/core/glue.mjs, made by src/web/wrap_glue.cmake); the
// wasm's text is handed over by the bundle's entry (the last thing in the file: gzip codes it in blocks of its own).
import createGlue from 'mirofish-glue';
import { errorText } from '../util.js';
import { inflateWasm } from './wasm_text.js';

let wasmSource = () => '';
let modulePromise = null;

export function setWasmSource(fn) {
  wasmSource = fn;
}

// Resolves to {M, table}, or rejects with why (the host says it in one warning).
export function loadModule(log) {
  if (!modulePromise) {
    const text = wasmSource();
    const createMiroFishModule = createGlue();  // define/exports/module/fetch undefined: no loader sees the factory
    modulePromise = Promise.resolve(text.charAt(0) === '_' ? undefined : inflateWasm(text))
      .then((wasmBinary) => createMiroFishModule({
        print: (line) => log(line),
        printErr: (line) => log(line),
        wasmBinary,  // instantiated from these bytes: no fetch, no data: URI (strict CSP)
      }))
      .then((M) => ({ M, table: M.paramTable() }))
      .catch((e) => {
        throw new Error('the WebAssembly module could not load (' + errorText(e) + ')');
      });
  }
  return modulePromise;
}
