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
// fix(-dx * (1 / d2)) and cohesion term fix(-dx) are exactly the negations of i's; j's alignment term is i's velocity
// term. A fish's sums are then integer sums of the same terms as the nine-cell scan's, in another order: the
// same int64 values (and the same counts, so the same checks: counted per cell as the nine-cell scan counts them).
//
// j's terms wait in per-slot accumulators (PairSlots, cell order) as doubles: every term is an integer of
// magnitude < 2^37 (separation clamped to 1e5 x 2^20 < 2^37, offsets and speed terms far smaller), a slot
// collects at most n - 1 terms, and with n <= 2^16 every partial sum is an integer of magnitude < 2^16 x 2^37 =
// 2^53: each double addition is exact and the final conversion to int64 gives the integer sum. N is bounded
// rather than the slots flushed (a flush would cost a test per candidate); above it the nine-cell scan runs.
//
// A visited fish's own terms join its slot too, which is then complete (nothing later adds to it), so the rules'
// steering runs after the scan, over the slots in order (steerFromSlots): four fish at a time where wide, the same
// float operations lane by lane as steerFrom's, instead of one fish's scalar steering after each scan.
#pragma once

#include <cstdint>

#include "base/simd4.h"
#include "sim/neighbour_scan.h"
#include "sim/steer_rules.h"

