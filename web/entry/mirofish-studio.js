// mirofish-studio.js, the classic script (an IIFE): the one global window.MiroFishStudio, and it attaches by itself to
// the page's school when the URL hash has studio=1.
import { installGlobal } from '../studio/api.js';
import { setWasmSource } from '../studio/core.js';
import { classicSource, setRecorderSource } from '../studio/recorder.js';

setWasmSource(wasmText);
setRecorderSource(
  classicSource(typeof document !== 'undefined' ? /** @type {HTMLScriptElement} */ (document.currentScript) : null),
);
installGlobal();

// The studio's own wasm (src/web/studio_core.cpp), gzipped, as base64 (src/web/embed_wasm.mjs writes it here after
// the build): last in the file, so gzip codes the JS and the compressed wasm in blocks of their own.
function wasmText() {
  return '__MIROFISH_WASM__';
}
