# What the CLI contract scripts share (cli_contract, sweep_contract, tests/form/form_cli and form_decode): the
# executable, a clean work folder, running it, and the checks of its two kinds of answer. Before include(): set CONTRACT (a name for the
# work folder and messages); optionally RUNNER (node, for the wasm build), CLI_COMMAND (a subcommand put before every
# call's arguments) and CLI_TIMEOUT (s, default 120).
if(NOT DEFINED CLI OR NOT EXISTS "${CLI}")
  message(FATAL_ERROR "${CONTRACT}: pass -DCLI=<path to the mirofish executable> (got '${CLI}')")
endif()
get_filename_component(CLI "${CLI}" ABSOLUTE)
if(NOT DEFINED CLI_TIMEOUT)
  set(CLI_TIMEOUT 120)
endif()
set(WORK "${CMAKE_CURRENT_BINARY_DIR}/${CONTRACT}_work")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

# run_cli(<prefix> args...): sets <prefix>_RC, <prefix>_OUT, <prefix>_ERR.
function(run_cli prefix)
  execute_process(COMMAND ${RUNNER} "${CLI}" ${CLI_COMMAND} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY "${WORK}" TIMEOUT ${CLI_TIMEOUT})
  set(${prefix}_RC "${rc}" PARENT_SCOPE)
  set(${prefix}_OUT "${out}" PARENT_SCOPE)
  set(${prefix}_ERR "${err}" PARENT_SCOPE)
endfunction()

# expect_equal(<actual> <expected> <message>): fails with <message> unless the two strings are equal.
function(expect_equal actual expected message)
  if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "${message}")
  endif()
endfunction()

# expect_usage_error(<needle> args...): exit code 2, exactly one stderr line, which contains <needle>; no stdout.
function(expect_usage_error needle)
  run_cli(r ${ARGN})
  string(REPLACE ";" " " shown "${CLI_COMMAND};${ARGN}")
  if(NOT r_RC STREQUAL "2")
    message(FATAL_ERROR "`mirofish ${shown}`: expected exit code 2, got '${r_RC}'\nstderr: ${r_ERR}")
  endif()
  string(REGEX MATCHALL "\n" newlines "${r_ERR}")
  list(LENGTH newlines lines)
  string(LENGTH "${r_ERR}" len)
  if(NOT lines EQUAL 1 OR NOT r_ERR MATCHES "\n$" OR len LESS 10)
    message(FATAL_ERROR "`mirofish ${shown}`: expected exactly one line on stderr, got ${lines}:\n${r_ERR}")
  endif()
  string(FIND "${r_ERR}" "${needle}" at)
  if(at LESS 0)
    message(FATAL_ERROR "`mirofish ${shown}`: the error should name '${needle}':\n${r_ERR}")
  endif()
  if(NOT r_OUT STREQUAL "")
    message(FATAL_ERROR "`mirofish ${shown}`: nothing should reach stdout on a usage error, got:\n${r_OUT}")
  endif()
endfunction()

# expect_hash_line(<var> <label> args...): exit 0 and a last stdout line `<label> <16 hex>` (state-hash,
# targets-hash); sets <var> to the hex and <var>_OUT, <var>_ERR to what the run printed.
function(expect_hash_line var label)
  run_cli(r ${ARGN})
  string(REPLACE ";" " " shown "${CLI_COMMAND};${ARGN}")
  if(NOT r_RC STREQUAL "0")
    message(FATAL_ERROR "`mirofish ${shown}`: exit code ${r_RC}\nstderr: ${r_ERR}")
  endif()
  string(REPEAT "[0-9a-f]" 16 hex)
  if(NOT r_OUT MATCHES "${label} (${hex})\n$")
    message(FATAL_ERROR "`mirofish ${shown}`: the last line should be `${label} <16 hex>`, got:\n${r_OUT}")
  endif()
  set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  set(${var}_OUT "${r_OUT}" PARENT_SCOPE)
  set(${var}_ERR "${r_ERR}" PARENT_SCOPE)
endfunction()
