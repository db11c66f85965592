// Pass 1's half-shell scan (issue 19): each unordered pair of fish is tested once and its terms go to both fish
// (Newton's third law). A fish scans the rest of its own cell and the four cells ahead of it in the visiting order
// (right; below-left, below, below-right) instead of all nine; its pairs with the four cells behind were tested
// when those were visited. Only for the default perception: no blind spot (the pair test must be symmetric), no
// neighbour cap and one species (every neighbour counts, unweighted), no nearest distance (a metrics step), the
// grid (not brute force), and at most kPairMaxFish fish (the bound below). Everything else scans nine cells
// (neighbourSums). Included by school_steer.cpp alone, after neighbour_scan.h.
//
// Why each fish's sums are the nine-cell scan's bit for bit. For a pair (i, j), i visited first, dx = X[j] - X[i];
// j's offset X[i] - X[j] is exactly -dx (IEEE subtraction is antisymmetric), so d2 and every radius test are the
// same for both. fix() clamps symmetrically and truncates toward zero (an odd function), so j's separation term
// fix(-dx / d2) and cohesion term fix(-dx) are exactly the negations of i's; j's alignment term is i's velocity
// term. A fish's sums are then integer sums of the same terms as the nine-cell scan's, in another order: the
// same int64 values (and the same counts, so the same checks: counted per cell as the nine-cell scan counts them).
//
// j's terms wait in per-slot accumulators (PairSlots, cell order) as doubles: every term is an integer of
// magnitude < 2^37 (separation clamped to 1e5 x 2^20 < 2^37, offsets and speed terms far smaller), a slot
// collects at most n - 1 terms, and with n <= 2^16 every partial sum is an integer of magnitude < 2^16 x 2^37 =
// 2^53: each double addition is exact and the final conversion to int64 gives the integer sum. N is bounded
// rather than the slots flushed (a flush would cost a test per candidate); above it the nine-cell scan runs.
#pragma once

#include <cstdint>

#include "base/simd4.h"
#include "sim/neighbour_scan.h"

