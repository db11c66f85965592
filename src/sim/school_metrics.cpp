// School metrics (S-DEV-4): the step's averages from pass 1's totals, connected groups and coverage. Only run when
// metrics are on (the CLI, the studio), and in full only on the steps asked for; the page never pays for them.
#include <algorithm>
#include <cmath>

#include "base/det_math.h"
#include "sim/school.h"

namespace mirofish {

// Every step with metrics on: what a later measured step depends on, the state rule's window (fed this step's mean
// neighbours) and the coverage visits; the full metrics only on a measured step.
void School::recordMetrics(const StepTotals& t, bool measure) {
  const Params& p = params_;
  const int n = fish_.count;
  const float avgNeighbours = n ? float(t.sumNeighbours / n) : 0;
  float uniform =
      n > 1 ? float(double(n - 1) * 3.14159265358979 * p.cohRadius * p.cohRadius / (p.width * p.height)) : 0;
  const SchoolState state = history_.push(avgNeighbours, uniform);
  markCoverage();
  if (!measure) return;
  computeMetrics(t);
  metrics_.avgNeighbours = avgNeighbours;
  metrics_.state = state;
}

// S-DEV-4: a measured step's metrics from pass 1's totals and the new state (recordMetrics adds the state rule's).
void School::computeMetrics(const StepTotals& t) {
  const FishArrays& f = fish_;
  const int n = f.count;
  StepMetrics& m = metrics_;
  m.step = stepCount_;
  m.distanceChecks = t.checks;
  m.minDistance = t.minD2 >= 0 ? detSqrt(t.minD2) : -1;
  m.meanNearest = t.nearestCount ? float(t.sumNearest / t.nearestCount) : 0;
  m.localPolarization = t.localPolCount ? float(t.sumLocalPol / t.localPolCount) : 0;
  double cx = 0, cy = 0, hxs = 0, hys = 0;
  for (int i = 0; i < n; ++i) {
    cx += f.x[i];
    cy += f.y[i];
    hxs += f.hx[i];
    hys += f.hy[i];
  }
  if (n) {
    cx /= n;
    cy /= n;
  }
  double mill = 0;
  for (int i = 0; i < n; ++i) {
    float rx = float(f.x[i] - cx), ry = float(f.y[i] - cy);
    normalizeOrZero(rx, ry);
    mill += double(rx * f.hy[i] - ry * f.hx[i]);
  }
  m.centroidX = float(cx);
  m.centroidY = float(cy);
  m.polarization = n ? float(detSqrt(float(hxs * hxs + hys * hys)) / float(n)) : 0;
  m.milling = n ? float((mill < 0 ? -mill : mill) / n) : 0;
  m.groups = countGroups();
  m.coverage = coverageShare();
  for (int& c : m.states) c = 0;
  for (int i = 0; i < n; ++i) ++m.states[f.state[i] < kFishStates ? f.state[i] : 0];
  m.pelletsEaten = pelletsEaten_;
}

// Connected components over the links "closer than the cohesion radius", on the positions after the step: the
// grid is rebuilt on them (its cells are at least the cohesion radius, so the 3x3 cells hold every link), each
// pair is tested once from its lower cell-order slot, and union-find merges (root = the lower slot). The count
// does not depend on the visiting order, so grid and brute force agree.
int School::countGroups() {
  const FishArrays& f = fish_;
  const int n = f.count;
  if (n == 0) return 0;
  grid_.build(f.x.data(), f.y.data(), n);  // the next step rebuilds it anyway
  const int* order = grid_.order();
  float* X = scratch_.x.data();  // free until the next step's bucketFish
  float* Y = scratch_.y.data();
  int* parent = scratch_.groupParent.data();
  for (int k = 0; k < n; ++k) {
    X[k] = f.x[order[k]];
    Y[k] = f.y[order[k]];
    parent[k] = k;
  }
  auto root = [parent](int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];  // path halving
    return a;
  };
  const float r2 = d_.look.rCoh2;
  const int cols = grid_.cols(), rows = grid_.rows();
  const int* start = grid_.cellStart();
  int groups = n;
  for (int cy = 0; cy < rows; ++cy)
    for (int cx = 0; cx < cols; ++cx) {
      const int cell = cy * cols + cx;
      const int first = start[cell], last = start[cell + 1];
      if (first == last) continue;
      const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
      const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
      for (int k = first; k < last; ++k)
        for (int gy = y0; gy <= y1; ++gy) {
          const int begin = start[gy * cols + x0], end = start[gy * cols + x1 + 1];
          for (int j = begin > k ? begin : k + 1; j < end; ++j) {
            const float dx = X[j] - X[k], dy = Y[j] - Y[k];
            if (!(dx * dx + dy * dy < r2)) continue;
            const int a = root(k), b = root(j);
            if (a == b) continue;
            parent[a > b ? a : b] = a < b ? a : b;
            --groups;
          }
        }
    }
  return groups;
}

// Marks the coverage cell of every fish with this step.
void School::markCoverage() {
  const FishArrays& f = fish_;
  const float sx = float(kCoverageCols) / float(params_.width), sy = float(kCoverageRows) / float(params_.height);
  for (int i = 0; i < f.count; ++i) {
    // Clamped in float, as NeighbourGrid::cellOf: positions on or past an edge land in the border cells.
    const float fx = f.x[i] * sx, fy = f.y[i] * sy;
    const int cx = fx > 0 ? (fx < float(kCoverageCols - 1) ? int(fx) : kCoverageCols - 1) : 0;
    const int cy = fy > 0 ? (fy < float(kCoverageRows - 1) ? int(fy) : kCoverageRows - 1) : 0;
    coverageLast_[cy * kCoverageCols + cx] = stepCount_;
  }
}

// The share of coverage cells marked within the window.
float School::coverageShare() const {
  int visited = 0;
  for (uint64_t last : coverageLast_)
    if (last != 0 && stepCount_ - last < kCoverageWindowSteps) ++visited;
  return float(visited) / float(kCoverageCells);
}

void School::resetCoverage() {
  for (uint64_t& last : coverageLast_) last = 0;
}

}  // namespace mirofish
