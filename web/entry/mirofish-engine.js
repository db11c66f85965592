// mirofish-engine.js: the engine as a classic script, fetched only after the page's load event. In a Worker (started
// from its URL, or from a same-origin blob: bootstrap that importScripts it when mirofish.js came from another
// origin) it serves the page's schools; on the main thread (an injected <script>) it hands its end of the channel to
// the host that asked for it, through a Symbol-keyed slot that is gone again at once. The host names the wasm's URL.
import createGlue from 'mirofish-glue';
import { inWorker, localEnd, serve, setGlue } from '../core/index.js';
import { serveEngine } from '../engine/serve.js';

setGlue(createGlue); // the engine's wasm glue: only the engine's and the recorder's files carry it

const SLOT = Symbol.for('mirofish.engine'); // web/host/engine_script.js fills it before adding the tag

/** @type {import('../host/engine_script.js').Slot} */
const slots = globalThis;
const hand = slots[SLOT];
if (inWorker()) {
  serve(serveEngine);
} else if (typeof hand === 'function') {
  hand(localEnd(serveEngine));
}
