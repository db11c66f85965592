# A landed code reads as exactly its text, drawn natively:
#  - seed 004's own check on a clip: a QR finale rendered by `mirofish render` to an encoded video decodes with
#    zbarimg at 90, 93 and 96 % of its length, at full and at half size;
#  - `mirofish poster` of three texts (a word, a URL with a query, 60 characters) landed on an 800 x 600 page at DPR 1
#    (the longest at DPR 2 too), over a light and a dark page, full size and halved (the browser suite reads one of
#    them on its page).
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

# zbarimg's reading of an image, full size or box-filtered to half (ffmpeg's area scaling).
function(read_code png scale var)
  set(file "${png}")
  if(scale STREQUAL "half")
    set(file "${png}.half.png")
    execute_process(COMMAND ${FFMPEG} -v error -y -i "${png}" -vf "scale=iw/2:ih/2:flags=area" "${file}")
  endif()
  execute_process(COMMAND ${ZBARIMG} -q --raw -Sdisable -Sqrcode.enable "${file}" OUTPUT_VARIABLE text ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(${var} "${text}" PARENT_SCOPE)
endfunction()
set(TEXTS "koi" "https://example.org/pond?fish=200&mood=calm#top"
          "https://example.org/a/sixty-character-link?x=1&y=2&z=3456789")
set(k 0)
foreach(text IN LISTS TEXTS)
  math(EXPR k "${k} + 1")
  # The hash's percent-encoding of the text (the page's encodeURIComponent, as far as these texts need).
  set(encoded "${text}")
  foreach(pair ":;%3A" "/;%2F" "?;%3F" "=;%3D" "&;%26" "#;%23")
    list(GET pair 0 from)
    list(GET pair 1 to)
    string(REPLACE "${from}" "${to}" encoded "${encoded}")
  endforeach()
  set(dprs 1)
  if(k EQUAL 3)
    set(dprs 1 2)  # the longest text's modules are the smallest: it reads at DPR 2 too
  endif()
  foreach(dpr ${dprs})
    foreach(page "#f4f8fa" "#101418")
      set(png "${WORK}/text${k}-dpr${dpr}-${page}.png")
      string(REPLACE "#" "" png "${png}")
      run_cli(p poster --hash "n=200&w=800&h=600&form=qr:${encoded}&at=0.5" --at 4.5 --size 800x600 --dpr ${dpr}
              --background "${page}" --out "${png}")
      expect_equal("${p_RC}" "0" "poster of '${text}': exit ${p_RC}: ${p_ERR}")
      foreach(scale full half)
        read_code("${png}" ${scale} got)
        expect_equal("${got}" "${text}" "'${text}' at DPR ${dpr} over ${page}, ${scale} size: zbarimg read '${got}'")
      endforeach()
    endforeach()
  endforeach()
endforeach()
message(STATUS "frames QR: the finale reads at 90, 93 and 96 %, full and half size; 3 texts light and dark, full and "
               "half")