namespace mirofish {
namespace {

constexpr int kPairMaxFish = 65536;  // 2^16: the slots' bound above

// A slot's six sums and three counts: from the fish visited before it, then its own (kScanPad past the fish: a
// run's last vector adds zeros there). Every slot is 0 between steps: the steering takes the sums and leaves 0
// (steerFromSlots), and the slots past a run's end only ever receive zeros.
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

#if defined(MIROFISH_WIDE)
// The visited fish's own sums while it scans: a double pair a sum (four terms are widened and their halves added,
// lanes 0 + 2 and 1 + 3: integers below 2^38, exact) and int32 counts. No flush is needed: a fish scans at most
// n - 1 <= 2^16 candidates ahead, at most 2^14 + 2 vectors, so a lane stays below 2^15 x 2^38 = 2^53 (exact) and
// a count below 2^15. Locals of scanPairsToSlot: nothing takes their address, so they stay in registers.
struct PairLanes {
  v4::D sepX, sepY, aliX, aliY, cohX, cohY;
  v4::I nSep, nAli, nCoh;
};
// The fish's own lanes into its slot, which then holds its complete sums: every partial sum of its at most n - 1
// terms is an integer of magnitude below 2^53, so each double addition is exact.
[[gnu::always_inline]] inline void ownToSlot(const PairLanes& L, const PairSlots& a, int k) {
  a.sepX[k] += v4::sumD(L.sepX);
  a.sepY[k] += v4::sumD(L.sepY);
  a.aliX[k] += v4::sumD(L.aliX);
  a.aliY[k] += v4::sumD(L.aliY);
  a.cohX[k] += v4::sumD(L.cohX);
  a.cohY[k] += v4::sumD(L.cohY);
  a.nSep[k] += hsum32(L.nSep);
  a.nAli[k] += hsum32(L.nAli);
  a.nCoh[k] += hsum32(L.nCoh);
}
// Four integer-valued terms t: each added to (kAdd) or taken from its candidate's slot; returns their sum as a
// double pair for the visited fish.
template <bool kAdd>
inline v4::D toSlots(double* slot, v4::F t) {
  v4::D lo, hi;
  v4::widen(t, lo, hi);
  v4::storeD(slot, kAdd ? v4::addD(v4::loadD(slot), lo) : v4::subD(v4::loadD(slot), lo));
  v4::storeD(slot + 2, kAdd ? v4::addD(v4::loadD(slot + 2), hi) : v4::subD(v4::loadD(slot + 2), hi));
  return v4::addD(lo, hi);
}
inline v4::D widenSum(v4::F t) {
  v4::D lo, hi;
  v4::widen(t, lo, hi);
  return v4::addD(lo, hi);
}
inline void countToSlots(int* slot, v4::F mask) { v4::storeI(slot, v4::countIn(v4::loadI(slot), mask)); }

// Slot oi's pairs ahead (scanSpanWide's masks and terms, without the blind spot and the nearest distance; each term
// also given, negated, or the visited fish's alignment term, to the candidate's slot), its own terms added to its
// slot. Those behind are there already (every cell behind it was visited before it, and so was every fish before it
// in its own cell), and no later fish adds to it (its runs ahead start after it): the slot is complete.
[[gnu::always_inline]] inline void scanPairsToSlot(const ScanConfig& c, const Candidates& in, const PairSlots& slots,
                                                   const AheadRuns& r, int oi) {
  using namespace v4;
  const float *X = in.x, *Y = in.y, *TVX = in.tvx, *TVY = in.tvy;
  // The slots' pointers as locals: a store through one could otherwise alias the struct they are read from.
  double *const sSepX = slots.sepX, *const sSepY = slots.sepY, *const sAliX = slots.aliX, *const sAliY = slots.aliY;
  double *const sCohX = slots.cohX, *const sCohY = slots.cohY;
  int *const sNSep = slots.nSep, *const sNAli = slots.nAli, *const sNCoh = slots.nCoh;
  const F vxi = splat(X[oi]), vyi = splat(Y[oi]), tvx = splat(TVX[oi]), tvy = splat(TVY[oi]);
  const F rMax2 = splat(c.rMax2), rSep2 = splat(c.rSep2), rAli2 = splat(c.rAli2), rCoh2 = splat(c.rCoh2);
  const F zero = splat(0.0f), one = splat(1.0f), maxTerm = splat(kMaxTerm), minTerm = splat(-kMaxTerm);
  const F scale = splat(kFix);
  PairLanes L;
  L.sepX = L.sepY = L.aliX = L.aliY = L.cohX = L.cohY = zeroD();
  L.nSep = L.nAli = L.nCoh = zeroI();
  for (int run = 0; run < 2; ++run) {
    const int end = run ? r.belowEnd : r.rowEnd;
    for (int k = run ? r.belowBegin : oi + 1; k < end; k += 4) {
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
        // fix(): NaN -> 0, then the clamp to +-kMaxTerm (min and max clamp as the selects do: no NaN is left)
        tx = v4::min(v4::max(band(tx, eq(tx, tx)), minTerm), maxTerm);
        ty = v4::min(v4::max(band(ty, eq(ty, ty)), minTerm), maxTerm);
        // The visited fish's sep -= fix(t), the candidate's sep += fix(t) (its own -= fix(-t)).
        L.sepX = subD(L.sepX, toSlots<true>(sSepX + k, v4::trunc(mul(band(tx, mSep), scale))));
        L.sepY = subD(L.sepY, toSlots<true>(sSepY + k, v4::trunc(mul(band(ty, mSep), scale))));
        L.nSep = countIn(L.nSep, mSep);
        countToSlots(sNSep + k, mSep);
      }
      L.aliX = addD(L.aliX, widenSum(band(load(TVX + k), mAli)));
      L.aliY = addD(L.aliY, widenSum(band(load(TVY + k), mAli)));
      toSlots<true>(sAliX + k, band(tvx, mAli));
      toSlots<true>(sAliY + k, band(tvy, mAli));
      // |dx| < rCoh <= 400 px: the terms are below 2^29, so truncSmall is trunc.
      L.cohX = addD(L.cohX, toSlots<false>(sCohX + k, truncSmall(mul(band(dx, mCoh), scale))));
      L.cohY = addD(L.cohY, toSlots<false>(sCohY + k, truncSmall(mul(band(dy, mCoh), scale))));
      L.nAli = countIn(L.nAli, mAli);
      L.nCoh = countIn(L.nCoh, mCoh);
      countToSlots(sNAli + k, mAli);
      countToSlots(sNCoh + k, mCoh);
    }
  }
  ownToSlot(L, slots, oi);
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

// Slot oi's pairs ahead, scanned now, its own terms added to its slot: the slot is complete (as in the wide scan).
[[gnu::always_inline]] inline void scanPairsToSlot(const ScanConfig& c, const Candidates& in, const PairSlots& a,
                                                   const AheadRuns& r, int oi) {
  const float xi = in.x[oi], yi = in.y[oi];
  Sums s;
  scanPairs(c, in.x, in.y, in.vx, in.vy, oi + 1, r.rowEnd, xi, yi, in.vx[oi], in.vy[oi], a, s);
  scanPairs(c, in.x, in.y, in.vx, in.vy, r.belowBegin, r.belowEnd, xi, yi, in.vx[oi], in.vy[oi], a, s);
  a.sepX[oi] += double(s.sepX);  // integers below 2^53 (the bound above): exact
  a.sepY[oi] += double(s.sepY);
  a.aliX[oi] += double(s.aliX);
  a.aliY[oi] += double(s.aliY);
  a.cohX[oi] += double(s.cohX);
  a.cohY[oi] += double(s.cohY);
  a.nSep[oi] += s.nSep;
  a.nAli[oi] += s.nAli;
  a.nCoh[oi] += s.nCoh;
}
#endif

// Pass 1's second half on the pair path: every slot is complete once the scan is done, so the steering reads them
// in slot order, four fish at a time where wide, and leaves them 0. Inputs and outputs (SteerOut) are the
// cell-order copies.
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
