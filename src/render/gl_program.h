// Compiling and linking a GLSL ES 3.00 program on the current context: shared by the koi and the overlay renderers.
#pragma once

#include <string>

namespace mirofish {

// The linked program's name, or 0 with the compiler's or linker's message in *log.
unsigned linkProgram(const char* vertexSource, const char* fragmentSource, std::string* log);

}  // namespace mirofish
