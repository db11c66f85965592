// The predator (S-ECO-2): its own look, one quad in one draw call while it is in the water.
#pragma once

#include <string>

#include "render/core/render_view.h"
#include "render/core/view_transform.h"
#include "render/gl_program.h"

namespace mirofish {

class School;

class PredatorRenderer : public ProgramRenderer<6> {
 public:
  bool init(std::string* log);  // creates the program on the current context
  // One draw call (returned: 1) while the school has a predator, else nothing at all (0).
  int draw(const School& school, const RenderView& view, const WorldToPixels& map);
  // Keeps the heading as a frame drawn now would (render calls it): a frame not drawn still turns the predator.
  void follow(const School& school);

 private:
  float hx_ = 1, hy_ = 0;  // the last heading drawn: a stopped predator keeps it
};

}  // namespace mirofish
