// The classic engine's Worker, running the bytes that were checked: a Worker's script takes no integrity (neither
// `new Worker(url)` nor importScripts), so the engine's script is fetched against the hash mirofish.js was built with
// (core/integrity.js), from the page's origin or another alike, and the Worker starts from a blob: URL of what came.
// A page whose CSP allows no blob: Worker gets the main thread, where the engine's <script> carries the same hash.
import { fetchChecked } from '../core/index.js';

/** @type {Promise<void> | null} */
let checking = null;
/** @type {Blob | null} */
let engine = null; // kept: a Worker started again (the last school gone, a new mount) needs no second download

// Resolves once the engine's script at `url` is in and matches `integrity`; rejects with the one sentence that says
// why not (changed, not found, unreachable).
/** @param {string} url @param {string} integrity @returns {Promise<void>} */
export function checkEngine(url, integrity) {
  if (!checking) {
    checking = fetchChecked('mirofish-engine.js', url, 'mirofish.js', integrity)
      .then((res) => res.arrayBuffer())
      .then((bytes) => {
        engine = new Blob([bytes], { type: 'text/javascript' }); // a Worker runs a script's type only
      });
  }
  return checking;
}

// The engine's Worker from the checked bytes (null before checkEngine resolved); throws where the page's CSP forbids
// blob: Workers (the main thread then).
/** @returns {Worker | null} */
export function checkedWorker() {
  if (!engine) return null;
  const url = URL.createObjectURL(engine);
  try {
    return new Worker(url);
  } finally {
    // The Worker has its script's URL already; revoking it at once keeps nothing alive (Chrome, Firefox, Safari).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
