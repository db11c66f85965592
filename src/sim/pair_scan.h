// Pass 1's half-shell scan: each unordered pair of fish is tested once and its terms go to both fish
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
// steering runs after the scan, over the slots in order (slot_steer.h).
//
// Where wide, the fish of a cell are visited two at a time (scanTwoToSlots): they share the row below and all of
// their own row but one candidate, so each four of candidates is loaded once and each slot read and written once
// for both, their two terms widened and added first (integers below 2^38: exact, and sums of integers keep their
// value in any order). V8's code for the formed school: -11 % instructions a fish-step (docs/performance.md).
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
// a count below 2^15. Locals of the scans: nothing takes their address.
struct PairLanes {
  v4::D sepX, sepY, aliX, aliY, cohX, cohY;
  v4::I nSep, nAli, nCoh;
};
inline PairLanes zeroLanes() {
  const v4::D z = v4::zeroD();
  const v4::I zi = v4::zeroI();
  return {z, z, z, z, z, z, zi, zi, zi};
}
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

// One visited fish's view of a four of candidates: the offsets, the masks (tail: lanes past the run's end masked
// off, their slots get 0) and the cohesion terms (zero where masked).
struct FourTerms {
  v4::F dx, dy, d2, mSep, mAli, mCoh, cohX, cohY;
};
[[gnu::always_inline]] inline FourTerms fourTerms(const ScanConfig& c, v4::F xk, v4::F yk, v4::F xi, v4::F yi,
                                                  v4::F tail) {
  using namespace v4;
  FourTerms t;
  t.dx = sub(xk, xi);
  t.dy = sub(yk, yi);
  t.d2 = add(mul(t.dx, t.dx), mul(t.dy, t.dy));
  // No test against rMax2: each radius is at most rMax, so d2 < rSep2 (or rAli2, rCoh2) implies d2 < rMax2.
  const F ok = band(ne(t.d2, splat(0.0f)), tail);
  t.mSep = band(ok, lt(t.d2, splat(c.rSep2)));
  t.mAli = band(ok, lt(t.d2, splat(c.rAli2)));
  t.mCoh = band(ok, lt(t.d2, splat(c.rCoh2)));
  // |dx| < rCoh <= 400 px: the terms are below 2^29, so truncSmall is trunc.
  t.cohX = truncSmall(mul(band(t.dx, t.mCoh), splat(kFix)));
  t.cohY = truncSmall(mul(band(t.dy, t.mCoh), splat(kFix)));
  return t;
}
// The separation terms fix(d / d2) of a four (zero where not separating).
[[gnu::always_inline]] inline void sepTerms(const FourTerms& t, v4::F& tx, v4::F& ty) {
  using namespace v4;
  const F inv = div(splat(1.0f), t.d2);
  F x = mul(t.dx, inv), y = mul(t.dy, inv);
  // fix(): NaN -> 0, then the clamp to +-kMaxTerm (min and max clamp as the selects do: no NaN is left)
  x = v4::min(v4::max(band(x, eq(x, x)), splat(-kMaxTerm)), splat(kMaxTerm));
  y = v4::min(v4::max(band(y, eq(y, y)), splat(-kMaxTerm)), splat(kMaxTerm));
  tx = v4::trunc(mul(band(x, t.mSep), splat(kFix)));
  ty = v4::trunc(mul(band(y, t.mSep), splat(kFix)));
}
// Both fish's four terms added to (kAdd) or taken from the candidates' slots, each term widened first and the two
// added as doubles (integers below 2^38: exact); sumA and sumB: each fish's own sum of its four.
template <bool kAdd>
[[gnu::always_inline]] inline void twoToSlots(double* slot, v4::F ta, v4::F tb, v4::D& sumA, v4::D& sumB) {
  using namespace v4;
  D alo, ahi, blo, bhi;
  widen(ta, alo, ahi);
  widen(tb, blo, bhi);
  const D lo = addD(alo, blo), hi = addD(ahi, bhi);
  storeD(slot, kAdd ? addD(loadD(slot), lo) : subD(loadD(slot), lo));
  storeD(slot + 2, kAdd ? addD(loadD(slot + 2), hi) : subD(loadD(slot + 2), hi));
  sumA = addD(alo, ahi);
  sumB = addD(blo, bhi);
}
inline void countTwo(int* slot, v4::F ma, v4::F mb) {
  v4::storeI(slot, v4::countIn(v4::countIn(v4::loadI(slot), ma), mb));
}

