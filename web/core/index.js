// The kernel's front (web/core): everything the products (loader, host, engine, studio, record, react) and the entries take
// from the kernel, and the only file of it they import (scripts/js-floors.mjs holds them to that). Re-exports only:
// esbuild keeps of the kernel just what a bundle uses (the loader stays ~2.5 KB gzipped). The protocols and the
// channel's class are types for the products: JSDoc names them where they are listed, as
// `import('../core/protocol.js').Mount` (a type costs no byte; docs/architecture.md "The JS: floors").
export { FORM_HOLD, MAX_OBSTACLES, SNAPSHOT_FOREIGN, STEP_HZ, STUDIO_ARRAYS, VERSION } from './constants.js';
export { PASSIVE, createListeners, describe, errorText, findInfo, note, truthy, warn } from './util.js';
export { schoolState } from './protocol.js';
export { inWorker, localEnd, openLocal, openWorker, serve } from './channel_ends.js';
export { besideScript, siblingScript } from './sibling_script.js';
export { fetchChecked } from './integrity.js';
export { metaRefusesWorkers, refusalText } from './csp.js';
export { foreignUrl } from './origin.js';
export { asShipped, policyRefused, scriptUrl, trustScripts } from './trusted.js';
export { fromDisk } from './from_disk.js';
export { loadModule, setGlue, setWasmUrl } from './module.js';
export { inflateWasm } from './wasm_text.js';
export {
  borrowStyles,
  createCanvas,
  fullscreenParent,
  guessLayer,
  makeCanvas,
  nameCanvas,
  resolveTarget,
} from './layer.js';
export { afterPageSettled, pageSettled } from './page_ready.js';
export { CARRY_FRESH_MS, CARRY_KEY, STILL_KEY } from './carried.js';
