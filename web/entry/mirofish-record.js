// mirofish-record.js, the classic script (an IIFE): window.MiroFishRecord, and school.record() on the page's schools.
// The same file is its own Worker (as mirofish.js is): started from its `src`, it records instead. Lazily loaded
// (the studio adds it when its Record panel opens), so the page's background bundle carries none of it.
import createGlue from 'mirofish-glue';
import { inWorker, scriptUrl, serve, setGlue, setWasmUrl, trustScripts } from '../core/index.js';
import { installGlobal } from '../record/api.js';
import { setWorkerSource } from '../record/link.js';
import { serveRecorder } from '../record/serve.js';

// The engine's wasm is the mirofish.wasm beside this file (the same module as mirofish-engine.js's), checked against
// the hash this file was built with (the URL's fragment: core/wasm_fetch.js): in its Worker, beside the Worker's own
// script; on the page, beside the tag's src.
const script =
  typeof document !== 'undefined' ? /** @type {HTMLScriptElement | null} */ (document.currentScript) : null;
setGlue(createGlue);
setWasmUrl(
  () =>
    new URL('mirofish.wasm', inWorker() ? self.location.href : (script && script.src) || document.baseURI).href +
    '#' +
    MIROFISH_SRI_WASM,
  'mirofish-record.js',
);
if (inWorker()) {
  serve(serveRecorder);
} else if (typeof document !== 'undefined') {
  trustScripts(); // the one Trusted Types policy MiroFish's files share (core/trusted.js)
  setWorkerSource({ worker: () => (sameOrigin(script) ? new Worker(scriptUrl(script.src)) : null) });
  installGlobal();
}

/** @param {HTMLScriptElement | null} script @returns {script is HTMLScriptElement} */
function sameOrigin(script) {
  try {
    return !!(script && script.src) && new URL(script.src, document.baseURI).origin === self.origin; // the document's own (core/origin.js)
  } catch (e) {
    return false;
  }
}