// Slot oi's pairs ahead (scanSpanWide's masks and terms, without the blind spot and the nearest distance; each term
// also given, negated, or the visited fish's alignment term, to the candidate's slot), its own terms added to its
// slot. Those behind are there already (every cell behind it was visited before it, and so was every fish before it
// in its own cell), and no later fish adds to it (its runs ahead start after it): the slot is complete. The last fish
// of a cell with an odd count; the others go two at a time (scanTwoToSlots).
[[gnu::always_inline]] inline void scanPairsToSlot(const ScanConfig& c, const Candidates& in, const PairSlots& slots,
                                                   const AheadRuns& r, int oi) {
  using namespace v4;
  const float *X = in.x, *Y = in.y, *TVX = in.tvx, *TVY = in.tvy;
  const PairSlots s = slots;  // a local copy: a store through a slot cannot alias the pointers read from it
  const F xi = splat(X[oi]), yi = splat(Y[oi]), tvx = splat(TVX[oi]), tvy = splat(TVY[oi]), all = bnot(splat(0.0f));
  PairLanes L = zeroLanes();
  for (int run = 0; run < 2; ++run) {
    const int end = run ? r.belowEnd : r.rowEnd;
    for (int k = run ? r.belowBegin : oi + 1; k < end; k += 4) {
      const FourTerms t = fourTerms(c, load(X + k), load(Y + k), xi, yi, end - k < 4 ? firstLanes(end - k) : all);
      if (any(t.mSep)) {
        F tx, ty;
        sepTerms(t, tx, ty);
        // The visited fish's sep -= fix(t), the candidate's sep += fix(t) (its own -= fix(-t)).
        L.sepX = subD(L.sepX, toSlots<true>(s.sepX + k, tx));
        L.sepY = subD(L.sepY, toSlots<true>(s.sepY + k, ty));
        L.nSep = countIn(L.nSep, t.mSep);
        countToSlots(s.nSep + k, t.mSep);
      }
      L.aliX = addD(L.aliX, widenSum(band(load(TVX + k), t.mAli)));
      L.aliY = addD(L.aliY, widenSum(band(load(TVY + k), t.mAli)));
      toSlots<true>(s.aliX + k, band(tvx, t.mAli));
      toSlots<true>(s.aliY + k, band(tvy, t.mAli));
      L.cohX = addD(L.cohX, toSlots<false>(s.cohX + k, t.cohX));
      L.cohY = addD(L.cohY, toSlots<false>(s.cohY + k, t.cohY));
      L.nAli = countIn(L.nAli, t.mAli);
      L.nCoh = countIn(L.nCoh, t.mCoh);
      countToSlots(s.nAli + k, t.mAli);
      countToSlots(s.nCoh + k, t.mCoh);
    }
  }
  ownToSlot(L, slots, oi);
}

