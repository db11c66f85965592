// mirofish-host.js, the classic script's host: the page's side of a school (the canvas, input, controls, <miro-fish>'s
// work, the link to the engine). mirofish.js (web/entry/mirofish.js, the only MiroFish file on the page's critical
// path) adds it after the page's load event, checked against the hash it was built with, and hands it, through a
// Symbol-keyed slot (no global name), the hashes of the engine's two files beside them, fetched after it:
// mirofish-engine.js (the Worker's script, or a <script> on the main thread) and mirofish.wasm (compiled once it is
// in and matches). The Worker starts from the checked engine's URL on this page's origin, or from a blob: URL of its
// checked bytes from another (web/host/checked_engine.js); where no Worker may run, the same engine runs on the main
// thread.
import { besideScript, pageSettled, VERSION, warn } from '../core/index.js';
import { api, autoMount, mount, table } from '../host/api.js';
import { connectElement, disconnectElement } from '../host/element.js';
import { loadEngineScript } from '../host/engine_script.js';
import { setEngineSource } from '../host/engine_link.js';
import { checkEngine, checkedWorker } from '../host/checked_engine.js';

const slot =
  typeof document !== 'undefined' &&
  /** @type {import('../loader/loader.js').Slots} */ (globalThis)[Symbol.for('mirofish.host')];
if (typeof slot === 'function') {
  // sri: {engine, wasm}, the hashes mirofish.js was built with
  slot(VERSION, (script, sri) => {
    pageSettled(); // the loader adds this file after the page's first paint and load event
    const files = engineFiles(script);
    setEngineSource({
      checked: () => (files ? checkEngine(files.engine, sri.engine) : Promise.resolve()),
      worker: checkedWorker,
      local: () => loadEngineScript(script, sri.engine),
      // the engine's wasm, and the hash it must match as the URL's fragment (core/wasm_fetch.js)
      wasm: files ? files.wasm + '#' + sri.wasm : '',
    });
    return {
      api,
      mount,
      table,
      autoMount: (/** @type {HTMLCanvasElement | null} */ early, /** @type {HTMLElement | null} */ over) =>
        autoMount(script, early, over),
      connect: (/** @type {HTMLElement} */ el) => connectElement(el, mount),
      disconnect: disconnectElement,
    };
  });
} else if (typeof document !== 'undefined') {
  warn('mirofish-host.js is added by mirofish.js: load <script src=".../mirofish.js"> instead');
}

// The engine's files, beside mirofish.js (its query too: a `?v=3` that busts caches busts theirs).
/** @param {HTMLScriptElement} script mirofish.js's tag @returns {{engine: string, wasm: string} | null} */
function engineFiles(script) {
  const engine = besideScript(script, 'mirofish-engine.js');
  return engine ? { engine, wasm: besideScript(script, 'mirofish.wasm') } : null;
}
