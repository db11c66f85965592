// Compiling and linking a GLSL program, with the driver's log as the reason when it fails.
#pragma once

#include <GLES3/gl3.h>

#include <string>

namespace mirofish {

// 0 on failure, with *log set to the stage and the driver's message.
GLuint linkProgram(const char* vertex, const char* fragment, std::string* log);

// `source` with `name` defined right after its #version line: one file, two programs (KOI_LITE the cheap koi,
// RIPPLES the water with rings).
std::string withDefine(const char* source, const char* name);

// A GL program with its uniforms looked up once by name, and a vertex array of its own (a gl_VertexID quad needs an
// empty one; a renderer with a buffer sets it up): what the water, pellet, predator and formation renderers share.
struct GlProgram {
  GLuint id = 0, vao = 0;
  // false (with *log set) when the program does not link; at[k] is names[k]'s location (-1 where unused).
  bool link(const char* vertex, const char* fragment, const char* const* names, int count, GLint* at, std::string* log);
  void dropContext() { id = vao = 0; }  // the context is gone, and these names with it
  void release();                       // deletes both, then as dropContext
};

// The base of the renderers that are one program (pellets, predator, formation): it, its N uniforms (at_[k] is the
// location of the k-th name given to link), and what a lost or closed context does to them.
template <int N>
class ProgramRenderer {
 public:
  void dropContext() { gl_.dropContext(); }
  void release() { gl_.release(); }

 protected:
  bool link(const char* vertex, const char* fragment, const char* const (&names)[N], std::string* log) {
    return gl_.link(vertex, fragment, names, N, at_, log);
  }
  GlProgram gl_;
  GLint at_[N] = {};
};

}  // namespace mirofish
