// mirofish.mjs, the ES module: `mount`, `table`, `version` and the default export; no global, no auto-mount; it
// defines <miro-fish>. The engine is a module of its own, mirofish-engine.mjs: the Worker's entry
// (`new Worker(new URL(..., import.meta.url), { type: 'module' })`, the pattern Vite, webpack and Rollup bundle), and
// imported on demand for the main-thread path. Served as files (an import map, node_modules), the worker path is
// used; bundled into an app (import.meta.url is then the app's chunk), the main thread, unless `thread: 'worker'`.
import { api, mount, table, version } from './host/api.js';
import { defineElement } from './host/element.js';
import { setEngineSource } from './host/engine_link.js';

const here = import.meta.url || '';
setEngineSource({
  worker: () => (/\/mirofish[^/]*\.mjs([?#]|$)/.test(here)
    ? { url: new URL('./mirofish-engine.mjs', here).href, type: 'module' } : null),
  local: () => import('./mirofish-engine.mjs').then((m) => m.serveEngine),
});
defineElement(mount);

export default api;
export { mount, table, version };
