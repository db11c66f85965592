// A sweep's progress on stderr: one live line on a terminal, one line per finished run otherwise (logs, CI).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace mirofish {

bool stderrIsTerminal();
std::string formatDuration(double seconds);  // 0:42, 12:05, 3:02:00

class SweepProgress {
 public:
  SweepProgress(std::FILE* out, bool live, uint64_t total);
  // A run ended (in whatever order the threads finish them); `what` names it.
  void finished(const std::string& what, double runSeconds);
  void note(const std::string& line);  // a line of its own (a warning), below the live line
  void done();                         // ends the live line

 private:
  std::string status() const;  // "12/140 runs, 0:35 elapsed, ~6:20 left"
  std::FILE* out_;
  bool live_;
  uint64_t total_, finished_ = 0;
  double start_, lastDraw_ = -1;
};

}  // namespace mirofish
