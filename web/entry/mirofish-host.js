// mirofish-host.js, the classic script's host: the page's side of a school (the canvas, input, controls, <miro-fish>'s
// work, the link to the engine). mirofish.js (web/entry/mirofish.js, the only MiroFish file on the page's critical
// path) adds it after the page's load event and receives it through a Symbol-keyed slot (no global name). The engine
// is two files beside them, fetched after it: mirofish-engine.js (the Worker's script, or a <script> on the main
// thread) and mirofish.wasm (compiled as it downloads). From this page's origin the engine's file is the Worker; from
// another origin (a CDN) a blob: bootstrap on this origin loads it (web/host/worker_boot.js); where neither may
// run, the same engine runs on the main thread.
import { besideScript, pageSettled, VERSION, warn } from '../core/index.js';
import { api, autoMount, mount, table } from '../host/api.js';
import { connectElement, disconnectElement } from '../host/element.js';
import { loadEngineScript } from '../host/engine_script.js';
import { setEngineSource } from '../host/engine_link.js';
import { crossOriginWorker, foreignUrl } from '../host/worker_boot.js';

const slot = typeof document !== 'undefined' && globalThis[Symbol.for('mirofish.host')];
if (typeof slot === 'function') {
  slot(VERSION, (script) => {
    pageSettled(); // the loader adds this file after the page's first paint and load event
    const files = engineFiles(script);
    setEngineSource({
      worker: () =>
        !files
          ? null
          : foreignUrl(files.engine)
            ? crossOriginWorker(files.engine, 'classic')
            : new Worker(files.engine),
      local: () => loadEngineScript(script),
      wasm: files ? files.wasm : '',
    });
    return {
      api,
      mount,
      table,
      autoMount: (/** @type {HTMLCanvasElement | null} */ early) => autoMount(script, early),
      connect: (el) => connectElement(el, mount),
      disconnect: disconnectElement,
    };
  });
} else if (typeof document !== 'undefined') {
  warn('mirofish-host.js is added by mirofish.js: load <script src=".../mirofish.js"> instead');
}

// The engine's files, beside mirofish.js (its query too: a `?v=3` that busts caches busts theirs).
function engineFiles(script) {
  const engine = besideScript(script, 'mirofish-engine.js');
  return engine ? { engine, wasm: besideScript(script, 'mirofish.wasm') } : null;
}
