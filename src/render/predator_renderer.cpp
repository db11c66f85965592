// The predator (predator_renderer.h): its position and heading as uniforms, a quad from gl_VertexID.
#include "render/predator_renderer.h"

#include <GLES3/gl3.h>

#include <cmath>

#include "render/gl_program.h"
#include "render/shaders_embedded.h"
#include "sim/school.h"

namespace mirofish {

namespace {
constexpr float kPredatorWorldPx = 80;  // body length at fishSize 1 (a koi is 26 px long)
}  // namespace

bool PredatorRenderer::init(std::string* log) {
  program_ = linkProgram(shaders::kPredatorVert, shaders::kPredatorFrag, log);
  if (!program_) return false;
  uWorld_ = glGetUniformLocation(program_, "u_world");
  uPixels_ = glGetUniformLocation(program_, "u_pixels");
  uPred_ = glGetUniformLocation(program_, "u_pred");
  uLen_ = glGetUniformLocation(program_, "u_len");
  uTime_ = glGetUniformLocation(program_, "u_time");
  uOpacity_ = glGetUniformLocation(program_, "u_opacity");
  glGenVertexArrays(1, &vao_);
  return true;
}

int PredatorRenderer::render(const School& school, const RenderView& view, const WorldToPixels& map) {
  const Predator& pr = school.predator();
  if (!program_ || !pr.present) return 0;
  const float speed = std::sqrt(pr.vx * pr.vx + pr.vy * pr.vy);
  if (speed > 1e-3f) {
    hx_ = pr.vx / speed;
    hy_ = pr.vy / speed;
  }
  const float size = std::isfinite(view.fishSize) && view.fishSize > 0 ? view.fishSize : 1.0f;
  glUseProgram(program_);
  glUniform3f(uWorld_, map.scale, map.offsetX, map.offsetY);
  glUniform2f(uPixels_, float(view.pixelWidth), float(view.pixelHeight));
  glUniform4f(uPred_, pr.x, pr.y, hx_, hy_);
  glUniform1f(uLen_, kPredatorWorldPx * size * map.scale);
  glUniform1f(uTime_, float(view.timeSeconds - 1000.0 * std::floor(view.timeSeconds / 1000.0)));  // no fmod: bytes
  glUniform1f(uOpacity_, std::fmin(std::fmax(view.opacity * 1.4f, 0.0f), 1.0f));  // it stands out a little
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
  return 1;
}

void PredatorRenderer::dropContext() { program_ = vao_ = 0; }

void PredatorRenderer::release() {
  if (program_) glDeleteProgram(program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  dropContext();
}

}  // namespace mirofish
