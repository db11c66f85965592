// The second school behind school.trajectory(): a hash's run from step 0, one frame at a time into JS memory.
#include "web/trajectory_run.h"

#include "link/hash_codec.h"

namespace mirofish {

TrajectoryRun::TrajectoryRun(const std::string& hash)
    : school_(decodeHash(hash).params), frame_(size_t(school_.count()) * kTrajectoryFloatsPerFish) {
  start_ = trajectoryMeta(school_, hash, 0, 1);
}

emscripten::val TrajectoryRun::frame(int steps) {
  if (steps > 0) school_.steps(steps);
  packTrajectoryFrame(school_, frame_.data());
  return emscripten::val(emscripten::typed_memory_view(frame_.size(), frame_.data()));
}

std::string TrajectoryRun::meta(double steps, double every) const {
  TrajectoryMeta m = start_;
  m.steps = uint64_t(steps);
  m.every = uint64_t(every);
  m.frames = trajectoryFrames(m.steps, m.every);
  return trajectoryMetaJson(m);
}

}  // namespace mirofish
