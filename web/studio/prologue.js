// MiroFish studio bundle prologue: opens the one function that holds the studio (closed by api.js, which returns its
// API). Two files are made from it (src/web/CMakeLists.txt): mirofish-studio.js, the classic script, calls it with
// classic = true (window.MiroFishStudio, and it attaches by itself when the hash has studio=1);
// mirofish-studio.mjs, the ES module, with classic = false (export { attach }: no global, nothing automatic).
// studioWasm, the last argument: the studio's own wasm (src/web/studio_core.cpp) gzipped, as base64; embed_wasm.mjs
// fills it in, core.js loads it.
(function (classic, studioWasm) {
