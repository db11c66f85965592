// school.trajectory() (S-DEV-6): a school of its own, built from a hash at step 0 and stepped apart from the pond on
// screen, so recording a trajectory never disturbs the visible school.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "sim/school.h"
#include "sim/trajectory.h"

namespace mirofish {

class TrajectoryRun {
 public:
  explicit TrajectoryRun(const std::string& hash);
  // Steps `steps` on (0 for the start frame), then the state as a Float32Array view of wasm memory, x, y, vx, vy per
  // fish (trajectory.h): copy it out before the next call. One call a frame keeps the binding small.
  emscripten::val frame(int steps);
  // The side-car JSON `mirofish run --hash HASH --steps STEPS --every EVERY --trajectory FILE` writes.
  std::string meta(double steps, double every) const;

 private:
  School school_;
  TrajectoryMeta start_;
  std::vector<float> frame_;
};

}  // namespace mirofish
