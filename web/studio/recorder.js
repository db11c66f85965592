// The recorder (mirofish-record.js / .mjs, issue 33) is a file of its own, loaded the first time the Record panel
// needs it: it carries the engine's wasm and the muxer, which neither the page's bundle nor the studio's should.
// Each entry says where it is (classic.js: the script beside this one; index.js: the module beside this one).
let source = () => Promise.reject(new Error("the recorder's location is unknown"));
let loading = null;

export function setRecorderSource(fn) {
  source = fn;
}

// Resolves to the recorder's API ({record, supported, install}); rejects with why it could not load.
export function loadRecorder() {
  if (!loading) {
    loading = source().catch((e) => {
      loading = null; // a later try may work (the network)
      throw e;
    });
  }
  return loading;
}

// The classic script beside `studioSrc` (mirofish-studio.js -> mirofish-record.js), by a script tag.
export function classicSource(studioSrc) {
  return () => {
    if (window.MiroFishRecord) return Promise.resolve(window.MiroFishRecord);
    const src = studioSrc && studioSrc.replace(/mirofish-studio(\.min)?\.js(?=[?#]|$)/, 'mirofish-record.js');
    if (!src || src === studioSrc)
      return Promise.reject(new Error("mirofish-record.js: no script beside the studio's"));
    return new Promise((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = src;
      tag.onload = () =>
        window.MiroFishRecord
          ? resolve(window.MiroFishRecord)
          : reject(new Error(src + ' loaded but did not define MiroFishRecord'));
      tag.onerror = () => reject(new Error(src + ' could not load'));
      document.head.append(tag);
    });
  };
}
