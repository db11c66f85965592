# Joins the shim parts (PARTS, a ;-list) into OUT, each preceded by a one-line marker naming its file.
file(WRITE ${OUT} "")
foreach(part IN LISTS PARTS)
  get_filename_component(name ${part} NAME)
  file(READ ${part} text)
  file(APPEND ${OUT} "// ---- web/shim/${name} ----\n${text}\n")
endforeach()
