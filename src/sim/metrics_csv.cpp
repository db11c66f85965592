// The metrics CSV's lines (see metrics_csv.h). Changing a column changes both the CLI's file and the browser's.
#include "sim/metrics_csv.h"

#include <cinttypes>
#include <cstdio>

namespace mirofish {

std::string metricsCsvComment(const std::string& hash, bool brute) {
  return "# mirofish metrics; hash=" + hash + "; brute=" + (brute ? "1" : "0") + "\n";
}

const char* metricsCsvHeader() {
  return "step,avg_neighbours,min_distance,mean_nearest,centroid_x,centroid_y,polarization,milling,local_polarization,"
         "distance_checks,state,groups,coverage,cruise,sprint,hover,startle,pellets_eaten\n";
}

size_t metricsCsvRow(const StepMetrics& m, char (&out)[kMetricsCsvRowMax]) {
  const int n = std::snprintf(out, sizeof out,
                              "%" PRIu64 ",%.4f,%.4f,%.4f,%.3f,%.3f,%.5f,%.5f,%.5f,%" PRIu64
                              ",%s,%d,%.5f,%d,%d,%d,%d,%" PRIu64 "\n",
                              m.step, double(m.avgNeighbours), double(m.minDistance), double(m.meanNearest),
                              double(m.centroidX), double(m.centroidY), double(m.polarization), double(m.milling),
                              double(m.localPolarization), m.distanceChecks, schoolStateName(m.state), m.groups,
                              double(m.coverage), m.states[0], m.states[1], m.states[2], m.states[3], m.pelletsEaten);
  return n > 0 ? size_t(n) : 0;
}

}  // namespace mirofish
