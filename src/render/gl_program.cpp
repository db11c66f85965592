// Compiling and linking a GLSL program (gl_program.h).
#include "render/gl_program.h"

namespace mirofish {

// `object` when its status (`getiv`'s `status`) is GL_TRUE; else 0, with *log set to `what` and the driver's info log,
// and the object deleted. Shaders and programs answer through the same three calls.
template <class GetIv, class GetLog, class Delete>
static GLuint checked(GLuint object, GLenum status, GetIv getiv, GetLog getLog, Delete drop, const char* what,
                      std::string* log) {
  GLint ok = GL_FALSE;
  getiv(object, status, &ok);
  if (ok == GL_TRUE) return object;
  char text[1024] = {};
  getLog(object, sizeof(text), nullptr, text);
  *log = std::string(what) + text;
  drop(object);
  return 0;
}

static GLuint compileShader(GLenum type, const char* source, std::string* log) {
  GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  return checked(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, glDeleteShader,
                 type == GL_VERTEX_SHADER ? "vertex shader: " : "fragment shader: ", log);
}

std::string withDefine(const char* source, const char* name) {
  std::string text(source);
  size_t eol = text.find('\n');
  return text.substr(0, eol + 1) + "#define " + name + " 1\n" + text.substr(eol + 1);
}

GLuint linkProgram(const char* vertex, const char* fragment, std::string* log) {
  GLuint vs = compileShader(GL_VERTEX_SHADER, vertex, log);
  if (!vs) return 0;
  GLuint fs = compileShader(GL_FRAGMENT_SHADER, fragment, log);
  if (!fs) {
    glDeleteShader(vs);
    return 0;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);  // flagged; freed with the program
  glDeleteShader(fs);
  return checked(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, glDeleteProgram, "link: ", log);
}

bool GlProgram::link(const char* vertex, const char* fragment, const char* const* names, int count, GLint* at,
                     std::string* log) {
  id = linkProgram(vertex, fragment, log);
  if (!id) return false;
  for (int k = 0; k < count; ++k) at[k] = glGetUniformLocation(id, names[k]);
  glGenVertexArrays(1, &vao);
  return true;
}

void GlProgram::release() {
  if (id) glDeleteProgram(id);
  if (vao) glDeleteVertexArrays(1, &vao);
  dropContext();
}

}  // namespace mirofish
