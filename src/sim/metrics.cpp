// The school-state rule over a 2 s window (see metrics.h for the rule in words).
#include "sim/metrics.h"

namespace mirofish {

const char* schoolStateName(SchoolState s) {
  switch (s) {
    case SchoolState::Cohesive: return "cohesive";
    case SchoolState::Dispersed: return "dispersed";
    case SchoolState::Oscillating: return "oscillating";
  }
  return "dispersed";
}

SchoolState MetricsHistory::push(float avgNeighbours, float uniform) {
  values_[head_] = avgNeighbours;
  head_ = (head_ + 1) % kWindow;
  if (count_ < kWindow) ++count_;
  float lo = values_[0], hi = values_[0], sum = 0;
  for (int i = 0; i < count_; ++i) {
    float v = values_[i];
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
    sum += v;
  }
  float mean = sum / float(count_);
  if (count_ == kWindow && mean >= 1.0f && hi - lo > 0.6f * mean) return SchoolState::Oscillating;
  return mean >= 2.0f && mean >= 2.0f * uniform ? SchoolState::Cohesive : SchoolState::Dispersed;
}

}  // namespace mirofish