// Fish oi and oi + 1 of one cell together over the runs they share: oi + 1's own row starts a fish later, but its
// first candidate there is itself (d2 = 0, masked like every coincident pair), so both scan [oi + 1, rowEnd) and the
// row below. Each four of candidates is loaded once and each slot read and written once for both.
[[gnu::always_inline]] inline void scanTwoToSlots(const ScanConfig& c, const Candidates& in, const PairSlots& slots,
                                                  const AheadRuns& r, int oi) {
  using namespace v4;
  const float *X = in.x, *Y = in.y, *TVX = in.tvx, *TVY = in.tvy;
  const PairSlots s = slots;  // a local copy, as in scanPairsToSlot
  const F xa = splat(X[oi]), ya = splat(Y[oi]), xb = splat(X[oi + 1]), yb = splat(Y[oi + 1]);
  const F tvxa = splat(TVX[oi]), tvya = splat(TVY[oi]), tvxb = splat(TVX[oi + 1]), tvyb = splat(TVY[oi + 1]);
  const F all = bnot(splat(0.0f));
  PairLanes A = zeroLanes(), B = zeroLanes();
  for (int run = 0; run < 2; ++run) {
    const int end = run ? r.belowEnd : r.rowEnd;
    for (int k = run ? r.belowBegin : oi + 1; k < end; k += 4) {
      const F xk = load(X + k), yk = load(Y + k);
      const F tail = end - k < 4 ? firstLanes(end - k) : all;
      const FourTerms a = fourTerms(c, xk, yk, xa, ya, tail), b = fourTerms(c, xk, yk, xb, yb, tail);
      if (any(bor(a.mSep, b.mSep))) {
        F txa, tya, txb, tyb;
        sepTerms(a, txa, tya);
        sepTerms(b, txb, tyb);
        D sa, sb;
        twoToSlots<true>(s.sepX + k, txa, txb, sa, sb);
        A.sepX = subD(A.sepX, sa);
        B.sepX = subD(B.sepX, sb);
        twoToSlots<true>(s.sepY + k, tya, tyb, sa, sb);
        A.sepY = subD(A.sepY, sa);
        B.sepY = subD(B.sepY, sb);
        A.nSep = countIn(A.nSep, a.mSep);
        B.nSep = countIn(B.nSep, b.mSep);
        countTwo(s.nSep + k, a.mSep, b.mSep);
      }
      const F tvxk = load(TVX + k), tvyk = load(TVY + k);
      A.aliX = addD(A.aliX, widenSum(band(tvxk, a.mAli)));
      A.aliY = addD(A.aliY, widenSum(band(tvyk, a.mAli)));
      B.aliX = addD(B.aliX, widenSum(band(tvxk, b.mAli)));
      B.aliY = addD(B.aliY, widenSum(band(tvyk, b.mAli)));
      D sa, sb;
      twoToSlots<true>(s.aliX + k, band(tvxa, a.mAli), band(tvxb, b.mAli), sa, sb);
      twoToSlots<true>(s.aliY + k, band(tvya, a.mAli), band(tvyb, b.mAli), sa, sb);
      twoToSlots<false>(s.cohX + k, a.cohX, b.cohX, sa, sb);
      A.cohX = addD(A.cohX, sa);
      B.cohX = addD(B.cohX, sb);
      twoToSlots<false>(s.cohY + k, a.cohY, b.cohY, sa, sb);
      A.cohY = addD(A.cohY, sa);
      B.cohY = addD(B.cohY, sb);
      A.nAli = countIn(A.nAli, a.mAli);
      A.nCoh = countIn(A.nCoh, a.mCoh);
      B.nAli = countIn(B.nAli, b.mAli);
      B.nCoh = countIn(B.nCoh, b.mCoh);
      countTwo(s.nAli + k, a.mAli, b.mAli);
      countTwo(s.nCoh + k, a.mCoh, b.mCoh);
    }
  }
  ownToSlot(A, slots, oi);
  ownToSlot(B, slots, oi + 1);
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
// The scalar build has no shared loads to save: the two fish one after the other.
[[gnu::always_inline]] inline void scanTwoToSlots(const ScanConfig& c, const Candidates& in, const PairSlots& a,
                                                  const AheadRuns& r, int oi) {
  scanPairsToSlot(c, in, a, r, oi);
  scanPairsToSlot(c, in, a, r, oi + 1);
}
#endif

}  // namespace
}  // namespace mirofish
