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
# Minified by esbuild when it is there (same code, shorter names; nothing that a strict CSP refuses).
if(ESBUILD)
  foreach(pair "mirofish.js;iife" "mirofish.mjs;esm")
    list(GET pair 0 name)
    list(GET pair 1 format)
    set(mode --minify)
    if(format STREQUAL "esm")
      list(APPEND mode --format=esm)
    endif()
    execute_process(COMMAND ${ESBUILD} ${DIST}/${name} ${mode} --log-level=warning --outfile=${DIST}/${name}.min
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "esbuild could not minify ${name}")
    endif()
    file(RENAME ${DIST}/${name}.min ${DIST}/${name})
  endforeach()
endif()
# The wasm, re-embedded as printable ASCII (embed_wasm.mjs): after minification, which would escape it.
execute_process(COMMAND node ${CMAKE_CURRENT_LIST_DIR}/embed_wasm.mjs ${DIST}/mirofish.js ${DIST}/mirofish.mjs
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "embed_wasm.mjs failed")
endif()
