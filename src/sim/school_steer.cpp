// Pass 1 of School::step: the neighbour scan (neighbour_scan.h, inlined here: it is included by this file alone) and
// the three rules' steering of every fish, visited cell by cell.
#include "base/assert.h"
#include "base/det_math.h"
#include "sim/neighbour_scan.h"
#include "sim/pair_scan.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/slot_steer.h"
#include "sim/steer_rules.h"

namespace mirofish {

// Pass 1: neighbour sums and the three rules' steering of every fish (S-SIM-1, S-INT-2), written in the visiting
// order; reads the previous state only (the copies bucketFish made).
[[gnu::noinline]] School::StepTotals School::steerFromNeighbours(float* outX, float* outY, uint8_t* outCue,
                                                                 float* outLone) {
  const Params& p = params_;
  const int n = fish_.count;
  const int cap = int(p.neighbourCap);
  const float fmax = float(p.maxForce);
  const RuleWeights weights = ruleWeightsOf(p);
  const ScanConfig scan = scanConfigOf(d_.look, p, measuring_, bruteForce_);
  // S-ECO-3 several species: the scan collects the neighbours (as under a neighbour cap) and weighs each by its kind,
  // scalar, so the four-wide scan of one species stays lean. With one species every neighbour is of the
  // own kind (scratch_.kind all 0): no weights apply and the rules keep their bits (the golden hashes).
  const bool collect = cap > 0 || p.species > 1;
  Candidates in{scratch_.x.data(),   scratch_.y.data(),   scratch_.vx.data(),   scratch_.vy.data(),
                scratch_.tvx.data(), scratch_.tvy.data(), scratch_.kind.data(), bruteForce_ ? nullptr : grid_.order()};
  // Each fish reads the previous state only and writes its raw steering force. Fish are visited cell by cell
  // in the counting-sort order: a cell's fish share one 3x3 neighbourhood, and every per-fish input and output is a
  // sequential read or write of a copy in that order (gathered and scattered in tight loops in step()).
  const float* HX = scratch_.hx.data();
  const float* HY = scratch_.hy.data();
  const float* PANIC = scratch_.panic.data();
  const float* FORCE = scratch_.force.data();
#if defined(MIROFISH_WIDE)
  // Alignment terms trunc(v * 2^20) of every candidate, once per step instead of once per pair.
  for (int k = 0; k < n; k += 4) {
    v4::store(scratch_.tvx.data() + k, v4::trunc(v4::mul(v4::load(in.vx + k), v4::splat(kFix))));
    v4::store(scratch_.tvy.data() + k, v4::trunc(v4::mul(v4::load(in.vy + k), v4::splat(kFix))));
  }
#endif
  const int cols = grid_.cols(), rows = grid_.rows();
  const int* start = grid_.cellStart();
  const int cellRows = bruteForce_ ? 1 : rows, cellCols = bruteForce_ ? 1 : cols;
  // The default perception tests each pair once (pair_scan.h): the same sums, half the candidates.
  const bool pairs = pairScanApplies(scan, collect, bruteForce_, n);
  const size_t slots = scratch_.pairCounts.size() / kPairCounts;
  double* sums = scratch_.pairSums.data();
  int* counts = scratch_.pairCounts.data();
  const PairSlots slot{sums,   sums + slots,   sums + 2 * slots,  sums + 3 * slots, sums + 4 * slots, sums + 5 * slots,
                       counts, counts + slots, counts + 2 * slots};
  const SteerOut out{outX, outY, outLone, outCue};
  StepTotals t;
  if (pairs) {
    // Every pair once, its terms into both fish's slots; then each fish's steering from its complete slot.
    for (int cy = 0; cy < rows; ++cy)
      for (int cx = 0; cx < cols; ++cx) {
        const CellRuns runs = cellRuns(start, cols, rows, cx, cy);
        if (runs.first == runs.last) continue;
        const AheadRuns ahead = aheadRuns(start, cols, rows, cx, cy, runs);
        int oi = runs.first;
        for (; oi + 1 < runs.last; oi += 2) scanTwoToSlots(scan, in, slot, ahead, oi);
        if (oi < runs.last) scanPairsToSlot(scan, in, slot, ahead, oi);
        t.checks += ahead.checks * uint64_t(runs.last - runs.first);
      }
    const double neighbours = steerFromSlots(weights, slot, SlotSteerIn{HX, HY, PANIC, FORCE, fmax}, out, n);
    if (metricsOn_) t.sumNeighbours = neighbours;  // the state rule's window takes every step's mean
  } else {
    for (int cy = 0; cy < cellRows; ++cy)
      for (int cx = 0; cx < cellCols; ++cx) {
        const CellRuns runs = bruteForce_ ? allRuns(n) : cellRuns(start, cols, rows, cx, cy);
        for (int oi = runs.first; oi < runs.last; ++oi) {
          const float hxi = HX[oi], hyi = HY[oi];
          const Sums s = neighbourSums(scan, in, runs, oi, hxi, hyi, collect, cap, scratch_.found);
          t.checks += s.checks;

          const Steering steer = steerFrom(weights, s, PANIC[oi] > 0, hxi, hyi);
          putSteering(steer, s.nCoh, fmax * FORCE[oi], out, oi);

          if (metricsOn_) t.sumNeighbours += s.nCoh;
          if (measuring_) {
            if (s.nAli) {
              t.sumLocalPol += double(steer.aliDirX * hxi + steer.aliDirY * hyi);
              ++t.localPolCount;
            }
            if (s.minD2 >= 0) {
              if (t.minD2 < 0 || s.minD2 < t.minD2) t.minD2 = s.minD2;
              t.sumNearest += double(detSqrt(s.minD2));
              ++t.nearestCount;
            }
          }
        }
      }
  }
#if defined(MIROFISH_ASSERTS)
  // The steering took every pair slot and left 0, and the slots past a run only got zeros: the next step starts clean.
  for (double v : scratch_.pairSums) MIROFISH_ASSERT(v == 0);
  for (int v : scratch_.pairCounts) MIROFISH_ASSERT(v == 0);
#endif
  return t;
}

}  // namespace mirofish
