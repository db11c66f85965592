// Pass 1 of School::step: the neighbour scan (neighbour_scan.h, inlined here: it is included by this file alone) and
// the three rules' steering of every fish, visited cell by cell.
#include "base/det_math.h"
#include "sim/neighbour_scan.h"
#include "sim/school.h"
#include "sim/school_step.h"

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
  const float* X = sortedX_.data();
  const float* Y = sortedY_.data();
  const float* VX = sortedVX_.data();
  const float* VY = sortedVY_.data();
  const ScanConfig scan = scanConfigOf(d_.look, p, metricsOn_, bruteForce_);
  // S-ECO-3 several species: the scan collects the neighbours (as under a neighbour cap) and weighs each by its kind,
  // scalar, so the four-wide scan of one species stays as lean as it was. With one species every neighbour is of the
  // own kind (sortedKind_ all 0): no weights apply and the rules keep their bits (the golden hashes).
  const bool collect = cap > 0 || p.species > 1;
  const float* K = sortedKind_.data();
  const int* sortedIds = bruteForce_ ? nullptr : grid_.order();
  uint64_t checks = 0;
  float minD2 = -1;
  double sumNeighbours = 0, sumLocalPol = 0, sumNearest = 0;
  int localPolCount = 0, nearestCount = 0;
  // Each fish reads the previous state only and writes its raw steering force. Fish are visited cell by cell
  // in the counting-sort order: a cell's fish share one 3x3 neighbourhood (three row spans: cells in a row are
  // contiguous in that order), and every per-fish input and output is a sequential read or write of a copy in
  // that order (gathered and scattered in tight loops in step()).
  const float* HX = sortedHX_.data();
  const float* HY = sortedHY_.data();
  const float* PANIC = sortedPanic_.data();
  const float* FORCE = sortedForce_.data();
#if defined(MIROFISH_WIDE)
  // Alignment terms trunc(v * 2^20) of every candidate, once per step instead of once per pair.
  float* tvx = sortedTVX_.data();
  float* tvy = sortedTVY_.data();
  for (int k = 0; k < n; k += 4) {
    v4::store(tvx + k, v4::trunc(v4::mul(v4::load(VX + k), v4::splat(kFix))));
    v4::store(tvy + k, v4::trunc(v4::mul(v4::load(VY + k), v4::splat(kFix))));
  }
  const float* TVX = tvx;
  const float* TVY = tvy;
#endif
  const int cols = grid_.cols(), rows = grid_.rows();
  const int* start = grid_.cellStart();
  // Brute force is one pseudo-cell holding every fish, with one run of all of them as its candidates.
  const int cellRows = bruteForce_ ? 1 : rows, cellCols = bruteForce_ ? 1 : cols;
  for (int cy = 0; cy < cellRows; ++cy)
    for (int cx = 0; cx < cellCols; ++cx) {
      // Candidate runs: everything for brute force; the 3x3 cells as three row spans for the grid.
      int spanBegin[3] = {0, 0, 0}, spanEnd[3] = {n, 0, 0}, spans = 1;
      int first = 0, last = n;
      if (!bruteForce_) {
        const int cell = cy * cols + cx;
        first = start[cell];
        last = start[cell + 1];
        if (first == last) continue;
        const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
        const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
        spans = 0;
        for (int gy = y0; gy <= y1; ++gy, ++spans) {
          spanBegin[spans] = start[gy * cols + x0];
          spanEnd[spans] = start[gy * cols + x1 + 1];
        }
      }
      for (int oi = first; oi < last; ++oi) {
        const float xi = X[oi], yi = Y[oi], hxi = HX[oi], hyi = HY[oi];
        Sums s;
#if defined(MIROFISH_WIDE)
        LaneSums lanes;
        resetLanes(lanes);
#endif
        capBuffer_.clear();
        int candidates = 0;
        for (int r = 0; r < spans; ++r) {
          candidates += spanEnd[r] - spanBegin[r];
          if (collect)
            collectSpan(scan, X, Y, sortedIds, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, capBuffer_);
          else
#if defined(MIROFISH_WIDE)
            scanSpanWide(scan, X, Y, TVX, TVY, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, lanes, s);
#else
            scanSpan(scan, X, Y, VX, VY, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, s);
#endif
        }
#if defined(MIROFISH_WIDE)
        if (!collect) drainLanes(lanes, s);
#endif
        if (collect) {  // S-SIM scaling guard: only the nearest `cap` neighbours count (cap 0: all, by kind)
          const size_t keep = keepNearest(capBuffer_, cap);
          for (size_t q = 0; q < keep; ++q) {
            const CapCandidate& cand = capBuffer_[q];
            addNeighbour(scan, X[cand.slot] - xi, Y[cand.slot] - yi, cand.d2, VX[cand.slot], VY[cand.slot], s,
                         K[cand.slot] != K[oi]);
          }
        }
        s.checks = uint64_t(candidates - 1);  // every candidate but the fish itself
        checks += s.checks;

        const Steering steer = steerFrom(weights, s, PANIC[oi] > 0, hxi, hyi);
        if (s.nAli) {
          sumLocalPol += double(steer.aliDirX * hxi + steer.aliDirY * hyi);
          ++localPolCount;
        }
        const float fi = fmax * FORCE[oi];
        outX[oi] = steer.ax * fi;
        outY[oi] = steer.ay * fi;
        outCue[oi] = steer.cue;
        outLone[oi] = s.nCoh < kLoneNeighbours ? 1.0f - float(s.nCoh) * (1.0f / kLoneNeighbours) : 0.0f;

        if (metricsOn_) {
          sumNeighbours += s.nCoh;
          if (s.minD2 >= 0) {
            if (minD2 < 0 || s.minD2 < minD2) minD2 = s.minD2;
            sumNearest += double(detSqrt(s.minD2));
            ++nearestCount;
          }
        }
      }
    }

  StepTotals t;
  t.checks = checks;
  t.minD2 = minD2;
  t.sumNeighbours = sumNeighbours;
  t.sumLocalPol = sumLocalPol;
  t.sumNearest = sumNearest;
  t.localPolCount = localPolCount;
  t.nearestCount = nearestCount;
  return t;
}

}  // namespace mirofish
