// Compiling and linking a GLSL program, with the driver's log as the reason when it fails.
#pragma once

#include <GLES3/gl3.h>

#include <string>

namespace mirofish {

// 0 on failure, with *log set to the stage and the driver's message.
GLuint linkProgram(const char* vertex, const char* fragment, std::string* log);

}  // namespace mirofish
