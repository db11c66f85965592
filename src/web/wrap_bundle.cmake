# Makes the two bundle files from the linked core, a function expression `(function (define, exports, module,
# fetch, classic) { ... return api; })` (web/shim/prologue.js .. api.js):
#   mirofish.js   calls it as a classic script: window.MiroFish and the auto-mount
#   mirofish.mjs  calls it as an ES module and exports the API (no global, no auto-mount)
file(READ ${CORE} core)
file(MAKE_DIRECTORY ${DIST})
file(WRITE ${DIST}/mirofish.js "${core}(void 0, void 0, void 0, void 0, true);\n")
file(WRITE ${DIST}/mirofish.mjs "const MiroFish = ${core}(void 0, void 0, void 0, void 0, false);
export default MiroFish;
export const { mount, table, version } = MiroFish;
")
