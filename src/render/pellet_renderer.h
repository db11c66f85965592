// Food pellets (S-INT-4): at most kMaxPellets quads in one draw, only while a pellet is live.
#pragma once

#include <string>

#include "render/core/render_view.h"
#include "render/core/view_transform.h"
#include "render/gl_program.h"

namespace mirofish {

class School;

class PelletRenderer : public ProgramRenderer<4> {
 public:
  bool init(std::string* log);  // creates the program on the current context
  // One draw call (returned: 1) when the school has live pellets, else nothing at all (0).
  int draw(const School& school, const RenderView& view, const WorldToPixels& map);
};

}  // namespace mirofish
