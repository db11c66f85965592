// The kernel's front (web/core): everything the products (host, engine, studio, record, react) take from the kernel,
// and the only file of it they import (scripts/js-layers.mjs holds them to that). Re-exports only: esbuild keeps of
// the kernel just what a bundle uses (the loader stays ~2 KB gzipped). The protocols are types (protocol.js,
// record_protocol.js): import them as JSDoc types from here, as `import('../core/index.js').Mount`.
export { FORM_HOLD, MAX_OBSTACLES, STEP_HZ, STUDIO_ARRAYS, VERSION } from './constants.js';
export { PASSIVE, createListeners, describe, errorText, findInfo, note, truthy, warn } from './util.js';
export { schoolState } from './protocol.js';
export { Channel, WORKER_START_MS, openLocal, openWorker } from './channel.js';
export { refusalText, watchRefusals } from './csp.js';
export { besideScript, siblingScript } from './sibling_script.js';
export { loadModule, setGlue, setWasmUrl } from './module.js';
export { compileWasm } from './wasm_fetch.js';
export { inflateWasm } from './wasm_text.js';

/** @typedef {import('./protocol.js').Flags} Flags */
