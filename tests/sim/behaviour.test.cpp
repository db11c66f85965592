// Behaviour checks (seeds/001 §6.1): each rule's absence shows in the metrics, and the tuned preset is ordered.
#include <catch2/catch.hpp>

#include <map>

#include "link/hash_codec.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;

namespace {

struct Averages {
  double meanNearest = 0, avgNeighbours = 0, polarization = 0, localPolarization = 0;
  int dispersedSteps = 0, cohesiveSteps = 0;
};

// n=300 in the default 1600x900 world; metrics averaged over the last `window` steps.
Averages runAveraged(const Params& p, int steps, int window) {
  School s(p);
  s.setMetricsEnabled(true);
  s.steps(steps - window);
  Averages a;
  for (int k = 0; k < window; ++k) {
    s.step();
    const StepMetrics& m = s.metrics();
    a.meanNearest += m.meanNearest;
    a.avgNeighbours += m.avgNeighbours;
    a.polarization += m.polarization;
    a.localPolarization += m.localPolarization;
    a.dispersedSteps += m.state == SchoolState::Dispersed;
    a.cohesiveSteps += m.state == SchoolState::Cohesive;
  }
  a.meanNearest /= window;
  a.avgNeighbours /= window;
  a.polarization /= window;
  a.localPolarization /= window;
  return a;
}

Params base(double seed) {
  Params p = test::stillPond(Params());  // the three rules alone
  p.fish = 300;
  p.seed = seed;
  return p;
}

const double kSeeds[] = {1, 2};
constexpr int kSteps = 1800, kWindow = 600;

}  // namespace

TEST_CASE("behaviour: rules show in the metrics", "[behaviour]") {
  SECTION("default parameters: a cohesive, locally aligned school") {
    for (double seed : kSeeds) {
      Averages d = runAveraged(base(seed), kSteps, kWindow);
      CAPTURE(seed, d.meanNearest, d.avgNeighbours, d.localPolarization);
      CAPTURE(d.cohesiveSteps, d.dispersedSteps);
      CHECK(d.dispersedSteps == 0);
      CHECK(d.avgNeighbours > 10);
      CHECK(d.localPolarization > 0.8);
      CHECK(d.meanNearest > 8);  // separation keeps them apart
    }
  }

  SECTION("sepWeight=0: the school collapses") {
    for (double seed : kSeeds) {
      Averages d = runAveraged(base(seed), kSteps, kWindow);
      Params p = base(seed);
      p.sepWeight = 0;
      Averages c = runAveraged(p, kSteps, kWindow);
      CAPTURE(seed, d.meanNearest, c.meanNearest);
      CHECK(c.meanNearest < 0.4 * d.meanNearest);
    }
  }

  SECTION("cohWeight=0 and aliWeight=0: the school disperses") {
    for (double seed : kSeeds) {
      Params p = base(seed);
      p.cohWeight = 0;
      p.aliWeight = 0;
      Averages a = runAveraged(p, kSteps, kWindow);
      CAPTURE(seed, a.avgNeighbours, a.polarization, a.meanNearest);
      CHECK(a.dispersedSteps == kWindow);
      CHECK(a.avgNeighbours < 4);  // about what evenly spread fish would have (2.35)
      CHECK(a.polarization < 0.2);
      CHECK(a.meanNearest > 25);
    }
  }

  SECTION("the tuned preset is ordered, and alignment is what orders it") {
    for (double seed : kSeeds) {
      Params p = test::stillPond(decodeHash("n=300&preset=tuned").params);  // the rules alone
      p.seed = seed;
      Averages t = runAveraged(p, 3000, 600);
      p.aliWeight = 0;
      Averages noAli = runAveraged(p, 3000, 600);
      CAPTURE(seed, t.localPolarization, noAli.localPolarization);
      CHECK(t.localPolarization > 0.9);
      CHECK(noAli.localPolarization < 0.3);
      CHECK(t.localPolarization > noAli.localPolarization + 0.5);
      CHECK(t.cohesiveSteps > 500);
    }
  }
}
