// The metrics CSV (S-DEV-4): the one definition of its comment line, header and rows, written by the CLI's
// `run --metrics` and by the studio's "download CSV" in the browser (its own small wasm formats the rows with this
// code), so the two files cannot drift apart.
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

// A step's metrics as plain floats, to carry them between two WebAssembly modules (the page's school and the studio,
// which formats the rows). 64-bit counts travel as two floats, each exact below 2^24.
constexpr int kMetricsPacked = 15;
void packMetrics(const StepMetrics& m, float (&out)[kMetricsPacked]);
StepMetrics unpackMetrics(const float (&in)[kMetricsPacked]);

}  // namespace mirofish
