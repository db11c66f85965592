// Streams trajectory frames to disk (one frame in memory at a time), then the JSON side-car.
#include "cli/trajectory_writer.h"

#include "cli/cli_args.h"
#include "sim/school.h"

namespace mirofish {

TrajectoryWriter::TrajectoryWriter(const std::string& path, const School& school)
    : path_(path), frame_(size_t(school.count()) * kTrajectoryBytesPerFish) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw cliError(CliErrorId::CannotWrite, {"--trajectory", echoed(path)});
}

TrajectoryWriter::~TrajectoryWriter() {
  if (file_) std::fclose(file_);
}

void TrajectoryWriter::writeFrame(const School& school) {
  if (frame_.empty()) {  // 0 fish: frames of 0 bytes
    ++frames_;
    return;
  }
  packTrajectoryFrameBytes(school, frame_.data());
  // A full disk stops the run at once rather than after hours of stepping into nothing.
  if (std::fwrite(frame_.data(), 1, frame_.size(), file_) != frame_.size())
    throw cliError(CliErrorId::WriteFailed,
                   {"--trajectory", path_, " at frame " + std::to_string(frames_) + " (disk full?)"});
  ++frames_;
}

void TrajectoryWriter::finish(const TrajectoryMeta& meta) {
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!closed) throw cliError(CliErrorId::WriteFailed, {"--trajectory", echoed(path_), " (disk full?)"});
  const std::string sidecar = path_ + ".json";
  std::FILE* json = std::fopen(sidecar.c_str(), "w");
  if (!json) throw cliError(CliErrorId::CannotWrite, {"--trajectory", echoed(sidecar)});
  const std::string text = trajectoryMetaJson(meta);
  const bool ok = std::fputs(text.c_str(), json) >= 0;
  if (std::fclose(json) != 0 || !ok) throw cliError(CliErrorId::WriteFailed, {"--trajectory", echoed(sidecar), ""});
}

}  // namespace mirofish
