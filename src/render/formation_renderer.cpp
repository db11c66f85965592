// The formation's plate and cells (formation_renderer.h) as one triangle list from a reused vertex array.
#include "render/formation_renderer.h"

#include <GLES3/gl3.h>

#include "render/core/palette.h"
#include "render/core/plate_fade.h"
#include "render/gl_program.h"
#include "render/shaders_embedded.h"
#include "sim/school.h"

namespace mirofish {

namespace {
// A QR code is drawn dark on light at full strength whatever the fish opacity: a phone must read it on any page.
constexpr float kPlate[4] = {0.957f, 0.945f, 0.918f, 1.0f};
constexpr float kInk[4] = {0.078f, 0.125f, 0.165f, 1.0f};
constexpr float kCellFill = 0.96f;

void quad(float* v, float x0, float y0, float x1, float y1, float tone) {
  const float corners[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
  for (int k = 0; k < 6; ++k) {
    v[3 * k] = corners[k][0];
    v[3 * k + 1] = corners[k][1];
    v[3 * k + 2] = tone;
  }
}
}  // namespace

bool FormationRenderer::init(std::string* log) {
  const char* names[] = {"u_world", "u_pixels", "u_plate", "u_ink"};
  if (!link(shaders::kCellsVert, shaders::kCellsFrag, names, log)) return false;
  glGenBuffers(1, &buffer_);
  glBindVertexArray(gl_.vao);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  const GLint pos = glGetAttribLocation(gl_.id, "a_pos");
  glEnableVertexAttribArray(GLuint(pos));
  glVertexAttribPointer(GLuint(pos), 3, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);
  return true;
}

int FormationRenderer::drawPlate(const School& school, const RenderView& view, const WorldToPixels& map) {
  const FormationState& form = school.formation();
  const float a = plateOpacity(form, school.stepCount());
  if (!gl_.id || !(a > 0) || !form.isStatic()) return 0;
  if (vertices_.size() < 18) vertices_.resize(18);
  quad(vertices_.data(), float(form.originX), float(form.originY), float(form.originX + form.cols * form.cell),
       float(form.originY + form.rows * form.cell), 0);
  const float plate[4] = {kPlate[0] * a, kPlate[1] * a, kPlate[2] * a, a};  // premultiplied
  return drawQuads(view, map, plate, kInk, 1);
}

int FormationRenderer::draw(const School& school, const RenderView& view, const WorldToPixels& map) {
  const FormationState& form = school.formation();
  if (!gl_.id || !form.active() || !form.isStatic() || form.cell <= 0) return 0;
  const int n = school.count();
  const size_t need = size_t(n) * 18;
  if (vertices_.size() < need) vertices_.resize(need * 2);
  float* v = vertices_.data();
  int quads = 0;
  const float cell = float(form.cell);
  for (int i = 0; i < n; ++i) {
    if (!form.drawnAsCell(i)) continue;
    const size_t j = size_t(form.targetOf[size_t(i)]);
    const float half = 0.5f * (form.solid[j] ? cell : kCellFill * cell);
    quad(v + 18 * quads++, form.tx[j] - half, form.ty[j] - half, form.tx[j] + half, form.ty[j] + half, 1);
  }
  if (quads == 0) return 0;
  if (form.plate()) return drawQuads(view, map, kPlate, kInk, quads);
  // Text and logos in the palette's patch colour (the skin colour is near white: unreadable on a light page), as
  // see-through as the fish but never fainter than 0.8, so a name reads.
  const Palette& pal = paletteAt(view.palette);
  const float a = view.opacity > 0.8f ? (view.opacity < 1 ? view.opacity : 1.0f) : 0.8f;
  const float ink[4] = {pal.patch[0] * a, pal.patch[1] * a, pal.patch[2] * a, a};
  return drawQuads(view, map, kPlate, ink, quads);
}

// The first `quads` quads of vertices_ in one draw: tone 0 in `plate`, tone 1 in `ink` (premultiplied).
int FormationRenderer::drawQuads(const RenderView& view, const WorldToPixels& map, const float* plate, const float* ink,
                                 int quads) {
  glUseProgram(gl_.id);
  glUniform3f(at_[0], map.scale, map.offsetX, map.offsetY);
  glUniform2f(at_[1], float(view.pixelWidth), float(view.pixelHeight));
  glUniform4fv(at_[2], 1, plate);
  glUniform4fv(at_[3], 1, ink);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // premultiplied alpha
  glBindVertexArray(gl_.vao);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(sizeof(float) * 18 * size_t(quads)), vertices_.data(), GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, 6 * quads);
  glBindVertexArray(0);
  return 1;
}

void FormationRenderer::dropContext() {
  gl_.dropContext();
  buffer_ = 0;
}

void FormationRenderer::release() {
  if (buffer_) glDeleteBuffers(1, &buffer_);
  gl_.release();
  buffer_ = 0;
}

}  // namespace mirofish
