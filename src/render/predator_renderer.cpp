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
  const char* names[] = {"u_world", "u_pixels", "u_pred", "u_len", "u_time", "u_opacity"};
  return link(shaders::kPredatorVert, shaders::kPredatorFrag, names, log);
}

void PredatorRenderer::follow(const School& school) {
  const Predator& pr = school.predator();
  if (!pr.present) return;
  const float speed = std::sqrt(pr.vx * pr.vx + pr.vy * pr.vy);
  if (speed > 1e-3f) {
    hx_ = pr.vx / speed;
    hy_ = pr.vy / speed;
  }
}

int PredatorRenderer::draw(const School& school, const RenderView& view, const WorldToPixels& map) {
  const Predator& pr = school.predator();
  if (!gl_.id || !pr.present) return 0;
  follow(school);
  const float size = std::isfinite(view.fishSize) && view.fishSize > 0 ? view.fishSize : 1.0f;
  glUseProgram(gl_.id);
  glUniform3f(at_[0], map.scale, map.offsetX, map.offsetY);
  glUniform2f(at_[1], float(view.pixelWidth), float(view.pixelHeight));
  glUniform4f(at_[2], pr.x, pr.y, hx_, hy_);
  glUniform1f(at_[3], kPredatorWorldPx * size * map.scale);
  glUniform1f(at_[4], float(view.timeSeconds - 1000.0 * std::floor(view.timeSeconds / 1000.0)));  // no fmod: bytes
  glUniform1f(at_[5], std::fmin(std::fmax(view.opacity * 1.4f, 0.0f), 1.0f));  // it stands out a little
  glBindVertexArray(gl_.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
  return 1;
}

}  // namespace mirofish
