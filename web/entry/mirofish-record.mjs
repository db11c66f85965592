// mirofish-record.mjs, the ES module: `record`, `supported`, `install` and the default export; no global. Started as
// a module Worker it records (the Worker is made with the literal pattern bundlers look for, as mirofish.mjs's is).
import createGlue from 'mirofish-glue';
import { asShipped, foreignUrl, inWorker, scriptUrl, serve, setGlue, setWasmUrl, trustScripts } from '../core/index.js';
import { api, install, record, supported } from '../record/api.js';
import { setWorkerSource } from '../record/link.js';
import { serveRecorder } from '../record/serve.js';

// The engine's wasm, the file beside this one (the literal bundlers emit as an asset, as mirofish-engine.mjs's).
setGlue(createGlue);
setWasmUrl(() => new URL('./mirofish.wasm', import.meta.url).href);
if (inWorker()) serve(serveRecorder);
else {
  trustScripts(); // the one Trusted Types policy MiroFish's files share (core/trusted.js)
  setWorkerSource({
    worker: () =>
      foreignUrl(import.meta.url)
        ? null
        : asShipped(import.meta.url, 'mirofish-record.mjs')
          ? new Worker(scriptUrl(import.meta.url), { type: 'module' }) // this file, under the policy
          : new Worker(new URL('./mirofish-record.mjs', import.meta.url), { type: 'module' }),
  });
}

export default api;
export { install, record, supported };
