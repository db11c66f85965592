// Inside Emscripten's factory (--post-js): Embind's GL finds a canvas by selector in specialHTMLTargets first, which a
// Worker (no document) needs; the engine registers its OffscreenCanvas there (web/shim/engine/school.js).
Module['specialHTMLTargets'] = specialHTMLTargets;
