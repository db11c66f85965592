// S-ECO-5 the water's ripples: a fixed ring of the last kMaxRipples (centre, start, strength), packed once a frame
// into the water shader's uniforms. No GL and no DOM here: its owner (FrameView, for the page and the CLI alike)
// adds ripples (a click, a pellet, the school's startle events), FishRenderer uploads what pack() wrote.
#pragma once

#include <cstdint>

namespace mirofish {

class School;

constexpr int kMaxRipples = 8;               // shaders/water.frag u_ripples[8]: the most rings a pixel sums
constexpr float kRippleSpeed = 110;          // world px/s: how fast a ring's front spreads
constexpr float kRippleLife = 2.2f;          // s: it has faded out by then (242 px across)
constexpr float kRippleMergePx = 24;         // a ripple this close to a young one ...
constexpr float kRippleMergeSeconds = 0.3f;  // ... (younger than this) joins it: a click and its pellet are one

class RippleRing {
 public:
  // A ripple at world (x, y), finite; strength > 0 (the ripple parameter is applied by pack()). It starts with the
  // next pack(): a click comes between frames.
  void add(float x, float y, float strength);
  // S-ECO-5 the school's direct startles since the last call, each a ripple of the startle's strength.
  void addStartles(const School& school);
  // Writes the live ripples into out (kMaxRipples x 4 floats: x, y, front radius px, amplitude = gain x strength,
  // faded with age) and forgets the expired ones; returns how many it wrote. now: the render clock, s.
  int pack(double now, float gain, float* out);
  void clear();  // no ripples; the next school's startle events are read from its first

 private:
  struct Ripple {
    float x = 0, y = 0, strength = 0;  // strength 0: an empty slot
    double start = -1;                 // render clock, s; < 0: starts at the next pack()
  };
  Ripple ring_[kMaxRipples];
  int next_ = 0;  // the slot the next new ripple takes (the oldest: every ripple lives as long)
  double now_ = 0;
  uint64_t startlesSeen_ = 0;
};

}  // namespace mirofish
