// The metric columns (S-DEV-4), in one table: their names, CSV formats and numbers for means. `run --metrics` and
// `sweep` (src/cli) write them, and so does the studio's "download CSV" in the browser (its own small wasm, from the
// page school's StepMetrics), so the three files cannot drift apart. A new metric is one more row in the table.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

#include "sim/metrics.h"

namespace mirofish {

struct MetricColumn {
  const char* name;  // CSV header name
  // Writes the value as `run --metrics` writes it (snprintf's contract: returns the length it needed).
  int (*format)(char* buf, size_t size, const StepMetrics& m);
  // The value as a number for a mean over steps; NaN where a step has none (min_distance -1: no pair close enough).
  // Null for a category.
  double (*number)(const StepMetrics& m);
  // A category's value (the school's state), summarised over steps by its most frequent value; null for numbers.
  const char* (*category)(const StepMetrics& m);
};

extern const MetricColumn kMetricColumns[];
extern const int kMetricColumnCount;

// "# mirofish metrics; hash=<hash>; brute=<0|1>\n": the line above the header, saying what made the rows.
std::string metricsCsvComment(const std::string& hash, bool brute);
// "step,avg_neighbours,...": the header of `run --metrics` (no newline).
std::string metricsCsvHeader();
// One `run --metrics` row with its newline; no allocation (it runs every --every steps).
void writeMetricsCsvRow(std::FILE* out, const StepMetrics& m);
// The same row into out (kMetricsCsvRowMax bytes, no allocation); returns its length.
constexpr size_t kMetricsCsvRowMax = 640;
size_t metricsCsvRow(const StepMetrics& m, char (&out)[kMetricsCsvRowMax]);

}  // namespace mirofish
