# Makes a bundle's two files from its joined core, a function expression `(function (...) { ... return api; })`
# (mirofish: web/shim/prologue.js .. api.js; mirofish-studio: web/studio/prologue.js .. api.js):
#   NAME.js    calls it as a classic script with ARGS_CLASSIC (mirofish: window.MiroFish and the auto-mount)
#   NAME.mjs   calls it as an ES module with ARGS_MODULE and exports EXPORTS of it (no global, no auto-mount)
# then minifies both (esbuild, when there) and embeds the wasm gzipped, as base64: from the base64 data: URI the
# Emscripten glue carries (mirofish), or from the standalone .wasm file WASM (the studio's module).
if(NOT NAME)
  set(NAME mirofish)
  set(GLOBAL MiroFish)
  set(ARGS_CLASSIC "void 0, void 0, void 0, void 0, true")
  set(ARGS_MODULE "void 0, void 0, void 0, void 0, false")
  set(EXPORTS "mount, table, version")
endif()
file(READ ${CORE} core)
# The wasm is the call's last argument, so it sits at the end of the file: gzip -9 then codes the JS and the
# compressed wasm in blocks of their own (measured: 1.3 KB smaller than with the wasm near the top).
set(ARGS_CLASSIC "${ARGS_CLASSIC}, '__MIROFISH_WASM__'")
set(ARGS_MODULE "${ARGS_MODULE}, '__MIROFISH_WASM__'")
file(MAKE_DIRECTORY ${DIST})
file(WRITE ${DIST}/${NAME}.js "${core}(${ARGS_CLASSIC});\n")
file(WRITE ${DIST}/${NAME}.mjs "const ${GLOBAL} = ${core}(${ARGS_MODULE});
export default ${GLOBAL};
export const { ${EXPORTS} } = ${GLOBAL};
")
# Minified by esbuild when it is there (same code, shorter names; nothing that a strict CSP refuses).
if(ESBUILD)
  foreach(pair "${NAME}.js;iife" "${NAME}.mjs;esm")
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
# The wasm, re-embedded gzipped (embed_wasm.mjs): after minification, which would escape it.
set(from)
if(WASM)
  set(from --wasm ${WASM})
endif()
execute_process(COMMAND node ${CMAKE_CURRENT_LIST_DIR}/embed_wasm.mjs ${from} ${DIST}/${NAME}.js ${DIST}/${NAME}.mjs
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "embed_wasm.mjs failed")
endif()
