# Seed 004's own check on a native clip: a QR finale rendered by `mirofish render` to an encoded video decodes with
# zbarimg, at 90, 93 and 96 % of its length, at full and at half size, as exactly the address it carries.
# `cmake -DCLI=<path to mirofish> -P frames_qr.cmake`; SKIP without zbarimg or ffmpeg.
cmake_minimum_required(VERSION 3.20)
set(CONTRACT frames_qr)
include(${CMAKE_CURRENT_LIST_DIR}/cli_helpers.cmake)
find_program(ZBARIMG zbarimg)
find_program(FFMPEG ffmpeg)
if(NOT ZBARIMG OR NOT FFMPEG)
  message("SKIP: zbarimg or ffmpeg is not installed (scripts/ensure-deps installs zbar-tools and ffmpeg)")
  return()
endif()
set(URL "https://example.org/pond")
# 5 s at 25 fps: the code lands from 0.5 s and holds past the end. The world is the hash's (w, h), so the clip and
# its half-size frames show the same school.
run_cli(r render --hash "seed=7&n=200&w=640&h=400&form=qr:https%3A%2F%2Fexample.org%2Fpond&at=0.5" --seconds 5
        --fps 25 --size 640x400 --out finale.mp4)
expect_equal("${r_RC}" "0" "render finale.mp4: exit ${r_RC}: ${r_ERR}")
foreach(percent 90 93 96)
  math(EXPR frame "125 * ${percent} / 100")
  foreach(scale full half)
    set(png "${WORK}/f${percent}-${scale}.png")
    set(filter "select=eq(n\\,${frame})")
    if(scale STREQUAL "half")
      set(filter "${filter},scale=320:200")
    endif()
    execute_process(COMMAND ${FFMPEG} -v error -y -i "${WORK}/finale.mp4" -vf "${filter}" -frames:v 1 "${png}"
                    RESULT_VARIABLE rc)
    execute_process(COMMAND ${ZBARIMG} -q --raw "${png}" OUTPUT_VARIABLE text ERROR_QUIET
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    expect_equal("${text}" "${URL}" "frame ${frame} (${percent} %), ${scale} size: zbarimg read '${text}'")
  endforeach()
endforeach()
message(STATUS "frames QR: the finale reads at 90, 93 and 96 %, full and half size")
