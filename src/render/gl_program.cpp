// Compiling and linking a GLSL program (gl_program.h).
#include "render/gl_program.h"

namespace mirofish {

static GLuint compileShader(GLenum type, const char* source, std::string* log) {
  GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return shader;
  char text[1024] = {};
  glGetShaderInfoLog(shader, sizeof(text), nullptr, text);
  *log = std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader: " + text;
  glDeleteShader(shader);
  return 0;
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
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok == GL_TRUE) return program;
  char text[1024] = {};
  glGetProgramInfoLog(program, sizeof(text), nullptr, text);
  *log = std::string("link: ") + text;
  glDeleteProgram(program);
  return 0;
}

bool LayerProgram::link(const char* vertex, const char* fragment, const char* const* names, int count, GLint* at,
                        std::string* log) {
  id = linkProgram(vertex, fragment, log);
  if (!id) return false;
  for (int k = 0; k < count; ++k) at[k] = glGetUniformLocation(id, names[k]);
  glGenVertexArrays(1, &vao);
  return true;
}

void LayerProgram::release() {
  if (id) glDeleteProgram(id);
  if (vao) glDeleteVertexArrays(1, &vao);
  dropContext();
}

}  // namespace mirofish
