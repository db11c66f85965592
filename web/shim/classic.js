// mirofish.js, the classic script: the page's side only (an IIFE: the one global window.MiroFish, the auto-mount from
// its own tag). The engine is two files beside it, fetched after the page's load event: mirofish-engine.js (the
// Worker's script, or a <script> on the main thread) and mirofish.wasm (compiled as it downloads). From this page's
// origin the engine's file is the Worker; from another origin (a CDN) a blob: bootstrap on this origin loads it
// (web/shim/host/worker_boot.js); where neither may run, the same engine runs on the main thread.
import { installGlobal } from './host/api.js';
import { loadEngineScript } from './host/engine_script.js';
import { setEngineSource } from './host/engine_link.js';
import { crossOriginWorker, foreignUrl } from './host/worker_boot.js';

if (typeof document !== 'undefined') {
  // Only set while a classic script runs synchronously.
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const files = engineFiles(script);
  setEngineSource({
    worker: () => (!files ? null
      : foreignUrl(files.engine) ? crossOriginWorker(files.engine, 'classic') : new Worker(files.engine)),
    local: () => (files ? loadEngineScript(files.engine, script.crossOrigin)
      : Promise.reject(new Error('mirofish.js cannot tell where its engine is (no src of its own): ' +
        'load it with <script src=".../mirofish.js">'))),
    wasm: files ? files.wasm : '',
  });
  installGlobal(script);
}

// The engine's files, beside this script (its query too: a `?v=3` that busts caches busts theirs).
function engineFiles(script) {
  if (!script || !script.src) return null;
  try {
    const src = new URL(script.src, location.href);
    const beside = (name) => new URL(name + src.search, src).href;
    return { engine: beside('mirofish-engine.js'), wasm: beside('mirofish.wasm') };
  } catch (e) {
    return null;
  }
}
