// Pass 1 of School::step: the neighbour scan (neighbour_scan.h, inlined here: it is included by this file alone) and
// the three rules' steering of every fish, visited cell by cell.
#include <algorithm>

#include "sim/det_math.h"
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
  const float wSep = float(p.sepWeight), wAli = float(p.aliWeight), wCoh = float(p.cohWeight);
  const float panicCoh = float(p.panicCohesion);
  const float leeAhead = kLeeShare * float(p.cohRadius);
  const float* X = sortedX_.data();
  const float* Y = sortedY_.data();
  const float* VX = sortedVX_.data();
  const float* VY = sortedVY_.data();
  const ScanConfig scan{d_.rMax * d_.rMax, d_.rSep2,
                        d_.rAli2,          d_.rCoh2,
                        d_.cosHalfFov,     d_.cosHalfFov * d_.cosHalfFov,
                        d_.fovOn,          metricsOn_,
                        bruteForce_,       float(p.crossSpecies)};
  // S-ECO-3 several species: the scan collects the neighbours (as under a neighbour cap) and weighs each by its kind,
  // scalar, so the four-wide scan of one species stays as lean as it was. With one species every neighbour is of the
  // own kind (sortedKind_ all 0): no weights apply and the rules keep their bits (the golden hashes).
  const bool collect = cap > 0 || p.species > 1;
  const float* K = sortedKind_.data();
  const float cross = scan.cross;
  // Alignment and cohesion keep their direction from the weighted sums, and their strength is the neighbours' mean
  // weight (1 own, crossSpecies other): a fish among another species only is pulled crossSpecies x as hard.
  auto weightOf = [cross](int count, int other) { return float(count - other) + cross * float(other); };
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
          auto nearer = [](const CapCandidate& a, const CapCandidate& b) {
            return a.d2 < b.d2 || (a.d2 == b.d2 && a.id < b.id);
          };
          size_t keep = cap > 0 && capBuffer_.size() > size_t(cap) ? size_t(cap) : capBuffer_.size();
          if (keep < capBuffer_.size())
            std::nth_element(capBuffer_.begin(), capBuffer_.begin() + long(keep), capBuffer_.end(), nearer);
          for (size_t q = 0; q < keep; ++q) {
            const CapCandidate& cand = capBuffer_[q];
            addNeighbour(scan, X[cand.slot] - xi, Y[cand.slot] - yi, cand.d2, VX[cand.slot], VY[cand.slot], s,
                         K[cand.slot] != K[oi]);
          }
        }
        s.checks = uint64_t(candidates - 1);  // every candidate but the fish itself
        checks += s.checks;

        // S-SIM-1: each rule normalized, then weighted.
        float ax = 0, ay = 0;
        const bool panicked = PANIC[oi] > 0;
        if (s.nSep) {
          float vx = unfix(s.sepX), vy = unfix(s.sepY);
          normalizeOrZero(vx, vy);
          ax += vx * wSep;
          ay += vy * wSep;
        }
        if (s.nAli) {
          float vx = unfix(s.aliX), vy = unfix(s.aliY);
          normalizeOrZero(vx, vy);
          const float wa = s.nAliOther ? wAli * (weightOf(s.nAli, s.nAliOther) / float(s.nAli)) : wAli;
          ax += vx * wa;
          ay += vy * wa;
          sumLocalPol += double(vx * hxi + vy * hyi);
          ++localPolCount;
        }
        uint8_t lee = s.nCoh > 1 ? 0 : kCueAlone;  // alone: no neighbour, or one (a pair adrift)
        if (s.nCoh) {
          float vx = unfix(s.cohX), vy = unfix(s.cohY);
          // S-SIM-15 the lee: enough neighbours, their centroid well ahead: this fish trails the school.
          // (The weighted sum's centroid is over the neighbours' total weight.)
          const float weight = s.nCohOther ? weightOf(s.nCoh, s.nCohOther) : float(s.nCoh);
          if (s.nCoh >= kLeeNeighbours && vx * hxi + vy * hyi > leeAhead * weight) lee = kCueLee;
          normalizeOrZero(vx, vy);
          float wc = panicked ? wCoh * panicCoh : wCoh;  // S-INT-2: a panicked fish leaves the school for a moment
          if (s.nCohOther) wc *= weight / float(s.nCoh);
          ax += vx * wc;
          ay += vy * wc;
        }
        const float fi = fmax * FORCE[oi];
        float fx = ax * fi, fy = ay * fi;

        outX[oi] = fx;
        outY[oi] = fy;
        outCue[oi] = lee;
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
