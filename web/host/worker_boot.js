// A module Worker for the ES module's engine on another origin (a CDN): the browser starts a Worker only from this
// page's origin, so a one-line blob: module on this origin imports the engine from there (CORS, as any module from
// another origin), as pdf.js, Monaco and tesseract.js do. Throws where the page's CSP forbids blob: Workers; a
// bootstrap that fails to load the engine fires the Worker's error event: either way engine_link.js takes the main
// thread. (The classic engine's Worker runs its checked bytes from a blob: URL instead: checked_engine.js.)
import { scriptUrl } from '../core/index.js';

/** @param {string} engineUrl */
export function crossOriginWorker(engineUrl) {
  const code = 'import ' + JSON.stringify(engineUrl) + ';';
  const blobUrl = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  try {
    return new Worker(scriptUrl(blobUrl), { type: 'module' });
  } finally {
    // The Worker has its script's URL already; revoking it at once keeps nothing alive (Chrome, Firefox, Safari).
    setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
  }
}
