// The classic engine (mirofish-engine.js) on the main thread: one <script> tag beside mirofish.js's
// (core/sibling_script.js: its nonce, crossOrigin and query), which a CSP allows wherever it allowed mirofish.js,
// checked against the hash mirofish.js was built with (its `integrity`: a CORS request from another origin). The
// engine hands its end of the channel back through a Symbol-keyed slot (no global name); a missing file, a changed one, or
// one the page's CSP refused, rejects with one sentence that says which.
import { besideScript, siblingScript } from '../core/index.js';

const SLOT = Symbol.for('mirofish.engine');

let loading = null;

/**
 * @param {HTMLScriptElement} script mirofish.js's tag @param {string} integrity the hash mirofish.js was built with
 * @returns {Promise<import('./engine_link.js').LocalEngine>}
 */
export function loadEngineScript(script, integrity) {
  if (!loading) {
    let serve = null;
    globalThis[SLOT] = (far) => {
      serve = far;
    };
    loading = siblingScript(script, 'mirofish-engine.js', 'mirofish.js', integrity)
      .finally(() => delete globalThis[SLOT])
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
