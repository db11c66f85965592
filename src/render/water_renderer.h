// The water under the koi (view.water): a soft gradient with slow caustics, and the rings of the live ripples
// (S-ECO-5) where a click, a pellet or a startle touched it. It fills the drawing buffer, so with water the canvas is
// opaque behind the page (water_tone.h picks the tone the page's text reads on).
#pragma once

#include <string>

#include "render/core/view_transform.h"
#include "render/gl_program.h"

namespace mirofish {

struct RenderView;

class WaterRenderer {
 public:
  // Creates both programs on the current context; false, with *log set, if one fails.
  bool init(std::string* log);
  // Fills the drawing buffer, blending off; returns the draw calls made (1 or 2).
  int draw(const RenderView& view, const WorldToPixels& map, float worldH, float time);
  // Forget GL objects without deleting them (after a context loss).
  void dropContext();
  // Deletes GL objects on the current context.
  void release();

 private:
  // Its uniforms: u_world, u_pixels, u_time, u_top, u_bottom, u_height, u_ripples, u_rippleCount.
  static constexpr int kUniforms = 8;
  // Twice: plain, and with the rings for the frames that have some. One program with a branch would not do: a
  // software rasterizer runs a branch's body for every pixel, taken or not (+38% a frame).
  GlProgram gl_[2];
  GLint at_[2][kUniforms] = {};
};

}  // namespace mirofish
