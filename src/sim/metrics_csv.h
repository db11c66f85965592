// The metrics CSV (S-DEV-4): the one definition of its comment line, header and rows, written by the CLI's
// `run --metrics` and by the studio's "download CSV" in the browser (its own small wasm formats the rows with this
// code, from the page school's StepMetrics copied in byte for byte), so the two files cannot drift apart.
#pragma once

#include <cstddef>
#include <string>

#include "sim/metrics.h"

namespace mirofish {

// "# mirofish metrics; hash=<hash>; brute=<0|1>\n": what made the rows below it.
std::string metricsCsvComment(const std::string& hash, bool brute);
// The column names, comma-separated, with a newline.
const char* metricsCsvHeader();
// One row for one step's metrics, with a newline, into out (kMetricsCsvRowMax bytes: no allocation per row);
// returns its length.
constexpr size_t kMetricsCsvRowMax = 320;
size_t metricsCsvRow(const StepMetrics& m, char (&out)[kMetricsCsvRowMax]);

}  // namespace mirofish
