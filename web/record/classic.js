// mirofish-record.js, the classic script (an IIFE): window.MiroFishRecord, and school.record() on the page's schools.
// The same file is its own Worker (as mirofish.js is): started from its `src`, it records instead. Lazily loaded
// (the studio adds it when its Record panel opens), so the page's background bundle carries none of it.
import { setWasmSource } from '../shim/engine/module.js';
import { installGlobal } from './api.js';
import { setWorkerSource } from './link.js';
import { inWorker, serveWorker } from './serve.js';

setWasmSource(wasmText);
if (inWorker()) {
  serveWorker();
} else if (typeof document !== 'undefined') {
  const script = document.currentScript;
  setWorkerSource({ worker: () => (sameOrigin(script) ? new Worker(script.src) : null) });
  installGlobal();
}

function sameOrigin(script) {
  try {
    return !!(script && script.src) && new URL(script.src, location.href).origin === location.origin;
  } catch (e) {
    return false;
  }
}

// The engine's wasm (the same module as mirofish.js's), gzipped, as base64: last in the file.
function wasmText() {
  return '__MIROFISH_WASM__';
}
