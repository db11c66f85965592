// The metrics CSV's lines (src/sim/metrics_csv.cpp), which the CLI and the studio both write: the comment line, the
// header, and a row into a buffer the same as the one `run --metrics` streams.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

#include "sim/metrics_csv.h"

using namespace mirofish;

TEST_CASE("metrics CSV: comment, header and a row", "[metrics]") {
  CHECK(metricsCsvComment("n=3&seed=1", false) == "# mirofish metrics; hash=n=3&seed=1; brute=0\n");
  CHECK(metricsCsvComment("n=3", true) == "# mirofish metrics; hash=n=3; brute=1\n");
  CHECK(metricsCsvHeader() ==
        "step,avg_neighbours,min_distance,mean_nearest,centroid_x,centroid_y,polarization,milling,local_polarization,"
        "distance_checks,state,groups,coverage,cruise,sprint,hover,startle,pellets_eaten");
  StepMetrics m;
  m.step = 120;
  m.avgNeighbours = 7.25f;
  m.minDistance = -1;
  m.meanNearest = 12.5f;
  m.centroidX = 800.125f;
  m.centroidY = 450;
  m.polarization = 0.5f;
  m.milling = 0.25f;
  m.localPolarization = 1;
  m.distanceChecks = 10597;
  m.state = SchoolState::Oscillating;
  m.groups = 3;
  m.coverage = 0.75f;
  m.states[0] = 150;
  m.states[1] = 20;
  m.states[2] = 25;
  m.states[3] = 5;
  m.pelletsEaten = 12;
  char row[kMetricsCsvRowMax];
  const size_t len = metricsCsvRow(m, row);
  const std::string expected =
      "120,7.2500,-1.0000,12.5000,800.125,450.000,0.50000,0.25000,1.00000,10597,oscillating,3,0.75000,150,20,25,5,12\n";
  CHECK(std::string(row) == expected);
  CHECK(len == expected.size());
  // As many columns in every row as in the header.
  auto commas = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
  CHECK(commas(row) == commas(metricsCsvHeader()));
  // The streamed row (run --metrics) is the buffered one (the studio) byte for byte.
  std::FILE* tmp = std::tmpfile();
  REQUIRE(tmp != nullptr);
  writeMetricsCsvRow(tmp, m);
  std::rewind(tmp);
  char streamed[kMetricsCsvRowMax] = {};
  const size_t got = std::fread(streamed, 1, sizeof streamed - 1, tmp);
  std::fclose(tmp);
  CHECK(std::string(streamed, got) == expected);
}
