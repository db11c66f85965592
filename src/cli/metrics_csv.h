// The metric columns of `run --metrics` and of `sweep`, in one table: names, CSV formats, numbers for means.
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

// "step,avg_neighbours,...": the header of `run --metrics`.
std::string metricsCsvHeader();
// One `run --metrics` row with its newline; no allocation (it runs every --every steps).
void writeMetricsCsvRow(std::FILE* out, const StepMetrics& m);

}  // namespace mirofish
