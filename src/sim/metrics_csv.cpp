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
         "distance_checks,state,groups,coverage\n";
}

size_t metricsCsvRow(const StepMetrics& m, char (&out)[kMetricsCsvRowMax]) {
  const int n =
      std::snprintf(out, sizeof out, "%" PRIu64 ",%.4f,%.4f,%.4f,%.3f,%.3f,%.5f,%.5f,%.5f,%" PRIu64 ",%s,%d,%.5f\n",
                    m.step, double(m.avgNeighbours), double(m.minDistance), double(m.meanNearest), double(m.centroidX),
                    double(m.centroidY), double(m.polarization), double(m.milling), double(m.localPolarization),
                    m.distanceChecks, schoolStateName(m.state), m.groups, double(m.coverage));
  return n > 0 ? size_t(n) : 0;
}

namespace {
constexpr uint64_t kSplitInt = 1u << 24;  // floats are exact below 2^24
}

void packMetrics(const StepMetrics& m, float (&out)[kMetricsPacked]) {
  const float fields[kMetricsPacked] = {float(m.step % kSplitInt),
                                        float(m.step / kSplitInt),
                                        m.avgNeighbours,
                                        m.minDistance,
                                        m.meanNearest,
                                        m.centroidX,
                                        m.centroidY,
                                        m.polarization,
                                        m.milling,
                                        m.localPolarization,
                                        float(m.distanceChecks % kSplitInt),
                                        float(m.distanceChecks / kSplitInt),
                                        float(int(m.state)),
                                        float(m.groups),
                                        m.coverage};
  for (int k = 0; k < kMetricsPacked; ++k) out[k] = fields[k];
}

StepMetrics unpackMetrics(const float (&in)[kMetricsPacked]) {
  StepMetrics m;
  m.step = uint64_t(in[0]) + uint64_t(in[1]) * kSplitInt;
  m.avgNeighbours = in[2];
  m.minDistance = in[3];
  m.meanNearest = in[4];
  m.centroidX = in[5];
  m.centroidY = in[6];
  m.polarization = in[7];
  m.milling = in[8];
  m.localPolarization = in[9];
  m.distanceChecks = uint64_t(in[10]) + uint64_t(in[11]) * kSplitInt;
  const int state = int(in[12]);
  m.state = state == int(SchoolState::Cohesive) || state == int(SchoolState::Oscillating) ? SchoolState(state)
                                                                                          : SchoolState::Dispersed;
  m.groups = int(in[13]);
  m.coverage = in[14];
  return m;
}

}  // namespace mirofish
