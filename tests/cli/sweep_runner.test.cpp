// A sweep run is the same run as `mirofish run`; its means are over the last 30 s; the pool keeps plan order.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "link/hash_codec.h"
#include "sim/metrics_csv.h"
#include "sim/school.h"
#include "sweep/sweep_runner.h"

using namespace mirofish;

namespace {

int columnOf(const char* name) {
  for (int c = 0; c < kMetricColumnCount; ++c)
    if (!std::strcmp(kMetricColumns[c].name, name)) return c;
  return -1;
}

}  // namespace

TEST_CASE("sweep run: the state hash and end metrics of the same school stepped by hand", "[sweep][cli]") {
  const std::string hash = "n=60&seed=5&wcoh=1.5";
  const SweepResult r = runSweepRun(hash, 2000);
  School school(decodeHash(hash).params);
  school.setMetricsEnabled(true);
  double polarization = 0, groups = 0;
  int cohesive = 0, dispersed = 0;
  for (int s = 0; s < 2000; ++s) {
    school.step();
    if (s >= 2000 - kSweepWindowSteps) {
      polarization += school.metrics().polarization;
      groups += school.metrics().groups;
      (school.metrics().state == SchoolState::Cohesive ? cohesive : dispersed) += 1;
    }
  }
  CHECK(r.stateHash == school.stateHash());
  CHECK(r.end.step == 2000);
  CHECK(r.end.polarization == school.metrics().polarization);
  CHECK(r.end.groups == school.metrics().groups);
  CHECK(r.windowSteps == 1800);
  CHECK(r.means[columnOf("polarization")] == Approx(polarization / 1800).epsilon(1e-12));
  CHECK(r.means[columnOf("groups")] == Approx(groups / 1800).epsilon(1e-12));
  CHECK(std::isnan(r.means[columnOf("state")]));
  REQUIRE(r.modes[columnOf("state")] != nullptr);
  if (cohesive > 1800 / 2) CHECK(std::string(r.modes[columnOf("state")]) == "cohesive");
  CHECK(r.modes[columnOf("polarization")] == nullptr);
}

TEST_CASE("sweep run: a t= seek runs first; a short run averages over all its steps", "[sweep][cli]") {
  const SweepResult r = runSweepRun("n=30&seed=2&t=1", 100);
  School school(decodeHash("n=30&seed=2").params);
  school.steps(160);
  CHECK(r.stateHash == school.stateHash());
  CHECK(r.end.step == 160);
  CHECK(r.windowSteps == 100);
}

TEST_CASE("sweep pool: results are delivered in index order whatever the thread timing", "[sweep][cli]") {
  // Uneven work: odd runs step ten times longer, so on several threads they finish out of order.
  const size_t count = 12;
  std::vector<uint64_t> finished, delivered;
  std::vector<uint64_t> hashes(count);
  runInOrder(
      count, 3, [](uint64_t i) { return runSweepRun("n=20&seed=" + std::to_string(i), i % 2 ? 300 : 30); },
      [&](uint64_t i, double) { finished.push_back(i); },
      [&](uint64_t i, const SweepResult& r) {
        delivered.push_back(i);
        hashes[size_t(i)] = r.stateHash;
      });
  std::vector<uint64_t> order(count);
  for (size_t i = 0; i < count; ++i) order[i] = i;
  CHECK(delivered == order);
  CHECK(finished.size() == count);
  for (size_t i = 0; i < count; ++i) {
    School school(decodeHash("n=20&seed=" + std::to_string(i)).params);
    school.steps(i % 2 ? 300 : 30);
    CAPTURE(i);
    CHECK(hashes[i] == school.stateHash());
  }
}

TEST_CASE("metrics CSV: one column table for run and sweep", "[sweep][cli]") {
  CHECK(metricsCsvHeader().rfind("step,avg_neighbours,min_distance,", 0) == 0);
  for (int c = 0; c < kMetricColumnCount; ++c) {
    CAPTURE(kMetricColumns[c].name);
    CHECK((kMetricColumns[c].number == nullptr) != (kMetricColumns[c].category == nullptr));
  }
  StepMetrics m;
  m.minDistance = -1;  // no pair close enough: no number for a mean
  CHECK(std::isnan(kMetricColumns[columnOf("min_distance")].number(m)));
  char buf[64];
  kMetricColumns[columnOf("min_distance")].format(buf, sizeof buf, m);
  CHECK(std::string(buf) == "-1.0000");  // but the row still shows it as run --metrics always did
}
