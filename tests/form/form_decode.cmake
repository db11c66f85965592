# The real test of a landed QR code is a decoder: what a phone reads, not our own reading of the grid. Run by CTest as
# `cmake -DCLI=<mirofish> -P form_decode.cmake`: for each text, `mirofish form --form qr:TEXT --pgm` draws the
# landed picture (plate, 0.96-cell modules, solid finders, the dark page around it) and `zbarimg` must read back
# exactly the text, at full size, downscaled to half (a box filter, as a half-size screenshot) and at DPR 2.
# Without zbarimg the test is skipped (CTest SKIP_REGULAR_EXPRESSION "SKIP: "); scripts/ensure-deps installs it.
cmake_minimum_required(VERSION 3.20)

find_program(ZBARIMG zbarimg)  # -DZBARIMG=/nonexistent shows the skip
if(NOT ZBARIMG OR NOT EXISTS "${ZBARIMG}")
  message("SKIP: zbarimg not found (apt-get install zbar-tools; scripts/ensure-deps installs it)")
  return()
endif()

set(CONTRACT form_decode)
include(${CMAKE_CURRENT_LIST_DIR}/../cli/cli_helpers.cmake)  # CLI checked, a clean WORK folder

# expect_decodes(<label> <form value> <expected text> <scale> [extra CLI args...])
function(expect_decodes label value expected scale)
  set(pgm "${WORK}/${label}.pgm")
  execute_process(COMMAND "${CLI}" form --form "${value}" --pgm "${pgm}" --scale ${scale} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  expect_equal("${rc}" "0" "${label}: `mirofish form --form ${value}` exit ${rc}\n${err}")
  # --raw: the data only; stderr carries ImageMagick/dbus chatter on some machines, so it is not read.
  execute_process(COMMAND "${ZBARIMG}" -q --raw "${pgm}" RESULT_VARIABLE zrc OUTPUT_VARIABLE decoded
                  ERROR_VARIABLE zerr TIMEOUT 120)
  expect_equal("${zrc}" "0" "${label}: zbarimg found no code in ${pgm} (exit ${zrc})\n${out}\n${zerr}")
  expect_equal("${decoded}" "${expected}\n" "${label}: zbarimg read '${decoded}', expected '${expected}'\n${out}")
  string(REGEX MATCH "qr version [0-9]+" version "${out}")
  message(STATUS "${label}: ${version}, scale ${scale}: decoded")
endfunction()

set(word "MiroFish")
set(query "https://example.org/search?q=koi+pond&lang=en#top")
set(sixty "https://mirofish.example/landing?from=qr&utm_campaign=spring")
set(utf8 "Grüße aus Köln — 鯉の池 🐟")
string(REPEAT "MiroFish-" 23 full)
string(APPEND full "123456")  # 213 bytes: the most a version-10 M code holds
string(LENGTH "${sixty}" n60)
string(LENGTH "${full}" n213)
if(NOT n60 EQUAL 60 OR NOT n213 EQUAL 213)
  message(FATAL_ERROR "form_decode: test texts are ${n60} and ${n213} bytes, not 60 and 213")
endif()

foreach(scale 1 0.5)
  expect_decodes(word-${scale} "qr:${word}" "${word}" ${scale})
  expect_decodes(query-${scale} "qr:${query}" "${query}" ${scale})
  expect_decodes(sixty-${scale} "qr:${sixty}" "${sixty}" ${scale})
  expect_decodes(utf8-${scale} "qr:${utf8}" "${utf8}" ${scale})
  expect_decodes(full-${scale} "qr:${full}" "${full}" ${scale})
endforeach()
expect_decodes(sixty-dpr2 "qr:${sixty}" "${sixty}" 2)
# Percent-encoded in the value, decoded once: the code holds the text, not its escapes.
expect_decodes(escaped "qr:100%25%20sure%20%26%20%23done" "100% sure & #done" 1)
# A phone-sized world: smaller modules (7 px), still whole pixels; and at half size (3.5 px).
expect_decodes(phone "qr:${sixty}" "${sixty}" 1 --width 390 --height 844)
expect_decodes(phone-half "qr:${sixty}" "${sixty}" 0.5 --width 390 --height 844)
# The school itself landing (`mirofish run --form`): 200 fish topped up to the modules, stepped 4 s after at=1,
# drawn as the page draws it (free fish under the plate, settled fish as modules).
function(expect_school_decodes label value expected)
  set(pgm "${WORK}/${label}.pgm")
  execute_process(COMMAND "${CLI}" run --form "${value}" --at 1 --steps 300 --pgm "${pgm}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc STREQUAL "0" OR NOT out MATCHES "phase holding")
    message(FATAL_ERROR "${label}: `mirofish run --form ${value}` exit ${rc}, not holding by 5 s\n${out}${err}")
  endif()
  execute_process(COMMAND "${ZBARIMG}" -q --raw "${pgm}" RESULT_VARIABLE zrc OUTPUT_VARIABLE decoded TIMEOUT 120)
  if(NOT zrc STREQUAL "0" OR NOT decoded STREQUAL "${expected}\n")
    message(FATAL_ERROR "${label}: zbarimg read '${decoded}' (exit ${zrc}) from the landed school, expected '${expected}'")
  endif()
  message(STATUS "${label}: the landed school decoded")
endfunction()
expect_school_decodes(school-word "qr:${word}" "${word}")
expect_school_decodes(school-sixty "qr:${sixty}" "${sixty}")
expect_school_decodes(school-escaped "qr:100%25%20sure%20%26%20%23done" "100% sure & #done")
message(STATUS "form decode: every landed code read back exactly")
