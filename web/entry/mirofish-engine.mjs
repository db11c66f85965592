// mirofish-engine.mjs: the engine as an ES module. Started as a module Worker it serves the page's schools; imported
// on the main thread (mirofish.mjs's fallback) it exports its end of the channel. Its wasm is the file beside it,
// written as the literal `new URL('./mirofish.wasm', import.meta.url)` that Vite and webpack 5 emit as an asset and
// rewrite.
import createGlue from 'mirofish-glue';
import { inWorker, localEnd, serve, setGlue, setWasmUrl } from '../core/index.js';
import { serveEngine } from '../engine/serve.js';

setGlue(createGlue);

setWasmUrl(() => {
  try {
    return new URL('./mirofish.wasm', import.meta.url).href;
  } catch (e) {
    // No import.meta.url (an IIFE bundle): beside the page, where such an app copies it.
    return new URL('mirofish.wasm', document.baseURI).href;
  }
});
if (inWorker()) serve(serveEngine);

// the engine's end on the page's main thread (core/channel.js openLocal)
export const localEngine = localEnd(serveEngine);
