// The classic engine's Worker, running bytes that were checked: a Worker's script takes no integrity (neither
// `new Worker(url)` nor importScripts), so the engine's script is first fetched against the hash mirofish.js was built
// with (core/integrity.js). From the page's own origin the Worker then starts from that same URL, which a policy of
// `script-src 'self'` allows (no blob:); the browser's second request is usually its HTTP cache's. What that keeps
// and what it does not: docs/hosting.md#integrity. From another origin (a CDN) the browser starts no Worker from the
// URL, so it starts from a blob: URL of the bytes that came, as before. A page whose CSP allows neither gets the main
// thread, where the engine's <script> carries the same hash.
import { fetchChecked, foreignUrl, scriptUrl } from '../core/index.js';

/** @type {Promise<void> | null} */
let checking = null;
/** @type {Blob | null} */
let engine = null; // kept (another origin): a Worker started again (a new mount) needs no second download
let engineUrl = ''; // the checked URL (the page's origin)

// Resolves once the engine's script at `url` is in and matches `integrity`; rejects with the one sentence that says
// why not (changed, not found, unreachable).
/** @param {string} url @param {string} integrity @returns {Promise<void>} */
export function checkEngine(url, integrity) {
  if (!checking) {
    checking = fetchChecked('mirofish-engine.js', url, 'mirofish.js', integrity)
      .then((res) => res.arrayBuffer())
      .then((bytes) => {
        if (foreignUrl(url))
          engine = new Blob([bytes], { type: 'text/javascript' }); // a Worker runs a script's type only
        else engineUrl = url;
      });
  }
  return checking;
}

// The engine's Worker (null before checkEngine resolved); throws where the page's CSP forbids it (the main thread
// then).
/** @returns {Worker | null} */
export function checkedWorker() {
  if (engineUrl) return new Worker(scriptUrl(engineUrl));
  if (!engine) return null;
  const url = URL.createObjectURL(engine);
  try {
    return new Worker(scriptUrl(url));
  } finally {
    // The Worker has its script's URL already; revoking it at once keeps nothing alive (Chrome, Firefox, Safari).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
