// mirofish.js, the classic script: all of MiroFish on the page's critical path, so a loader and nothing more (its
// size and gate: docs/performance.md). It installs the one global, window.MiroFish (its whole API: mount() and table()
// return Promises already), defines <miro-fish> at once, reads its own tag's data-* for the auto-mount, and puts that
// school's canvas, empty, in the body (web/loader/loader.js). Nothing else runs before the page has painted and fired
// `load` and shown its paint after it (core/page_ready.js); then it adds the host, mirofish-host.js
// (web/entry/mirofish-host.js: the canvas, input, controls and the link to the engine), beside itself, and hands it
// every call. The host then fetches the engine, mirofish-engine.js and mirofish.wasm, beside it too. A host that is
// missing, or of another version, is one warning naming the file and where it was looked for; mount() then resolves
// to null, as for any failed mount.
import { warn } from '../core/index.js';
import { install } from '../loader/loader.js';

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  // only set while a classic script runs synchronously; a classic script's tag, never an SVG <script>
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (window.MiroFish) warn('mirofish.js was included twice; the second copy does nothing');
  else install(script);
}
