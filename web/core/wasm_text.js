// The studio's wasm as text, inflated (mirofish-studio.js; the engine fetches its own mirofish.wasm).
// The inverse of src/web/embed_wasm.mjs: base64 of the gzipped module. No fetch, no data: URI (strict CSP).

// Resolves to the module's bytes; rejects, with why, in a browser without DecompressionStream.
/** @param {string} text @returns {Promise<Uint8Array<ArrayBuffer>>} */
export function inflateWasm(text) {
  if (typeof DecompressionStream !== 'function') {
    return Promise.reject(
      new Error('this browser has no DecompressionStream (Chrome 80+, Firefox 113+, Safari 16.4+)'),
    );
  }
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
