// The one list of metric columns: `run --metrics` and the studio write it, `sweep` writes its end values and means
// from it.
#include "sim/metrics_csv.h"

#include <cinttypes>
#include <limits>

namespace mirofish {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// A field of StepMetrics as a number, for the means over steps.
template <auto Field>
double numberOf(const StepMetrics& m) {
  return double(m.*Field);
}
// A field written with `Digits` decimals.
template <auto Field, int Digits>
int fixedOf(char* b, size_t n, const StepMetrics& m) {
  return std::snprintf(b, n, "%.*f", Digits, double(m.*Field));
}
// A field written as a whole count.
template <auto Field>
int countOf(char* b, size_t n, const StepMetrics& m) {
  return std::snprintf(b, n, "%" PRIu64, uint64_t(m.*Field));
}

// The columns of a number field, as a decimal or as a count; and the count of fish in behaviour state K.
template <auto Field, int Digits>
constexpr MetricColumn fixedColumn(const char* name) {
  return {name, fixedOf<Field, Digits>, numberOf<Field>, nullptr};
}
template <auto Field>
constexpr MetricColumn countColumn(const char* name) {
  return {name, countOf<Field>, numberOf<Field>, nullptr};
}
template <int K>
constexpr MetricColumn stateColumn(const char* name) {
  return {
      name,
      [](char* b, size_t n, const StepMetrics& m) { return std::snprintf(b, n, "%" PRIu64, uint64_t(m.states[K])); },
      [](const StepMetrics& m) { return double(m.states[K]); }, nullptr};
}

}  // namespace

// Each column's format is part of the CSV that readers parse (tests/sim/metrics_csv.test.cpp holds a row). A new
// metric is one more row here: run, sweep and the sweep's means (mean_<name>, or mode_<name> for a category) all pick
// it up.
const MetricColumn kMetricColumns[] = {
    countColumn<&StepMetrics::step>("step"),
    fixedColumn<&StepMetrics::avgNeighbours, 4>("avg_neighbours"),
    {"min_distance", fixedOf<&StepMetrics::minDistance, 4>,
     [](const StepMetrics& m) { return m.minDistance < 0 ? kNone : double(m.minDistance); }, nullptr},
    fixedColumn<&StepMetrics::meanNearest, 4>("mean_nearest"),
    fixedColumn<&StepMetrics::centroidX, 3>("centroid_x"),
    fixedColumn<&StepMetrics::centroidY, 3>("centroid_y"),
    fixedColumn<&StepMetrics::polarization, 5>("polarization"),
    fixedColumn<&StepMetrics::milling, 5>("milling"),
    fixedColumn<&StepMetrics::localPolarization, 5>("local_polarization"),
    countColumn<&StepMetrics::distanceChecks>("distance_checks"),
    {"state",
     [](char* b, size_t n, const StepMetrics& m) { return std::snprintf(b, n, "%s", schoolStateName(m.state)); },
     nullptr, [](const StepMetrics& m) { return schoolStateName(m.state); }},
    countColumn<&StepMetrics::groups>("groups"),
    fixedColumn<&StepMetrics::coverage, 5>("coverage"),
    stateColumn<0>("cruise"),
    stateColumn<1>("sprint"),
    stateColumn<2>("hover"),
    stateColumn<3>("startle"),
    countColumn<&StepMetrics::pelletsEaten>("pellets_eaten"),
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
