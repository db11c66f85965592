# Joins JS parts (PARTS, a ;-list) into OUT: the studio's (mirofish-studio.js). What ships
# carries no comments and no indentation (the bundle is measured gzipped): whole-line `//` comments, trailing
# `  // ...` comments without quotes in them, leading whitespace and blank lines go. The sources keep them. The text
# is handled as one string, not as a CMake list of lines, so brackets and semicolons in the code are just text.
file(WRITE ${OUT} "")
foreach(part IN LISTS PARTS)
  file(READ ${part} text)
  string(REPLACE "\r" "" text "\n${text}\n")
  string(REGEX REPLACE "\n[ \t]+" "\n" text "${text}")
  string(REGEX REPLACE "\n//[^\n]*" "\n" text "${text}")
  string(REGEX REPLACE "[ \t][ \t]+// [^'\"`\n]*\n" "\n" text "${text}")
  string(REGEX REPLACE "\nexport " "\n" text "${text}")  # web/shim/engine/wasm_text.js is an ES module
  string(REGEX REPLACE "\n\n+" "\n" text "${text}")
  string(REGEX REPLACE "^\n" "" text "${text}")
  file(APPEND ${OUT} "${text}")
endforeach()
