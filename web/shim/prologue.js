// MiroFish bundle prologue: opens the one function that holds the Emscripten factory and the shim (closed by
// api.js, which returns the API). Two files are made from it (src/web/CMakeLists.txt): mirofish.js, the classic
// script, calls it with classic = true (window.MiroFish, auto-mount from its script tag); mirofish.mjs, the ES module,
// with classic = false (exports only: no global, no auto-mount). `define`, `exports` and `module` are shadowed so the
// factory never registers itself with a page's AMD or CommonJS loader. `fetch` is shadowed too: the glue would
// fetch() its own embedded data: URL, a CSP violation under `default-src 'self'` (S-COST, issue 7); without it the
// glue decodes the base64 bytes itself and instantiates them (WebAssembly.instantiate, no network, no data: fetch).
(function (define, exports, module, fetch, classic) {
  // document.currentScript is only set while a classic script runs synchronously: keep it for the auto-mount.
  var mirofishScript = classic && typeof document !== 'undefined' ? document.currentScript : null;
  // The wasm, as printable ASCII (src/web/embed_wasm.mjs fills it in after the link; module.js decodes it).
  var mirofishWasm = '__MIROFISH_WASM__';
