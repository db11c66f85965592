// The predator (S-ECO-2): its own look, one quad in one draw call while it is in the water.
#pragma once

#include <string>

#include "render/fish_renderer.h"

namespace mirofish {

class School;

class PredatorRenderer {
 public:
  bool init(std::string* log);  // creates the program on the current context
  // One draw call (returned: 1) while the school has a predator, else nothing at all (0).
  int render(const School& school, const RenderView& view, const WorldToPixels& map);
  void dropContext();
  void release();

 private:
  unsigned program_ = 0, vao_ = 0;
  int uWorld_ = -1, uPixels_ = -1, uPred_ = -1, uLen_ = -1, uTime_ = -1, uOpacity_ = -1;
  float hx_ = 1, hy_ = 0;  // the last heading drawn: a stopped predator keeps it
};

}  // namespace mirofish
