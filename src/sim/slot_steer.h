// Pass 1's second half on the half-shell path: once the scan (pair_scan.h) is done every slot holds its
// fish's complete sums, so the rules' steering runs over the slots in order, four fish at a time where wide, with the
// same float operations lane by lane as steerFrom's, and leaves every slot 0 for the next step. Included by
// school_steer.cpp alone, after pair_scan.h.
#pragma once

#include "base/simd4.h"
#include "sim/neighbour_scan.h"
#include "sim/pair_scan.h"
#include "sim/steer_rules.h"

namespace mirofish {
namespace {

// Inputs and outputs (SteerOut) are the cell-order copies.
struct SlotSteerIn {
  const float *hx, *hy, *panic, *force;
  float fmax;
};
#if !defined(MIROFISH_WIDE)
// Slot k's complete sums (exact integer doubles) added to s, and the slot left 0 for the next step.
inline void takeSlot(const PairSlots& a, int k, Sums& s) {
  s.sepX += int64_t(a.sepX[k]);  // integer-valued doubles below 2^53: exact
  s.sepY += int64_t(a.sepY[k]);
  s.aliX += int64_t(a.aliX[k]);
  s.aliY += int64_t(a.aliY[k]);
  s.cohX += int64_t(a.cohX[k]);
  s.cohY += int64_t(a.cohY[k]);
  s.nSep += a.nSep[k];
  s.nAli += a.nAli[k];
  s.nCoh += a.nCoh[k];
  a.sepX[k] = a.sepY[k] = a.aliX[k] = a.aliY[k] = a.cohX[k] = a.cohY[k] = 0;
  a.nSep[k] = a.nAli[k] = a.nCoh[k] = 0;
}

// Slot k's steering, scalar: steerFrom's, and its force limit. Returns its cohesion count.
inline int steerSlot(const RuleWeights& w, const PairSlots& a, const SlotSteerIn& in, const SteerOut& out, int k) {
  Sums s;
  takeSlot(a, k, s);
  putSteering(steerFrom(w, s, in.panic[k] > 0, in.hx[k], in.hy[k]), s.nCoh, in.fmax * in.force[k], out, k);
  return s.nCoh;
}
#else
// unfix() of four slot sums: float(double(v) * 2^-20) per lane (the doubles are the int64 values exactly).
inline v4::F unfix4(const double* p) {
  const v4::D scale = v4::splatD(1.0 / 1048576.0);
  return v4::narrow(v4::mulD(v4::loadD(p), scale), v4::mulD(v4::loadD(p + 2), scale));
}
inline void clearSlots4(const PairSlots& a, int k) {
  const v4::D zd = v4::zeroD();
  for (double* p : {a.sepX, a.sepY, a.aliX, a.aliY, a.cohX, a.cohY}) {
    v4::storeD(p + k, zd);
    v4::storeD(p + k + 2, zd);
  }
  for (int* p : {a.nSep, a.nAli, a.nCoh}) v4::storeI(p + k, v4::zeroI());
}
// Slots k .. k + 3: steerFrom() for one species (no other kind's weights) lane by lane, the same float operations in
// the same order. A rule without neighbours adds +0 where steerFrom adds nothing: the sum is never -0 (it starts at
// +0, and x + -0 = x, +0 + -0 = +0), so adding +0 leaves it as it is. Returns the four cohesion counts' sum.
[[gnu::always_inline]] inline int steerSlots4(const RuleWeights& w, const PairSlots& a, const SlotSteerIn& in,
                                              const SteerOut& out, int k) {
  using namespace v4;
  const I nSep = loadI(a.nSep + k), nAli = loadI(a.nAli + k), nCoh = loadI(a.nCoh + k), none = zeroI();
  const F hx = load(in.hx + k), hy = load(in.hy + k), zero = splat(0.0f);
  F ax = zero, ay = zero;
  F vx = unfix4(a.sepX + k), vy = unfix4(a.sepY + k);
  v4::normalizeOrZero(vx, vy);
  F m = gtI(nSep, none);
  ax = add(ax, band(mul(vx, splat(w.sep)), m));
  ay = add(ay, band(mul(vy, splat(w.sep)), m));
  vx = unfix4(a.aliX + k), vy = unfix4(a.aliY + k);
  v4::normalizeOrZero(vx, vy);
  m = gtI(nAli, none);
  ax = add(ax, band(mul(vx, splat(w.ali)), m));
  ay = add(ay, band(mul(vy, splat(w.ali)), m));
  // Cohesion: the lee test reads the centroid sum before it is normalized.
  vx = unfix4(a.cohX + k), vy = unfix4(a.cohY + k);
  const F lee = band(gtI(nCoh, splatI(kLeeNeighbours - 1)),
                     gt(add(mul(vx, hx), mul(vy, hy)), mul(splat(w.leeAhead), toFloat(nCoh))));
  const int alone = laneBits(bnot(gtI(nCoh, splatI(1)))), leeBits = laneBits(lee);
  v4::normalizeOrZero(vx, vy);
  const F wc = sel(gt(load(in.panic + k), zero), splat(w.coh * w.panicCoh), splat(w.coh));
  m = gtI(nCoh, none);
  ax = add(ax, band(mul(vx, wc), m));
  ay = add(ay, band(mul(vy, wc), m));
  const F fi = mul(splat(in.fmax), load(in.force + k));
  store(out.x + k, mul(ax, fi));
  store(out.y + k, mul(ay, fi));
  const F lone = sub(splat(1.0f), mul(toFloat(nCoh), splat(1.0f / kLoneNeighbours)));
  store(out.lone + k, band(lone, gtI(splatI(kLoneNeighbours), nCoh)));
  for (int j = 0; j < 4; ++j)
    out.cue[k + j] = (alone >> j & 1) ? kCueAlone : ((leeBits >> j & 1) ? kCueLee : uint8_t(0));
  clearSlots4(a, k);
  return hsum32(nCoh);
}
#endif

// Every slot's steering (slots 0 .. n - 1, complete), the slots left 0; returns the cohesion counts' sum. The wide
// steering runs to n rounded up to 4: the slots past n are 0 (their counts too, so they add nothing), and every
// input and output copy has kScanPad of padding.
inline double steerFromSlots(const RuleWeights& w, const PairSlots& a, const SlotSteerIn& in, const SteerOut& out,
                             int n) {
  double neighbours = 0;
#if defined(MIROFISH_WIDE)
  for (int k = 0; k < n; k += 4) neighbours += steerSlots4(w, a, in, out, k);
#else
  for (int k = 0; k < n; ++k) neighbours += steerSlot(w, a, in, out, k);
#endif
  return neighbours;
}

}  // namespace
}  // namespace mirofish
