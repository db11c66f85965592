// mirofish.js, the classic script (an IIFE: the one global window.MiroFish, the auto-mount from its own tag). The same
// file is its own Worker: started from its `src` with `new Worker(src)`, it serves the engine instead (S-COST-5).
// A script from another origin cannot be a Worker by URL: such a page runs the school on its main thread.
import { setWasmSource } from './engine/module.js';
import { inWorker, serveEngine, serveWorker } from './engine/serve.js';
import { installGlobal } from './host/api.js';
import { setEngineSource } from './host/engine_link.js';

setWasmSource(wasmText);
if (inWorker()) {
  serveWorker();
} else if (typeof document !== 'undefined') {
  const script = document.currentScript;  // only set while a classic script runs synchronously
  setEngineSource({
    worker: () => (sameOrigin(script) ? new Worker(script.src) : null),
    local: () => Promise.resolve(serveEngine),
  });
  installGlobal(script);
}

function sameOrigin(script) {
  try {
    return !!(script && script.src) && new URL(script.src, location.href).origin === location.origin;
  } catch (e) {
    return false;
  }
}

// The wasm, gzipped, as base64 (src/web/embed_wasm.mjs writes it here after the build): last in the file, so gzip
// codes the JS and the compressed wasm in blocks of their own.
function wasmText() {
  return '__MIROFISH_WASM__';
}
