# `mirofish form`'s contract, run by CTest as `cmake -DCLI=<mirofish> -P form_cli.cmake`:
#  - a bad flag, value or formation exits 2 with one line on stderr naming it, and nothing on stdout;
#  - a warning (text on a kind that takes none, non-ASCII in the font) is a `warning:` line, exit 0;
#  - the same arguments give the same `targets-hash` last line; time moves a moving formation's targets;
#  - --svg draws the landed code: the plate, one 0.96-cell square per dark module outside the finders, and
#    each finder as three solid squares.
cmake_minimum_required(VERSION 3.20)
set(CONTRACT form_cli)
set(CLI_COMMAND form)
include(${CMAKE_CURRENT_LIST_DIR}/../cli/cli_helpers.cmake)

# targets_hash(<var> args...): exit 0 and a last line `targets-hash <16 hex>`.
macro(targets_hash var)
  expect_hash_line(${var} targets-hash ${ARGN})
endmacro()

# --- refusals: exit 2, one line ---
expect_usage_error("--form is required")
expect_usage_error("--form needs a value" --form)
expect_usage_error("form=spiral is not a formation" --form spiral)
expect_usage_error("form=qr: the text is empty" --form qr:)
string(REPEAT "a" 214 long)
expect_usage_error("a version-10 M code holds at most 213" --form "qr:${long}")
string(REPEAT "a" 65 longText)
expect_usage_error("at most 64" --form "text:${longText}")
expect_usage_error("form=logo" --form logo)
expect_usage_error("unknown flag '--bogus'" --form ring --bogus)
expect_usage_error("--width: 50 is outside 100..8192" --form ring --width 50)
expect_usage_error("--height: 'abc' is not a finite number" --form ring --height abc)
expect_usage_error("--fish" --form ring --fish 0)
expect_usage_error("--at" --form ring --at -1)
expect_usage_error("--scale" --form ring --scale 9)
expect_usage_error("--svg: cannot write" --form qr:x --svg "${WORK}/no/such/dir/x.svg")
expect_usage_error("--pgm: cannot write" --form qr:x --pgm "${WORK}/no/such/dir/x.pgm")

# --- warnings: exit 0 ---
targets_hash(hw --form ring:hello)
expect_equal("${hw_ERR}" "warning: form=ring takes no ':TEXT'; 'hello' is ignored.\n"
             "form=ring:hello should warn once, got:\n${hw_ERR}")
targets_hash(hu --form "text:Köln")
if(NOT hu_ERR MATCHES "^warning: form=text: 1 character outside printable ASCII")
  message(FATAL_ERROR "text:Köln should warn about the non-ASCII character, got:\n${hu_ERR}")
endif()

# --- the same arguments, the same targets; time moves them; kinds differ ---
targets_hash(r1 --form ring --fish 150 --at 2)
targets_hash(r2 --form ring --fish 150 --at 2)
targets_hash(r3 --form ring --fish 150 --at 2.5)
targets_hash(s1 --form rings --fish 150 --at 2)
if(NOT r1 STREQUAL r2 OR r1 STREQUAL r3 OR r1 STREQUAL s1)
  message(FATAL_ERROR "targets hashes: ring ${r1} and again ${r2}, later ${r3}, rings ${s1}")
endif()
expect_equal("${r1_ERR}" "" "a clean run should print nothing on stderr:\n${r1_ERR}")

# --- the landed QR as SVG ---
set(svg "${WORK}/qr.svg")
targets_hash(q1 --form qr:https://example.org --svg "${svg}")
targets_hash(q2 --form "qr:https%3A%2F%2Fexample.org")
expect_equal("${q1}" "${q2}" "an escaped and a typed URL should land the same: ${q1} vs ${q2}")
if(NOT q1_OUT MATCHES "qr version 2  mask [0-7]  modules 25  dark ([0-9]+)")
  message(FATAL_ERROR "the summary should describe a version-2 code:\n${q1_OUT}")
endif()
set(dark "${CMAKE_MATCH_1}")
if(NOT q1_OUT MATCHES "layout cell ([0-9]+) px  grid 33x33")
  message(FATAL_ERROR "the layout line should give the module size and a 33-module grid:\n${q1_OUT}")
endif()
set(cell "${CMAKE_MATCH_1}")
file(READ "${svg}" svgText)
string(REGEX MATCHALL "<rect " rects "${svgText}")
list(LENGTH rects nrects)
# Background, plate, every dark module outside the finders (3 x 33 inside them), 3 x 3 finder squares.
math(EXPR expected "1 + 1 + ${dark} - 99 + 9")
if(NOT nrects EQUAL expected)
  message(FATAL_ERROR "the QR SVG should have ${expected} rects (dark ${dark}), it has ${nrects}")
endif()
math(EXPR side100 "${cell} * 96")  # 0.96 cell, printed with two decimals
string(REGEX REPLACE "([0-9][0-9])$" ".\\1" side "${side100}")
string(FIND "${svgText}" "width=\"${side}\" height=\"${side}\" fill=\"#14202a\"" at)
if(at LESS 0)
  message(FATAL_ERROR "modules should be ${side}-px squares (0.96 of ${cell} px):\n${svgText}")
endif()
string(FIND "${svgText}" "fill=\"#f4f1ea\"" plate)
if(plate LESS 0)
  message(FATAL_ERROR "the light plate is missing from the SVG")
endif()
# --repeat times the encoder (docs/performance.md's numbers) without changing what is laid out.
targets_hash(qt --form qr:https://example.org --repeat 3)
if(NOT qt STREQUAL q1 OR NOT qt_OUT MATCHES "encode-us [0-9.]+  \\(mean of 3, version 2\\)")
  message(FATAL_ERROR "--repeat 3 should add an encode-us line and keep the targets ${q1}:\n${qt_OUT}")
endif()
message(STATUS "form cli: all checks passed (qr targets-hash ${q1})")
