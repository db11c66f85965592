// mirofish-engine.mjs: the engine as an ES module. Started as a module Worker it serves the page's schools; imported
// on the main thread (mirofish.mjs's fallback) it exports serveEngine.
import { setWasmSource } from './engine/module.js';
import { inWorker, serveEngine, serveWorker } from './engine/serve.js';

setWasmSource(wasmText);
if (inWorker()) serveWorker();

export { serveEngine };

// The wasm, gzipped, as base64 (src/web/embed_wasm.mjs writes it here after the build), last in the file.
function wasmText() {
  return '__MIROFISH_WASM__';
}
