// The recorder (mirofish-record.js / .mjs) is a file of its own, loaded the first time the Record panel
// needs it: it carries the engine's wasm and the muxer, which neither the page's bundle nor the studio's should.
// Each entry says where it is (web/entry/mirofish-studio.js: the script beside its own; .mjs: the module beside it).
import { besideScript, siblingScript } from '../core/index.js';

/** @typedef {import('../mirofish.d.ts').MiroFishRecordGlobal} Recorder */

/** @type {() => Promise<Recorder>} the entry's */
let source = () => Promise.reject(new Error("the recorder's location is unknown"));
/** @type {Promise<Recorder> | null} */
let loading = null;

/** @param {() => Promise<Recorder>} fn loads the recorder, as this entry ships beside it */
export function setRecorderSource(fn) {
  source = fn;
}

// Resolves to the recorder's API ({record, supported, install}); rejects with why it could not load.
/** @returns {Promise<Recorder>} */
export function loadRecorder() {
  if (!loading) {
    loading = source().catch((e) => {
      loading = null; // a later try may work (the network)
      throw e;
    });
  }
  return loading;
}

// The classic script beside the studio's own tag (mirofish-studio.js -> mirofish-record.js), by a script tag that
// carries its nonce, crossOrigin and query (core/sibling_script.js), and the hash the studio was built with.
/** @param {HTMLScriptElement | null} studio the studio's tag @returns {() => Promise<Recorder>} */
export function classicSource(studio) {
  return () => {
    if (window.MiroFishRecord) return Promise.resolve(window.MiroFishRecord);
    return siblingScript(studio, 'mirofish-record.js', 'mirofish-studio.js', MIROFISH_SRI_RECORD).then(() =>
      window.MiroFishRecord
        ? window.MiroFishRecord
        : Promise.reject(
            new Error(besideScript(studio, 'mirofish-record.js') + ' loaded but did not define MiroFishRecord'),
          ),
    );
  };
}
