// The classic engine (mirofish-engine.js) on the main thread: one <script> tag beside mirofish.js's
// (core/sibling_script.js: its nonce, crossOrigin and query), which a CSP allows wherever it allowed mirofish.js,
// checked against the hash mirofish.js was built with (its `integrity`: a CORS request from another origin). The
// engine hands its end of the channel back through a Symbol-keyed slot (no global name); a missing file, a changed
// one, or one the page's CSP refused, rejects with one sentence that says which.
import { besideScript, siblingScript } from '../core/index.js';

/**
 * @typedef {import('./engine_link.js').LocalEngine} LocalEngine
 * @typedef {{[slot: symbol]: ((far: LocalEngine) => void) | undefined}} Slot where the engine's script, once it runs,
 *   hands its end over (web/entry/mirofish-engine.js)
 */
const SLOT = Symbol.for('mirofish.engine');

/** @type {Promise<LocalEngine> | null} */
let loading = null;

/**
 * @param {HTMLScriptElement} script mirofish.js's tag @param {string} integrity the hash mirofish.js was built with
 * @returns {Promise<import('./engine_link.js').LocalEngine>}
 */
export function loadEngineScript(script, integrity) {
  if (!loading) {
    /** @type {LocalEngine | null} */
    let serve = null;
    /** @type {Slot} */ (globalThis)[SLOT] = (far) => {
      serve = far;
    };
    loading = siblingScript(script, 'mirofish-engine.js', 'mirofish.js', integrity)
      .finally(() => delete (/** @type {Slot} */ (globalThis)[SLOT]))
      .then(() => {
        if (serve) return serve;
        const url = besideScript(script, 'mirofish-engine.js');
        throw new Error('mirofish-engine.js at ' + url + ' is not the engine of this version of mirofish.js');
      });
    loading.catch(() => {
      loading = null; // a later mount may try again
    });
  }
  return loading;
}
