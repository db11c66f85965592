// The neighbour scan of pass 1: which candidates count (S-SIM-1, S-SIM-9, S-SIM-12), the neighbour cap's order, their
// sums for the three rules, in 64-bit fixed point so the result does not depend on the order neighbours are visited
// in (grid == brute force, bit for bit); scalar, four-wide (simd4.h), and the collecting variant for the neighbour cap
// and species. The rules' steering from the sums is steer_rules.h. Included by school_steer.cpp (the step) and
// inspect.cpp (the teaching view, which must decide exactly as the step does): everything here is inline, so the scan
// inlines into the steering loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/det_math.h"
#include "base/simd4.h"
#include "sim/perception.h"
#include "sim/school.h"
#include "sim/school_step.h"

namespace mirofish {
// Internal linkage on purpose: these are included by the step's own files only, and the inliner treats a
// function with one translation unit's callers better (the page's -Oz link runs the step 1.4x slower otherwise).
namespace {

struct ScanConfig {
  float rMax2, rSep2, rAli2, rCoh2, cosHalfFov, cosHalfFov2;
  bool fovOn;
  bool nearest;  // track the nearest distance (metrics)
  bool sparse;   // few candidates are neighbours (brute force)
  float cross;   // S-ECO-3 crossSpecies: another species' weight in alignment and cohesion (own: 1)
};

inline ScanConfig scanConfigOf(const Perception& look, const Params& p, bool nearest, bool sparse) {
  return ScanConfig{look.rMax * look.rMax,
                    look.rSep2,
                    look.rAli2,
                    look.rCoh2,
                    look.cosHalfFov,
                    look.cosHalfFov * look.cosHalfFov,
                    look.fovOn,
                    nearest,
                    sparse,
                    float(p.crossSpecies)};
}

// Neighbour sums are accumulated in 64-bit fixed point: integer addition is associative, so a fish's
// result is the same whatever order its neighbours are visited in (grid == brute force, bit for bit).
constexpr float kFix = 1048576.0f;  // 2^20: ~1e-6 px resolution
constexpr float kMaxTerm = 1.0e5f;  // per-neighbour clamp keeps every sum far from int64 overflow

inline int64_t fix(float v) {
  if (!(v == v)) return 0;  // 0 * inf from a denormal distance: no undefined conversion
  v = v > kMaxTerm ? kMaxTerm : (v < -kMaxTerm ? -kMaxTerm : v);
  return int64_t(v * kFix);
}
// For terms bounded by construction (velocities, offsets inside the radius): no clamp needed.
inline int64_t fixBounded(float v) { return int64_t(v * kFix); }
inline float unfix(int64_t v) { return float(double(v) * (1.0 / 1048576.0)); }

struct Sums {
  int64_t sepX = 0, sepY = 0, aliX = 0, aliY = 0, cohX = 0, cohY = 0;
  int nSep = 0, nAli = 0, nCoh = 0;
  int nAliOther = 0, nCohOther = 0;  // of nAli and nCoh, neighbours of another species (S-ECO-3)
  float minD2 = -1;
  uint64_t checks = 0;
};

// A candidate counts when it is inside the largest radius, not the fish itself or a coincident fish (d2 == 0,
// S-SIM-9, so no index comparison is needed), and not in the blind spot (S-SIM-12, decided without sqrt).
inline bool isNeighbour(const ScanConfig& c, float dx, float dy, float d2, float hxi, float hyi) {
  if (d2 >= c.rMax2 || d2 == 0.0f) return false;
  if (!c.fovOn) return true;
  float dot = hxi * dx + hyi * dy;
  return c.cosHalfFov <= 0 ? (dot >= 0 || dot * dot <= c.cosHalfFov2 * d2)
                           : (dot > 0 && dot * dot >= c.cosHalfFov2 * d2);
}

// The rules a neighbour counts for, as bits (inspect.h kRuleSep, kRuleAli, kRuleCoh).
constexpr int kCountsSep = 1, kCountsAli = 2, kCountsCoh = 4;

// The three rules' sums for one neighbour at offset (dx, dy) with velocity (vx, vy); returns the rules it counts
// for (kCounts* bits). S-ECO-3: a neighbour of another species (other) adds its alignment and cohesion terms x
// crossSpecies, weighted before the fixed point so the sums stay order-free; separation is the same for every kind.
// other = false is the unweighted rule, bit for bit.
inline int addNeighbour(const ScanConfig& c, float dx, float dy, float d2, float vx, float vy, Sums& s,
                        bool other = false) {
  int rules = 0;
  if (s.minD2 < 0 || d2 < s.minD2) s.minD2 = d2;
  if (d2 < c.rSep2) {
    float inv = 1.0f / d2;  // (p - q) / d^2: steep near-field push (seeds/000 §2.1)
    s.sepX -= fix(dx * inv);
    s.sepY -= fix(dy * inv);
    ++s.nSep;
    rules |= kCountsSep;
  }
  if (d2 < c.rAli2) {
    s.aliX += fixBounded(other ? vx * c.cross : vx);
    s.aliY += fixBounded(other ? vy * c.cross : vy);
    ++s.nAli;
    s.nAliOther += other;
    rules |= kCountsAli;
  }
  if (d2 < c.rCoh2) {
    s.cohX += fixBounded(other ? dx * c.cross : dx);  // relative positions: the centroid offset, no large sums
    s.cohY += fixBounded(other ? dy * c.cross : dy);
    ++s.nCoh;
    s.nCohOther += other;
    rules |= kCountsCoh;
  }
  return rules;
}

// The neighbour cap (S-SIM scaling guard): moves the nearest `cap` of the collected neighbours to the front, ties to
// the lower fish id, so the set does not depend on the order the search visited them in; returns how many count
// (cap 0: all).
inline size_t keepNearest(std::vector<CapCandidate>& found, int cap) {
  auto nearer = [](const CapCandidate& a, const CapCandidate& b) {
    return a.d2 < b.d2 || (a.d2 == b.d2 && a.id < b.id);
  };
  const size_t keep = cap > 0 && found.size() > size_t(cap) ? size_t(cap) : found.size();
  if (keep < found.size()) std::nth_element(found.begin(), found.begin() + long(keep), found.end(), nearer);
  return keep;
}

#if !defined(MIROFISH_WIDE)
// Accumulates one contiguous run of candidates into the fish's sums.
inline void scanSpan(const ScanConfig& c, const float* X, const float* Y, const float* VX, const float* VY, int begin,
                     int end, float xi, float yi, float hxi, float hyi, Sums& s) {
  for (int k = begin; k < end; ++k) {
    float dx = X[k] - xi, dy = Y[k] - yi;
    float d2 = dx * dx + dy * dy;
    if (isNeighbour(c, dx, dy, d2, hxi, hyi)) addNeighbour(c, dx, dy, d2, VX[k], VY[k], s);
  }
}

#endif

#if defined(MIROFISH_WIDE)
// The same scan four candidates at a time. Every lane computes exactly the scalar float expressions (no FMA,
// IEEE division), and each fixed-point term trunc(v * 2^20) is an integer-valued float (|v| < 2^17: separation
// terms are clamped to 1e5, offsets are inside the radius, speeds are capped), widened exactly to double and
// summed in f64 lanes. Sums of integers below 2^53 are exact in double whatever the order; the lanes are moved
// into the int64 sums at least every kFlushIters vectors (at most 256 terms of < 2^37 per lane), so the sums are
// the scalar ones bit for bit.
struct FixLanes {
  v4::D lanes01, lanes23;  // f64 sums of lanes 0,1 and 2,3
};
struct LaneSums {
  FixLanes sepX, sepY, aliX, aliY, cohX, cohY;
  v4::I nSep, nAli, nCoh;
  v4::F minD2;
  int iters;
};
constexpr int kFlushIters = 256;

// Adds trunc(v * 2^20) per lane (v * 2^20 is exact: a power-of-two scale; trunc of a float is a float).
inline void addFix(FixLanes& a, v4::F v) { v4::addWide(a.lanes01, a.lanes23, v4::trunc(v4::mul(v, v4::splat(kFix)))); }
// Adds a term already scaled and truncated (an integer-valued float).
inline void addTrunc(FixLanes& a, v4::F t) { v4::addWide(a.lanes01, a.lanes23, t); }
inline int64_t drain(FixLanes& a) {
  const int64_t sum = v4::sumWide(a.lanes01, a.lanes23);  // integers < 2^53: exact
  a.lanes01 = a.lanes23 = v4::zeroD();
  return sum;
}
inline int hsum32(v4::I v) {
  int lanes[4];
  v4::storeI(lanes, v);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
inline void resetLanes(LaneSums& L) {
  const v4::D zd = v4::zeroD();
  L.sepX = L.sepY = L.aliX = L.aliY = L.cohX = L.cohY = FixLanes{zd, zd};
  L.nSep = L.nAli = L.nCoh = v4::zeroI();
  L.minD2 = v4::splat(3.0e38f);
  L.iters = 0;
}
// Moves the lane sums into the fish's int64 sums (exact integer additions: any grouping gives the same bits).
inline void drainLanes(LaneSums& L, Sums& s, bool nearest) {
  s.sepX += drain(L.sepX);
  s.sepY += drain(L.sepY);
  s.aliX += drain(L.aliX);
  s.aliY += drain(L.aliY);
  s.cohX += drain(L.cohX);
  s.cohY += drain(L.cohY);
  s.nSep += hsum32(L.nSep);
  s.nAli += hsum32(L.nAli);
  s.nCoh += hsum32(L.nCoh);
  L.nSep = L.nAli = L.nCoh = v4::zeroI();
  L.iters = 0;
  if (!nearest) return;  // only the metrics read the nearest distance (L.minD2 stays at its start)
  float lanes[4];
  v4::store(lanes, L.minD2);
  float m = 3.0e38f;
  for (float v : lanes) m = v < m ? v : m;
  if (m < 3.0e38f && (s.minD2 < 0 || m < s.minD2)) s.minD2 = m;
  L.minD2 = v4::splat(3.0e38f);
}

// Reads up to 3 floats past `end`: the candidate arrays carry that padding (the extra lanes are masked off).
// TVX/TVY hold each candidate's alignment term trunc(v * 2^20), computed once per step.
inline void scanSpanWide(const ScanConfig& c, const float* X, const float* Y, const float* TVX, const float* TVY,
                         int begin, int end, float xi, float yi, float hxi, float hyi, LaneSums& L, Sums& s) {
  using namespace v4;
  const F vxi = splat(xi), vyi = splat(yi);
  const F rMax2 = splat(c.rMax2), rSep2 = splat(c.rSep2), rAli2 = splat(c.rAli2), rCoh2 = splat(c.rCoh2);
  const F zero = splat(0.0f), one = splat(1.0f), maxTerm = splat(kMaxTerm), minTerm = splat(-kMaxTerm);
  const F vhx = splat(hxi), vhy = splat(hyi), cos2 = splat(c.cosHalfFov2);
  for (int k = begin; k < end; k += 4) {
    const F dx = sub(load(X + k), vxi);
    const F dy = sub(load(Y + k), vyi);
    const F d2 = add(mul(dx, dx), mul(dy, dy));
    F ok = band(lt(d2, rMax2), ne(d2, zero));
    if (end - k < 4) ok = band(ok, firstLanes(end - k));  // past the run's end: the next cells' fish, masked off
    if (c.fovOn) {                                        // the blind spot, as isNeighbour decides it
      const F dot = add(mul(vhx, dx), mul(vhy, dy));
      const F dd = mul(dot, dot), cd = mul(cos2, d2);
      ok = band(ok, c.cosHalfFov <= 0 ? bor(ge(dot, zero), le(dd, cd)) : band(gt(dot, zero), ge(dd, cd)));
    }
    // Brute force: nearly every candidate is far away, so skipping empty vectors pays; in the grid's 3x3 cells
    // a third or more are neighbours and the branch costs more than it saves (measured).
    if (c.sparse && !any(ok)) continue;
    const F mSep = band(ok, lt(d2, rSep2));
    const F mAli = band(ok, lt(d2, rAli2));
    const F mCoh = band(ok, lt(d2, rCoh2));
    if (c.nearest) L.minD2 = sel(band(ok, lt(d2, L.minD2)), d2, L.minD2);
    if (any(mSep)) {
      const F inv = div(one, d2);
      F tx = mul(dx, inv), ty = mul(dy, inv);
      // fix(): NaN -> 0, then the clamp to +-kMaxTerm
      tx = band(tx, eq(tx, tx));
      ty = band(ty, eq(ty, ty));
      tx = sel(gt(tx, maxTerm), maxTerm, sel(lt(tx, minTerm), minTerm, tx));
      ty = sel(gt(ty, maxTerm), maxTerm, sel(lt(ty, minTerm), minTerm, ty));
      addFix(L.sepX, band(neg(tx), mSep));  // sep -= fix(t) == sep += fix(-t)
      addFix(L.sepY, band(neg(ty), mSep));
      L.nSep = countIn(L.nSep, mSep);
    }
    addTrunc(L.aliX, band(load(TVX + k), mAli));
    addTrunc(L.aliY, band(load(TVY + k), mAli));
    addFix(L.cohX, band(dx, mCoh));
    addFix(L.cohY, band(dy, mCoh));
    L.nAli = countIn(L.nAli, mAli);
    L.nCoh = countIn(L.nCoh, mCoh);
    if (++L.iters == kFlushIters) drainLanes(L, s, c.nearest);
  }
}
#endif

// With a neighbour cap, the run's neighbours are only collected; the nearest `cap` (ties by fish id) count,
// so the result does not depend on the order the search visits them in. With species (S-ECO-3) too: every
// neighbour counts, weighed by its kind (scalar: the unweighted four-wide scan stays as lean as before).
inline void collectSpan(const ScanConfig& c, const float* X, const float* Y, const int* ids, int begin, int end,
                        float xi, float yi, float hxi, float hyi, std::vector<CapCandidate>& out) {
  for (int k = begin; k < end; ++k) {
    float dx = X[k] - xi, dy = Y[k] - yi;
    float d2 = dx * dx + dy * dy;
    if (isNeighbour(c, dx, dy, d2, hxi, hyi)) out.push_back({d2, ids ? ids[k] : k, k});
  }
}

// A cell's fish and their candidates (pass 1 visits cell by cell): the cell's run [first, last) in the counting-sort
// order, and its 3x3 neighbourhood as up to three row spans (cells in a row are contiguous in that order).
struct CellRuns {
  int first = 0, last = 0, spans = 0;
  int begin[3] = {0, 0, 0}, end[3] = {0, 0, 0};
};
inline CellRuns cellRuns(const int* start, int cols, int rows, int cx, int cy) {
  CellRuns r;
  const int cell = cy * cols + cx;
  r.first = start[cell];
  r.last = start[cell + 1];
  if (r.first == r.last) return r;
  const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
  const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
  for (int gy = y0; gy <= y1; ++gy, ++r.spans) {
    r.begin[r.spans] = start[gy * cols + x0];
    r.end[r.spans] = start[gy * cols + x1 + 1];
  }
  return r;
}
// Brute force: one pseudo-cell holding every fish, with one run of all of them as its candidates.
inline CellRuns allRuns(int n) {
  CellRuns r;
  r.last = n;
  r.spans = 1;
  r.end[0] = n;
  return r;
}

// The candidates' copies in cell order (School::bucketFish): position, velocity, the alignment terms of the
// four-wide scan, kinds (S-ECO-3) and fish ids (null: id order).
struct Candidates {
  const float *x, *y, *vx, *vy, *tvx, *tvy, *kind;
  const int* ids;
};

// Fish `oi`'s sums over its cell's candidates (it is one of them, at slot oi): the four-wide (or scalar) scan, or, with
// a neighbour cap or several species (collect), the collected neighbours, the nearest `cap` of them weighed by kind.
// `found` is scratch. (xi, yi) and (hxi, hyi): the fish's position and heading.
[[gnu::always_inline]] inline Sums neighbourSums(const ScanConfig& c, const Candidates& in, const CellRuns& runs,
                                                 int oi, float hxi, float hyi, bool collect, int cap,
                                                 std::vector<CapCandidate>& found) {
  const float xi = in.x[oi], yi = in.y[oi];
  Sums s;
#if defined(MIROFISH_WIDE)
  LaneSums lanes;
  resetLanes(lanes);
#endif
  found.clear();
  int candidates = 0;
  for (int r = 0; r < runs.spans; ++r) {
    candidates += runs.end[r] - runs.begin[r];
    if (collect)
      collectSpan(c, in.x, in.y, in.ids, runs.begin[r], runs.end[r], xi, yi, hxi, hyi, found);
    else
#if defined(MIROFISH_WIDE)
      scanSpanWide(c, in.x, in.y, in.tvx, in.tvy, runs.begin[r], runs.end[r], xi, yi, hxi, hyi, lanes, s);
#else
      scanSpan(c, in.x, in.y, in.vx, in.vy, runs.begin[r], runs.end[r], xi, yi, hxi, hyi, s);
#endif
  }
#if defined(MIROFISH_WIDE)
  if (!collect) drainLanes(lanes, s, c.nearest);
#endif
  if (collect) {  // S-SIM scaling guard: only the nearest `cap` neighbours count (cap 0: all, by kind)
    const size_t keep = keepNearest(found, cap);
    for (size_t q = 0; q < keep; ++q) {
      const CapCandidate& cand = found[q];
      addNeighbour(c, in.x[cand.slot] - xi, in.y[cand.slot] - yi, cand.d2, in.vx[cand.slot], in.vy[cand.slot], s,
                   in.kind[cand.slot] != in.kind[oi]);
    }
  }
  s.checks = uint64_t(candidates - 1);  // every candidate but the fish itself
  return s;
}

}  // namespace
}  // namespace mirofish
