# The floors' arrows point down (docs/architecture.md). Each library links only the floors below it
# (target_link_libraries in src/*/CMakeLists.txt), and this check holds the sources to the same arrows: a file in
# src/<floor> may include "<other>/..." only for the floors listed for it, and the renderer's GL-free core
# (src/render/core/, built and tested natively) includes nothing of its GL part and no GL header. src/headless, the
# native GL context, is the CLI's and the C interface's: the simulation's floors never know it and the page's (web) never
# includes it. Run at configure time (the top CMakeLists.txt) and as the
# native suite's `floors` test: cmake -DSRC=<repo>/src -P cmake/floors.cmake
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.20)  # IN_LIST; when included, the project's own
endif()
set(MIROFISH_FLOOR_base "base")
set(MIROFISH_FLOOR_form "base;form")
set(MIROFISH_FLOOR_sim "base;form;sim")
set(MIROFISH_FLOOR_link "base;form;sim;link")
set(MIROFISH_FLOOR_render "base;form;sim;render")
# sweep: a sweep's plan, its runs and their CSV, for the CLI and the C interface alike.
set(MIROFISH_FLOOR_sweep "base;form;sim;link;sweep")
# headless: the native GL context (one with no window), for the CLI's frames; the page never builds it.
set(MIROFISH_FLOOR_headless "base;headless")
# frames: a hash's frames drawn natively (the school stepped, the renderer on headless GL, the files), for the CLI.
set(MIROFISH_FLOOR_frames "base;form;sim;link;render;headless;frames")
set(MIROFISH_FLOOR_cli "base;form;sim;link;sweep;render;headless;frames;cli")
# capi: the C interface (libmirofish, for Python), a front beside the CLI and the page; the native renderer for its
# posters where the build has one.
set(MIROFISH_FLOOR_capi "base;form;sim;link;sweep;render;headless;capi")
set(MIROFISH_FLOOR_web "base;form;sim;link;render;web")

function(mirofish_check_floors src)
  set(problems "")
  foreach(floor base form sim link sweep render headless frames cli capi web)
    file(GLOB_RECURSE files ${src}/${floor}/*.h ${src}/${floor}/*.cpp)
    foreach(f ${files})
      file(RELATIVE_PATH rel ${src} ${f})
      string(REGEX REPLACE "\\.(h|cpp)$" "" name ${rel})
      set(core FALSE)
      if(rel MATCHES "^render/core/")
        set(core TRUE)
      endif()
      file(STRINGS ${f} lines REGEX "^#include ")
      foreach(line ${lines})
        if(line MATCHES "^#include \"([a-z_]+)/([a-z_0-9/]+)\\.h\"")
          set(to ${CMAKE_MATCH_1})
          set(header ${CMAKE_MATCH_2})
          if(NOT to IN_LIST MIROFISH_FLOOR_${floor})
            string(REPLACE ";" ", " allowed "${MIROFISH_FLOOR_${floor}}")
            list(APPEND problems "src/${name}: ${line}: ${floor} may include only ${allowed}")
          elseif(core AND to STREQUAL "render" AND NOT header MATCHES "^core/")
            list(APPEND problems "src/${name}: ${line}: the GL-free core includes none of the GL part")
          endif()
        elseif(core AND line MATCHES "GLES|EGL|emscripten")
          list(APPEND problems "src/${name}: ${line}: the GL-free core includes no GL or Emscripten header")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(problems)
    string(REPLACE ";" "\n  " text "${problems}")
    message(FATAL_ERROR "An include points up a floor (cmake/floors.cmake):\n  ${text}")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED SRC)
  mirofish_check_floors(${SRC})
  message(STATUS "floors: every include points down")
endif()
