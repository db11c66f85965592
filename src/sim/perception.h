// What a fish perceives (S-SIM-1, S-SIM-12): the rules' radii squared, the largest radius (the grid's cell) and the
// blind spot's cosine, derived from the parameters in float. One derivation for the step (School::derive) and for
// inspection (inspect.cpp), so the two cannot drift.
#pragma once

#include "base/det_math.h"
#include "sim/params.h"

namespace mirofish {

struct Perception {
  float rSep2, rAli2, rCoh2;  // px^2
  float rMax;                 // px: the largest of the three radii
  float cosHalfFov;           // blind spot when dot(heading, d) < cosHalfFov * |d|
  bool fovOn;                 // fov < 360
};

inline Perception perceptionOf(const Params& p) {
  Perception c;
  const float rs = float(p.sepRadius), ra = float(p.aliRadius), rc = float(p.cohRadius);
  c.rSep2 = rs * rs;
  c.rAli2 = ra * ra;
  c.rCoh2 = rc * rc;
  c.rMax = rs > ra ? (rs > rc ? rs : rc) : (ra > rc ? ra : rc);
  c.fovOn = p.fov < 360.0;
  c.cosHalfFov = detCos(float(p.fov) * 0.5f * (kPi / 180.0f));
  return c;
}

}  // namespace mirofish
