// S-ECO-5 the water's ripple ring: adding, merging, ageing and packing for the water shader.
#include "render/core/ripples.h"

#include "sim/school.h"

namespace mirofish {

void RippleRing::add(float x, float y, float strength) {
  if (!(strength > 0)) return;
  for (Ripple& r : ring_) {
    const float dx = r.x - x, dy = r.y - y;
    const bool young = r.start < 0 || now_ - r.start < kRippleMergeSeconds;
    if (r.strength > 0 && young && dx * dx + dy * dy < kRippleMergePx * kRippleMergePx) {
      if (strength > r.strength) r.strength = strength;
      return;
    }
  }
  ring_[next_] = {x, y, strength, -1};
  next_ = (next_ + 1) % kMaxRipples;
}

void RippleRing::addStartles(const School& school) {
  const uint64_t n = school.startleEventCount();
  if (startlesSeen_ > n) startlesSeen_ = 0;  // another school
  // The ring holds the last kStartleEvents; older unread ones are gone, and so are those older than a ripple's life
  // (read after a pause, or when the water was off): a ripple shows what happens now.
  const uint64_t first = n - startlesSeen_ > uint64_t(kStartleEvents) ? n - kStartleEvents : startlesSeen_;
  const uint64_t oldest = uint64_t(kRippleLife / kStepSeconds);
  for (uint64_t k = first; k < n; ++k) {
    const StartleEvent& e = school.startleEvents()[k % kStartleEvents];
    if (school.stepCount() - e.step <= oldest) add(e.x, e.y, e.strength);
  }
  startlesSeen_ = n;
}

int RippleRing::pack(double now, float gain, float* out) {
  now_ = now;
  int n = 0;
  for (Ripple& r : ring_) {
    if (!(r.strength > 0)) continue;
    if (r.start < 0) r.start = now;
    const float age = float(now - r.start);
    if (age >= kRippleLife) {
      r.strength = 0;
      continue;
    }
    const float fade = 1.0f - age / kRippleLife;
    out[n * 4 + 0] = r.x;
    out[n * 4 + 1] = r.y;
    out[n * 4 + 2] = kRippleSpeed * age;
    out[n * 4 + 3] = gain * r.strength * fade * fade;
    ++n;
  }
  return n;
}

void RippleRing::clear() {
  for (Ripple& r : ring_) r = Ripple();
  next_ = 0;
  startlesSeen_ = 0;
}

}  // namespace mirofish
