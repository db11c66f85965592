// Food pellets (pellet_renderer.h): the school's pellet slots as uniforms, quads from gl_VertexID.
#include "render/pellet_renderer.h"

#include <GLES3/gl3.h>

#include <cmath>

#include "render/gl_program.h"
#include "render/shaders_embedded.h"
#include "sim/school.h"

namespace mirofish {

namespace {
constexpr float kPelletWorldPx = 3.2f;  // grain radius at fishSize 1 (a koi is 26 px long)
constexpr float kPelletMinPx = 1.6f;    // device px: never smaller than this, so a pellet always shows
}  // namespace

bool PelletRenderer::init(std::string* log) {
  const char* names[] = {"u_world", "u_pixels", "u_pellets", "u_opacity"};
  return link(shaders::kPelletVert, shaders::kPelletFrag, names, log);
}

int PelletRenderer::draw(const School& school, const RenderView& view, const WorldToPixels& map) {
  float data[kMaxPellets * 4];
  int live = 0;
  const float size = std::isfinite(view.fishSize) && view.fishSize > 0 ? view.fishSize : 1.0f;
  const float radius = std::fmax(kPelletWorldPx * size * map.scale, kPelletMinPx * view.dpr);
  for (int k = 0; k < kMaxPellets; ++k) {
    const Pellet& pe = school.pellets()[k];
    if (!(pe.timeLeft > 0) || !(pe.life > 0)) continue;
    float* d = data + 4 * live++;
    d[0] = pe.x;
    d[1] = pe.y;
    d[2] = pe.timeLeft / pe.life;
    d[3] = radius;
  }
  if (!gl_.id || live == 0) return 0;
  glUseProgram(gl_.id);
  glUniform3f(at_[0], map.scale, map.offsetX, map.offsetY);
  glUniform2f(at_[1], float(view.pixelWidth), float(view.pixelHeight));
  glUniform4fv(at_[2], live, data);
  glUniform1f(at_[3], std::fmin(std::fmax(view.opacity, 0.0f), 1.0f));
  glBindVertexArray(gl_.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6 * live);
  glBindVertexArray(0);
  return 1;
}

}  // namespace mirofish
