// Inside Emscripten's factory (--post-js): Embind's GL finds a canvas by selector in specialHTMLTargets first, which a
// Worker (no document) needs; the engine registers its OffscreenCanvas there (web/engine/school.js).
Module['specialHTMLTargets'] = specialHTMLTargets;
// Emscripten's GL names come from one counter that never goes down, and each table is padded up to it: every mount
// grew every table by ~1 KB. A name freed in a table is given out again (GL.counter stays above all, for its checks).
GL.getNewId = function (t) {
  var i = t.indexOf(null, 1);
  if (i < 0) i = t.length || 1;
  GL.counter = Math.max(GL.counter, i + 1);
  return i;
};
// The context Pond::attach just made current. Firefox throws on a second getContext() of an OffscreenCanvas in a
// Worker ("Cannot update created context to different thread"), so the engine's JS never asks the canvas again.
Module['currentGL'] = function () {
  return GL.currentContext && GL.currentContext.GLctx;
};
