// The water pass (water_renderer.h): one full-canvas triangle, the rings' program only over the box around them.
#include "render/water_renderer.h"

#include <GLES3/gl3.h>

#include <algorithm>

#include "render/core/palette.h"
#include "render/core/render_view.h"
#include "render/core/ripples.h"
#include "render/core/water_tone.h"
#include "render/shaders_embedded.h"

namespace mirofish {

bool WaterRenderer::init(std::string* log) {
  const char* names[kUniforms] = {"u_world",  "u_pixels", "u_time",    "u_top",
                                  "u_bottom", "u_height", "u_ripples", "u_rippleCount"};
  return gl_[0].link(shaders::kWaterVert, shaders::kWaterFrag, names, kUniforms, at_[0], log) &&
         gl_[1].link(shaders::kWaterVert, withDefine(shaders::kWaterFrag, "RIPPLES").c_str(), names, kUniforms, at_[1],
                     log);
}

void WaterRenderer::dropContext() {
  for (GlProgram& p : gl_) p.dropContext();
}

void WaterRenderer::release() {
  for (GlProgram& p : gl_) p.release();
}

int WaterRenderer::draw(const RenderView& view, const WorldToPixels& map, float worldH, float time) {
  const Palette& pal = paletteAt(view.palette);
  const WaterTone tone = view.lightWater ? WaterTone::Light : WaterTone::Deep;
  const int ripples = view.ripples ? std::min(std::max(view.rippleCount, 0), kMaxRipples) : 0;
  // S-ECO-5 the rings cost every pixel their program draws (a software rasterizer skips no branch), so while they
  // cover less than half the canvas, the plain water is drawn whole and the rings' program only over the box around
  // them (their front radius, + 4 px for the refraction); past half, the rings' program alone.
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  for (int k = 0; k < ripples; ++k) {
    const float* r = view.ripples + 4 * k;
    const float cx = r[0] * map.scale + map.offsetX, cy = r[1] * map.scale + map.offsetY;
    const float rad = r[2] * map.scale + 4;
    x0 = std::min(x0, cx - rad), x1 = std::max(x1, cx + rad);
    y0 = std::min(y0, cy - rad), y1 = std::max(y1, cy + rad);
  }
  const int w = view.pixelWidth, h = view.pixelHeight;
  const int left = int(std::clamp(x0, 0.0f, float(w))), right = int(std::clamp(x1 + 1, 0.0f, float(w)));
  const int top = int(std::clamp(y0, 0.0f, float(h))), bottom = int(std::clamp(y1 + 1, 0.0f, float(h)));
  const bool boxed = (right - left) * (bottom - top) < w / 2 * h;
  int draws = 0;
  glDisable(GL_BLEND);
  for (int k = ripples > 0 && !boxed; k <= (ripples > 0); ++k) {
    if (k == 1 && boxed) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(left, h - bottom, right - left, bottom - top);  // GL's origin is the bottom left
    }
    const GLint* at = at_[k];
    glUseProgram(gl_[k].id);
    glBindVertexArray(gl_[k].vao);
    glUniform3f(at[0], map.scale, map.offsetX, map.offsetY);
    glUniform2f(at[1], float(w), float(h));
    glUniform1f(at[2], time);
    glUniform3fv(at[3], 1, waterTop(pal, tone));
    glUniform3fv(at[4], 1, waterBottom(pal, tone));
    glUniform1f(at[5], worldH);
    if (k) {
      glUniform4fv(at[6], ripples, view.ripples);
      glUniform1i(at[7], ripples);
    }
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ++draws;
  }
  glDisable(GL_SCISSOR_TEST);
  return draws;
}

}  // namespace mirofish
