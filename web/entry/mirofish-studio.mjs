// mirofish-studio.mjs, the ES module: `attach` and the default export; no global, nothing automatic.
import { api, attach } from '../studio/api.js';
import { setWasmSource } from '../studio/core.js';
import { setRecorderSource } from '../studio/recorder.js';

setWasmSource(wasmText);
setRecorderSource(() => import('./mirofish-record.mjs').then((m) => m.default));

export default api;
export { attach };

// The studio's own wasm, as in mirofish-studio.js: last in the file.
function wasmText() {
  return '__MIROFISH_WASM__';
}
