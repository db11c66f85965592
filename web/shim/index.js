// mirofish.mjs, the ES module: `mount`, `table`, `version` and the default export; no global, no auto-mount; it
// defines <miro-fish>. The engine is a module of its own, mirofish-engine.mjs: the Worker's entry, and imported on
// demand for the main-thread path. The Worker is made with the literal pattern bundlers look for (Vite, webpack 5,
// Rollup's plugins: `new URL` inline in `new Worker`, a string literal, `type: 'module'`): bundled into an app they
// emit the engine as a worker chunk and rewrite the URL; served as files it is the file beside this one. Either way
// the school gets its Worker; a bundler that does neither gives a Worker that fails to load, and the main thread.
import { api, mount, table, version } from './host/api.js';
import { defineElement } from './host/element.js';
import { setEngineSource } from './host/engine_link.js';

setEngineSource({
  worker: () => (foreign(import.meta.url) ? null
    : new Worker(new URL('./mirofish-engine.mjs', import.meta.url), { type: 'module' })),
  local: () => import('./mirofish-engine.mjs').then((m) => m.serveEngine),
});
defineElement(mount);

// This module from another origin (a CDN): its engine is there too, and a Worker must be same-origin. Without an
// http(s) URL of its own (webpack writes the source's file: URL, esbuild's IIFE none) the bundler decides.
function foreign(url) {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) && u.origin !== location.origin;
  } catch (e) {
    return false;
  }
}

export default api;
export { mount, table, version };
