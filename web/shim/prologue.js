// MiroFish bundle prologue: opens the one function that holds the Emscripten factory and the shim (closed by
// api.js, which returns the API). Two files are made from it (src/web/CMakeLists.txt): mirofish.js, the classic
// script, calls it with classic = true (window.MiroFish, auto-mount from its script tag); mirofish.mjs, the ES module,
// with classic = false (exports only: no global, no auto-mount). Its last argument, mirofishWasm, is the wasm gzipped,
// as base64 (src/web/embed_wasm.mjs puts it there after the link, at the end of the file; module.js inflates it).
// `define`, `exports` and `module` are shadowed so the factory never registers itself with a page's AMD or CommonJS
// loader. `fetch` is shadowed too: the glue would fetch() its own embedded data: URL, a CSP violation under
// `default-src 'self'` (S-COST, issue 7); it is given the wasm's bytes instead (WebAssembly.instantiate, no network).
(function (define, exports, module, fetch, classic, mirofishWasm) {
  // document.currentScript is only set while a classic script runs synchronously: keep it for the auto-mount.
  var mirofishScript = classic && typeof document !== 'undefined' ? document.currentScript : null;
