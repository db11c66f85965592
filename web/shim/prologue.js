// MiroFish bundle prologue: opens the one closure that holds the Emscripten factory and the shim (closed at the end
// of shim.js), so the file adds no global but window.MiroFish. `define`, `exports` and `module` are shadowed so the
// factory never registers itself with a page's AMD or CommonJS loader. `fetch` is shadowed too: the glue would
// fetch() its own embedded data: URL, a CSP violation under `default-src 'self'` (S-COST, issue 7); without it the
// glue decodes the base64 bytes itself and instantiates them (WebAssembly.instantiate, no network, no data: fetch).
(function (define, exports, module, fetch) {
  // document.currentScript is only set while this file runs synchronously: keep it for the auto-mount.
  var mirofishScript = typeof document !== 'undefined' ? document.currentScript : null;
