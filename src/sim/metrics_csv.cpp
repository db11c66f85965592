// The one list of metric columns: `run --metrics` and the studio write it, `sweep` writes its end values and means
// from it.
#include "sim/metrics_csv.h"

#include <cinttypes>
#include <limits>

namespace mirofish {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

int fixed4(char* b, size_t n, double v) { return std::snprintf(b, n, "%.4f", v); }
int fixed3(char* b, size_t n, double v) { return std::snprintf(b, n, "%.3f", v); }
int fixed5(char* b, size_t n, double v) { return std::snprintf(b, n, "%.5f", v); }
int count(char* b, size_t n, uint64_t v) { return std::snprintf(b, n, "%" PRIu64, v); }

}  // namespace

// Formats are those `run --metrics` always had. A new metric is one more row here: run, sweep and the sweep's means
// (mean_<name>, or mode_<name> for a category) all pick it up.
const MetricColumn kMetricColumns[] = {
    {"step", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, m.step); },
     [](const StepMetrics& m) { return double(m.step); }, nullptr},
    {"avg_neighbours", [](char* b, size_t n, const StepMetrics& m) { return fixed4(b, n, m.avgNeighbours); },
     [](const StepMetrics& m) { return double(m.avgNeighbours); }, nullptr},
    {"min_distance", [](char* b, size_t n, const StepMetrics& m) { return fixed4(b, n, m.minDistance); },
     [](const StepMetrics& m) { return m.minDistance < 0 ? kNone : double(m.minDistance); }, nullptr},
    {"mean_nearest", [](char* b, size_t n, const StepMetrics& m) { return fixed4(b, n, m.meanNearest); },
     [](const StepMetrics& m) { return double(m.meanNearest); }, nullptr},
    {"centroid_x", [](char* b, size_t n, const StepMetrics& m) { return fixed3(b, n, m.centroidX); },
     [](const StepMetrics& m) { return double(m.centroidX); }, nullptr},
    {"centroid_y", [](char* b, size_t n, const StepMetrics& m) { return fixed3(b, n, m.centroidY); },
     [](const StepMetrics& m) { return double(m.centroidY); }, nullptr},
    {"polarization", [](char* b, size_t n, const StepMetrics& m) { return fixed5(b, n, m.polarization); },
     [](const StepMetrics& m) { return double(m.polarization); }, nullptr},
    {"milling", [](char* b, size_t n, const StepMetrics& m) { return fixed5(b, n, m.milling); },
     [](const StepMetrics& m) { return double(m.milling); }, nullptr},
    {"local_polarization", [](char* b, size_t n, const StepMetrics& m) { return fixed5(b, n, m.localPolarization); },
     [](const StepMetrics& m) { return double(m.localPolarization); }, nullptr},
    {"distance_checks", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, m.distanceChecks); },
     [](const StepMetrics& m) { return double(m.distanceChecks); }, nullptr},
    {"state",
     [](char* b, size_t n, const StepMetrics& m) { return std::snprintf(b, n, "%s", schoolStateName(m.state)); },
     nullptr, [](const StepMetrics& m) { return schoolStateName(m.state); }},
    {"groups", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, uint64_t(m.groups)); },
     [](const StepMetrics& m) { return double(m.groups); }, nullptr},
    {"coverage", [](char* b, size_t n, const StepMetrics& m) { return fixed5(b, n, m.coverage); },
     [](const StepMetrics& m) { return double(m.coverage); }, nullptr},
    {"cruise", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, uint64_t(m.states[0])); },
     [](const StepMetrics& m) { return double(m.states[0]); }, nullptr},
    {"sprint", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, uint64_t(m.states[1])); },
     [](const StepMetrics& m) { return double(m.states[1]); }, nullptr},
    {"hover", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, uint64_t(m.states[2])); },
     [](const StepMetrics& m) { return double(m.states[2]); }, nullptr},
    {"startle", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, uint64_t(m.states[3])); },
     [](const StepMetrics& m) { return double(m.states[3]); }, nullptr},
    {"pellets_eaten", [](char* b, size_t n, const StepMetrics& m) { return count(b, n, m.pelletsEaten); },
     [](const StepMetrics& m) { return double(m.pelletsEaten); }, nullptr},
};
const int kMetricColumnCount = int(sizeof(kMetricColumns) / sizeof(kMetricColumns[0]));

std::string metricsCsvComment(const std::string& hash, bool brute) {
  return "# mirofish metrics; hash=" + hash + "; brute=" + (brute ? "1" : "0") + "\n";
}

std::string metricsCsvHeader() {
  std::string h;
  for (int c = 0; c < kMetricColumnCount; ++c) {
    if (c) h += ',';
    h += kMetricColumns[c].name;
  }
  return h;
}

size_t metricsCsvRow(const StepMetrics& m, char (&out)[kMetricsCsvRowMax]) {
  size_t n = 0;
  for (int c = 0; c < kMetricColumnCount && n + 2 < kMetricsCsvRowMax; ++c) {
    if (c) out[n++] = ',';
    const int w = kMetricColumns[c].format(out + n, kMetricsCsvRowMax - 1 - n, m);
    n += w > 0 ? size_t(w) : 0;
    if (n > kMetricsCsvRowMax - 2) n = kMetricsCsvRowMax - 2;  // cut, never past the buffer
  }
  out[n++] = '\n';
  out[n] = '\0';
  return n;
}

void writeMetricsCsvRow(std::FILE* out, const StepMetrics& m) {
  char row[kMetricsCsvRowMax];
  metricsCsvRow(m, row);
  std::fputs(row, out);
}

}  // namespace mirofish
