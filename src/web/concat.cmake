# Joins the shim parts (PARTS, a ;-list) into OUT. What ships carries no comments and no indentation (the bundle
# is measured gzipped): whole-line `//` comments, trailing `  // ...` comments without quotes in them, leading
# whitespace and blank lines go. The sources keep them.
file(WRITE ${OUT} "")
foreach(part IN LISTS PARTS)
  file(STRINGS ${part} lines ENCODING UTF-8)
  set(text "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]+" "" line "${line}")
    if(line MATCHES "^//" OR line STREQUAL "")
      continue()
    endif()
    string(REGEX REPLACE "[ \t][ \t]+// [^'\"`]*$" "" line "${line}")
    string(APPEND text "${line}\n")
  endforeach()
  file(APPEND ${OUT} "${text}")
endforeach()
