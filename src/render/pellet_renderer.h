// Food pellets (S-INT-4): at most kMaxPellets quads in one draw, only while a pellet is live.
#pragma once

#include <string>

#include "render/fish_renderer.h"

namespace mirofish {

class School;

class PelletRenderer {
 public:
  bool init(std::string* log);  // creates the program on the current context
  // One draw call (returned: 1) when the school has live pellets, else nothing at all (0).
  int render(const School& school, const RenderView& view, const WorldToPixels& map);
  void dropContext();
  void release();

 private:
  unsigned program_ = 0, vao_ = 0;
  int uWorld_ = -1, uPixels_ = -1, uPellets_ = -1, uOpacity_ = -1;
};

}  // namespace mirofish
