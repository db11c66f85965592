// `mirofish run --trajectory FILE`: frames streamed to FILE as they are stepped, the side-car FILE.json at the end.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "sim/trajectory.h"

namespace mirofish {

class School;

class TrajectoryWriter {
 public:
  // Opens FILE for the given school (its fish count is fixed for the run); throws CliError when it cannot.
  TrajectoryWriter(const std::string& path, const School& school);
  ~TrajectoryWriter();
  TrajectoryWriter(const TrajectoryWriter&) = delete;
  TrajectoryWriter& operator=(const TrajectoryWriter&) = delete;

  // Appends the school's state as the next frame (no allocation: one frame buffer, made once); throws CliError when
  // the write fails.
  void writeFrame(const School& school);
  // Closes FILE and writes FILE.json; throws CliError on a failed write (a full disk).
  void finish(const TrajectoryMeta& meta);
  uint64_t frames() const { return frames_; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<unsigned char> frame_;
  uint64_t frames_ = 0;
};

}  // namespace mirofish
