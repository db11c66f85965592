// Trajectory frames (S-DEV-6): x, y, vx, vy of every fish in id order, as little-endian Float32, and their side-car.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mirofish {

class School;

// The file is frames one after another, no header: frame f, fish i, field c (x, y, vx, vy) is the float at
// index (f * fish + i) * 4 + c. A frame's bytes are what School::stateHash() hashes (FNV-1a over the same
// bytes), so hashing the last frame gives `run`'s state-hash when the run ends on a frame.
constexpr int kTrajectoryFormatVersion = 1;
constexpr int kTrajectoryFloatsPerFish = 4;
constexpr int kTrajectoryBytesPerFish = kTrajectoryFloatsPerFish * 4;

// Frame 0 is the state before the first recorded step, frame f the state `f * every` steps later; a run of
// `steps` steps records steps / every + 1 frames (steps after the last multiple of every are not recorded).
constexpr uint64_t trajectoryFrames(uint64_t steps, uint64_t every) { return steps / every + 1; }

// Writes school.count() * 4 floats (out must hold them), in the file's order.
void packTrajectoryFrame(const School& school, float* out);
// The same frame as little-endian bytes (count() * 16 of them), whatever the host's byte order.
void packTrajectoryFrameBytes(const School& school, unsigned char* out);

// What the side-car JSON (FILE.json beside the CLI's file; `meta` of school.trajectory() in the browser) says.
struct TrajectoryMeta {
  std::string hash;  // the run's URL hash (with t= when the run seeked first)
  int fish = 0;
  uint64_t frames = 0, every = 1;
  uint64_t startStep = 0;  // step count at frame 0 (the t= seek's steps)
  uint64_t steps = 0;      // steps run after frame 0
  double width = 0, height = 0;
  std::vector<std::string> events;  // the CLI's --event texts, in the order given
};
TrajectoryMeta trajectoryMeta(const School& school, const std::string& hash, uint64_t steps, uint64_t every);
std::string trajectoryMetaJson(const TrajectoryMeta& meta);

}  // namespace mirofish
