// mirofish.mjs, the ES module: `mount`, `table`, `version` and the default export; no global, no auto-mount; it
// defines <miro-fish>. The engine is a module of its own, mirofish-engine.mjs (with mirofish.wasm beside it): the
// Worker's entry, and imported on demand for the main-thread path, both after the page's load event. The Worker is
// made with the literal pattern bundlers look for (Vite, webpack 5, Rollup's plugins: `new URL` inline in `new
// Worker`, a string literal, `type: 'module'`): bundled into an app they emit the engine as a worker chunk and rewrite
// the URL. Served as the files MiroFish ships (an import map, the page's own folder), the same file beside this one
// goes through MiroFish's Trusted Types policy (core/trusted.js), which the literal cannot. From another origin (a
// CDN, which must send CORS for a module anyway) a blob: bootstrap on the page's origin imports it
// (web/host/worker_boot.js).
import { api, mount, table, version } from '../host/api.js';
import { defineElement } from '../host/element.js';
import { setEngineSource } from '../host/engine_link.js';
import { crossOriginWorker } from '../host/worker_boot.js';
import { asShipped, foreignUrl, scriptUrl, trustScripts } from '../core/index.js';

trustScripts(); // the one Trusted Types policy MiroFish's files share (core/trusted.js)

setEngineSource({
  worker: () =>
    foreignUrl(import.meta.url)
      ? crossOriginWorker(beside(import.meta.url))
      : asShipped(import.meta.url, 'mirofish.mjs')
        ? new Worker(scriptUrl(beside(import.meta.url)), { type: 'module' }) // the same file, under the policy
        : new Worker(new URL('./mirofish-engine.mjs', import.meta.url), { type: 'module' }),
  // the engine's entry beside this one: in the build, the module beside mirofish.mjs (an external import)
  local: () => import('./mirofish-engine.mjs').then((m) => m.localEngine),
  wasm: '', // the engine's own: beside it (a bundler rewrites that URL in the engine's chunk)
});
defineElement(mount);

// The engine's URL beside this module, by text: a second `new URL('./mirofish-engine.mjs', import.meta.url)` would be
// emitted once more by bundlers, as a plain asset.
/** @param {string} url this module's @returns {string} */
function beside(url) {
  return url.replace(/[^/?#]*([?#].*)?$/, 'mirofish-engine.mjs$1');
}

export default api;
export { mount, table, version };
