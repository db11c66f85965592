// The teaching view's overlay: the vertices in one RGBA32UI texture, one program, one glDrawArrays.
#include "render/overlay_renderer.h"

#include <GLES3/gl3.h>

#include "render/fish_renderer.h"
#include "render/gl_program.h"
#include "render/shaders_embedded.h"

namespace mirofish {

namespace {
constexpr int kOverlayRow = 1024;  // vertices per texture row (overlay.vert kRow)
constexpr int kOverlayUnit = 3;    // texture unit: the koi use 0..2
}  // namespace

float* OverlayRenderer::vertices(int count) {
  const size_t rows = size_t(count > 0 ? (count + kOverlayRow - 1) / kOverlayRow : 1);
  if (vertices_.size() < rows * kOverlayRow * kOverlayVertexWords)
    vertices_.resize(rows * kOverlayRow * kOverlayVertexWords);
  return vertices_.data();
}

bool OverlayRenderer::draw(int count, float worldW, float worldH, int pixelWidth, int pixelHeight) {
  const int room = int(vertices_.size()) / kOverlayVertexWords;
  if (count > room) count = room;
  count -= count % 3;  // whole triangles only
  if (count <= 0) return true;
  if (!program_) {
    program_ = linkProgram(shaders::kOverlayVert, shaders::kOverlayFrag, &error_);
    if (!program_) return false;
    uWorld_ = glGetUniformLocation(program_, "u_world");
    uPixels_ = glGetUniformLocation(program_, "u_pixels");
    glUseProgram(program_);
    glUniform1i(glGetUniformLocation(program_, "u_vertices"), kOverlayUnit);
    glGenVertexArrays(1, &vao_);  // no attributes, but WebGL2 wants one bound
  }
  const int rows = (count + kOverlayRow - 1) / kOverlayRow;
  glActiveTexture(GL_TEXTURE0 + kOverlayUnit);
  if (rows > rows_) {  // immutable storage: a bigger overlay gets a new texture, in doubled rows
    if (texture_) glDeleteTextures(1, &texture_);
    rows_ = rows_ ? rows_ : 1;
    while (rows_ < rows) rows_ *= 2;
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, kOverlayRow, rows_);
  }
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kOverlayRow, rows, GL_RGBA_INTEGER, GL_UNSIGNED_INT, vertices_.data());
  glActiveTexture(GL_TEXTURE0);

  const WorldToPixels map = worldToPixels(worldW, worldH, pixelWidth, pixelHeight);
  glViewport(0, 0, pixelWidth, pixelHeight);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // premultiplied, as the koi
  glUseProgram(program_);
  glUniform3f(uWorld_, map.scale, map.offsetX, map.offsetY);
  glUniform2f(uPixels_, float(pixelWidth), float(pixelHeight));
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, count);
  glBindVertexArray(0);
  return true;
}

void OverlayRenderer::dropContext() {
  program_ = vao_ = texture_ = 0;
  rows_ = 0;
}

void OverlayRenderer::release() {
  if (program_) glDeleteProgram(program_);
  glDeleteVertexArrays(1, &vao_);  // zero names are ignored
  glDeleteTextures(1, &texture_);
  dropContext();
}

}  // namespace mirofish
