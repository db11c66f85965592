// Inspection of one fish by the step's own scan (neighbour_scan.h), for that fish only, over every fish in id order:
// the sums are in fixed point, so the visiting order does not change them.
#include "sim/inspect.h"

#include <algorithm>
#include <utility>

#include "sim/neighbour_scan.h"
#include "sim/perception.h"
#include "sim/steer_rules.h"

namespace mirofish {

static_assert(kRuleSep == kCountsSep && kRuleAli == kCountsAli && kRuleCoh == kCountsCoh, "addNeighbour's rule bits");

int nearestFish(const FishArrays& f, float x, float y) {
  int best = -1;
  float bestD2 = 0;
  for (int j = 0; j < f.count; ++j) {
    const float dx = f.x[j] - x, dy = f.y[j] - y, d2 = dx * dx + dy * dy;
    if (best < 0 || d2 < bestD2) {
      best = j;
      bestD2 = d2;
    }
  }
  return best;
}

void configureGrid(NeighbourGrid& grid, const Params& p) {
  grid.configure(float(p.width), float(p.height), perceptionOf(p).rMax);  // School::derive
}

bool inspectFish(const Params& p, const FishArrays& f, const NeighbourGrid& grid, int i, FishInspection* out) {
  if (i < 0 || i >= f.count) return false;
  const ScanConfig scan = scanConfigOf(perceptionOf(p), p, false, false);
  FishInspection& r = *out;
  std::vector<int> links = std::move(r.neighbours);  // both keep their capacity: no allocation once they have held n
  std::vector<CapCandidate> found = std::move(r.found);
  r = FishInspection();
  r.fish = i;
  r.x = f.x[i];
  r.y = f.y[i];
  r.vx = f.vx[i];
  r.vy = f.vy[i];
  r.hx = f.hx[i];
  r.hy = f.hy[i];
  r.forceLimit = float(p.maxForce) * f.forceScale[i];
  r.panicked = f.panic[i] > 0;
  r.behaviour = size_t(i) < f.state.size() ? int(f.state[size_t(i)]) : -1;
  // The step weighs by kind only with several species (scratch_.kind is all 0 with one).
  const bool kinds = p.species > 1 && f.species.size() >= size_t(f.count);
  auto kindOf = [&](int j) { return kinds ? f.species[size_t(j)] : uint8_t(0); };

  // The candidates: every fish (the grid's 3x3 cells hold all that can count); the checks the grid makes for it.
  const int cols = grid.cols(), home = grid.cellOf(r.x, r.y), hx = home % cols, hy = home / cols;
  found.clear();
  for (int j = 0; j < f.count; ++j) {
    const int cell = grid.cellOf(f.x[j], f.y[j]), cx = cell % cols, cy = cell / cols;
    if (j != i && cx >= hx - 1 && cx <= hx + 1 && cy >= hy - 1 && cy <= hy + 1) ++r.gridChecks;
    const float dx = f.x[j] - r.x, dy = f.y[j] - r.y, d2 = dx * dx + dy * dy;
    if (isNeighbour(scan, dx, dy, d2, r.hx, r.hy)) found.push_back({d2, j, j});
  }
  const size_t keep = keepNearest(found, int(p.neighbourCap));
  Sums s;
  links.clear();
  for (size_t q = 0; q < keep; ++q) {
    const int j = found[q].id;
    const int rules =
        addNeighbour(scan, f.x[j] - r.x, f.y[j] - r.y, found[q].d2, f.vx[j], f.vy[j], s, kindOf(j) != kindOf(i));
    links.push_back(j * 8 + rules);
  }
  std::sort(links.begin(), links.end());  // id order

  const Steering steer = steerFrom(ruleWeightsOf(p), s, r.panicked, r.hx, r.hy);
  const float limit = r.forceLimit;
  r.sep = {s.nSep, steer.sepX * limit, steer.sepY * limit};
  r.ali = {s.nAli, steer.aliX * limit, steer.aliY * limit};
  r.coh = {s.nCoh, steer.cohX * limit, steer.cohY * limit};
  r.forceX = steer.ax * limit;
  r.forceY = steer.ay * limit;
  r.centroidX = s.nCoh ? r.x + unfix(s.cohX) / steer.cohWeight : r.x;
  r.centroidY = s.nCoh ? r.y + unfix(s.cohY) / steer.cohWeight : r.y;
  r.neighbours = std::move(links);
  r.found = std::move(found);
  return true;
}

}  // namespace mirofish
