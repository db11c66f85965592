// The classic engine (mirofish-engine.js) on the main thread: one <script> tag, which needs no CORS from another
// origin and which a CSP allows wherever it allowed mirofish.js. The engine hands its serveEngine back through a
// Symbol-keyed slot (no global name); a missing file rejects with one sentence naming it and where it was looked for.
const SLOT = Symbol.for('mirofish.engine');

let loading = null;

export function loadEngineScript(url, crossOrigin) {
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const tag = document.createElement('script');
      const done = () => {
        delete globalThis[SLOT];
        tag.remove();
      };
      globalThis[SLOT] = (serveEngine) => {
        done();
        resolve(serveEngine);
      };
      tag.onload = () => {
        done();
        reject(new Error('mirofish-engine.js at ' + url + ' is not the engine of this version of mirofish.js'));
      };
      tag.onerror = () => {
        done();
        reject(new Error('mirofish-engine.js was not found at ' + url + ': copy it beside mirofish.js'));
      };
      tag.async = true;
      if (crossOrigin !== null && crossOrigin !== undefined) tag.crossOrigin = crossOrigin;
      tag.src = url;
      document.head.appendChild(tag);
    });
    loading.catch(() => {
      loading = null;
    }); // a later mount may try again
  }
  return loading;
}