namespace mirofish {
namespace {

constexpr int kPairMaxFish = 65536;  // 2^16: the slots' bound above

// A slot's six sums and three counts from the fish visited before it (kScanPad past the fish: a run's last
// vector adds zeros there). Every slot is 0 between steps: its fish takes the sums and leaves 0 (takeSlot), and
// the slots past a run's end only ever receive zeros.
struct PairSlots {
  double *sepX, *sepY, *aliX, *aliY, *cohX, *cohY;
  int *nSep, *nAli, *nCoh;
};

inline bool pairScanApplies(const ScanConfig& c, bool collect, bool brute, int n) {
  return !c.fovOn && !collect && !brute && !c.nearest && n <= kPairMaxFish;
}

// A cell's runs ahead (cells in a row are contiguous in the counting-sort order): its own fish after the one
// visited plus the cell to its right, [visited + 1, rowEnd); the row below, x - 1 .. x + 1, [belowBegin, belowEnd).
// checks: what the nine-cell scan counts a fish (its 3x3 candidates but itself), so distance_checks keeps its value.
struct AheadRuns {
  int rowEnd = 0, belowBegin = 0, belowEnd = 0;
  uint64_t checks = 0;
};
inline AheadRuns aheadRuns(const int* start, int cols, int rows, int cx, int cy, const CellRuns& nine) {
  AheadRuns r;
  const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
  r.rowEnd = start[cy * cols + x1 + 1];
  if (cy + 1 < rows) {
    r.belowBegin = start[(cy + 1) * cols + x0];
    r.belowEnd = start[(cy + 1) * cols + x1 + 1];
  }
  int candidates = 0;
  for (int q = 0; q < nine.spans; ++q) candidates += nine.end[q] - nine.begin[q];
  r.checks = uint64_t(candidates - 1);
  return r;
}

// The terms the fish before slot k left there, added to the slot's fish's own, and the slot left 0.
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

#if defined(MIROFISH_WIDE)
// Adds the visited fish's terms t to its lanes and -t to the four candidates' slots.
inline void addPair(FixLanes& lanes, double* slot, v4::F t) {
  v4::D lo, hi;
  v4::widen(t, lo, hi);
  lanes.lanes01 = v4::addD(lanes.lanes01, lo);
  lanes.lanes23 = v4::addD(lanes.lanes23, hi);
  v4::storeD(slot, v4::subD(v4::loadD(slot), lo));
  v4::storeD(slot + 2, v4::subD(v4::loadD(slot + 2), hi));
}
inline void addToSlots(double* slot, v4::F t) {
  v4::D lo, hi;
  v4::widen(t, lo, hi);
  v4::storeD(slot, v4::addD(v4::loadD(slot), lo));
  v4::storeD(slot + 2, v4::addD(v4::loadD(slot + 2), hi));
}
inline void countToSlots(int* slot, v4::F mask) { v4::storeI(slot, v4::countIn(v4::loadI(slot), mask)); }

// scanSpanWide's vector for the pairs: the same masks and terms (no blind spot, no nearest distance), each term
// also given, negated or as the visited fish's alignment term (tvxi, tvyi), to the candidates' slots.
inline void scanPairsWide(const ScanConfig& c, const float* X, const float* Y, const float* TVX, const float* TVY,
                          int begin, int end, float xi, float yi, float tvxi, float tvyi, const PairSlots& a,
                          LaneSums& L, Sums& s) {
  using namespace v4;
  const F vxi = splat(xi), vyi = splat(yi), tvx = splat(tvxi), tvy = splat(tvyi);
  const F rMax2 = splat(c.rMax2), rSep2 = splat(c.rSep2), rAli2 = splat(c.rAli2), rCoh2 = splat(c.rCoh2);
  const F zero = splat(0.0f), one = splat(1.0f), maxTerm = splat(kMaxTerm), minTerm = splat(-kMaxTerm);
  const F scale = splat(kFix);
  for (int k = begin; k < end; k += 4) {
    const F dx = sub(load(X + k), vxi);
    const F dy = sub(load(Y + k), vyi);
    const F d2 = add(mul(dx, dx), mul(dy, dy));
    F ok = band(lt(d2, rMax2), ne(d2, zero));
    if (end - k < 4) ok = band(ok, firstLanes(end - k));  // past the run's end: masked off (their slots get 0)
    const F mSep = band(ok, lt(d2, rSep2));
    const F mAli = band(ok, lt(d2, rAli2));
    const F mCoh = band(ok, lt(d2, rCoh2));
    if (any(mSep)) {
      const F inv = div(one, d2);
      F tx = mul(dx, inv), ty = mul(dy, inv);
      tx = band(tx, eq(tx, tx));  // fix(): NaN -> 0, then the clamp to +-kMaxTerm
      ty = band(ty, eq(ty, ty));
      tx = sel(gt(tx, maxTerm), maxTerm, sel(lt(tx, minTerm), minTerm, tx));
      ty = sel(gt(ty, maxTerm), maxTerm, sel(lt(ty, minTerm), minTerm, ty));
      addPair(L.sepX, a.sepX + k, v4::trunc(mul(band(neg(tx), mSep), scale)));  // sep -= fix(t) == sep += fix(-t)
      addPair(L.sepY, a.sepY + k, v4::trunc(mul(band(neg(ty), mSep), scale)));
      L.nSep = countIn(L.nSep, mSep);
      countToSlots(a.nSep + k, mSep);
    }
    addTrunc(L.aliX, band(load(TVX + k), mAli));
    addTrunc(L.aliY, band(load(TVY + k), mAli));
    addToSlots(a.aliX + k, band(tvx, mAli));
    addToSlots(a.aliY + k, band(tvy, mAli));
    addPair(L.cohX, a.cohX + k, v4::trunc(mul(band(dx, mCoh), scale)));
    addPair(L.cohY, a.cohY + k, v4::trunc(mul(band(dy, mCoh), scale)));
    L.nAli = countIn(L.nAli, mAli);
    L.nCoh = countIn(L.nCoh, mCoh);
    countToSlots(a.nAli + k, mAli);
    countToSlots(a.nCoh + k, mCoh);
    if (++L.iters == kFlushIters) drainLanes(L, s, false);
  }
}
#else
// scanSpan for the pairs: addNeighbour's terms for the visited fish, their negations (or its own velocity term)
// for the candidate's slot.
inline void scanPairs(const ScanConfig& c, const float* X, const float* Y, const float* VX, const float* VY, int begin,
                      int end, float xi, float yi, float vxi, float vyi, const PairSlots& a, Sums& s) {
  const double tvxi = double(fixBounded(vxi)), tvyi = double(fixBounded(vyi));
  for (int k = begin; k < end; ++k) {
    const float dx = X[k] - xi, dy = Y[k] - yi;
    const float d2 = dx * dx + dy * dy;
    if (!isNeighbour(c, dx, dy, d2, 0, 0)) continue;  // no blind spot: the heading is not read
    if (d2 < c.rSep2) {
      const float inv = 1.0f / d2;
      const int64_t tx = fix(dx * inv), ty = fix(dy * inv);
      s.sepX -= tx;
      s.sepY -= ty;
      a.sepX[k] += double(tx);  // the candidate's -= fix(-dx * inv)
      a.sepY[k] += double(ty);
      ++s.nSep;
      ++a.nSep[k];
    }
    if (d2 < c.rAli2) {
      s.aliX += fixBounded(VX[k]);
      s.aliY += fixBounded(VY[k]);
      a.aliX[k] += tvxi;
      a.aliY[k] += tvyi;
      ++s.nAli;
      ++a.nAli[k];
    }
    if (d2 < c.rCoh2) {
      const int64_t tx = fixBounded(dx), ty = fixBounded(dy);
      s.cohX += tx;
      s.cohY += ty;
      a.cohX[k] -= double(tx);
      a.cohY[k] -= double(ty);
      ++s.nCoh;
      ++a.nCoh[k];
    }
  }
}
#endif

// Slot oi's complete sums: its pairs ahead, scanned now, and those behind, waiting in its slot (every cell behind
// it was visited before it, and so was every fish before it in its own cell).
[[gnu::always_inline]] inline Sums pairSums(const ScanConfig& c, const Candidates& in, const PairSlots& a,
                                            const AheadRuns& r, int oi) {
  const float xi = in.x[oi], yi = in.y[oi];
  Sums s;
#if defined(MIROFISH_WIDE)
  LaneSums lanes;
  resetLanes(lanes);
  scanPairsWide(c, in.x, in.y, in.tvx, in.tvy, oi + 1, r.rowEnd, xi, yi, in.tvx[oi], in.tvy[oi], a, lanes, s);
  scanPairsWide(c, in.x, in.y, in.tvx, in.tvy, r.belowBegin, r.belowEnd, xi, yi, in.tvx[oi], in.tvy[oi], a, lanes, s);
  drainLanes(lanes, s, false);
#else
  scanPairs(c, in.x, in.y, in.vx, in.vy, oi + 1, r.rowEnd, xi, yi, in.vx[oi], in.vy[oi], a, s);
  scanPairs(c, in.x, in.y, in.vx, in.vy, r.belowBegin, r.belowEnd, xi, yi, in.vx[oi], in.vy[oi], a, s);
#endif
  takeSlot(a, oi, s);
  s.checks = r.checks;
  return s;
}

}  // namespace
}  // namespace mirofish
