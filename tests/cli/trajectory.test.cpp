// `mirofish run --trajectory`: frame k of the file is, bit for bit, a School stopped at step k * every (S-DEV-6).
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "base/fnv1a.h"
#include "cli/run_command.h"
#include "link/hash_codec.h"
#include "sim/school.h"
#include "sim/trajectory.h"

using namespace mirofish;

namespace {

std::vector<unsigned char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string readText(const std::string& path) {
  std::vector<unsigned char> b = readFile(path);
  return std::string(b.begin(), b.end());
}

// The trajectory's JSON side file holds each of these parts (INFO names a missing one).
void checkJsonHas(const std::string& json, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts) {
    INFO(part);
    CHECK(json.find(part) != std::string::npos);
  }
}

// Removes a trajectory file and its JSON side file.
void removeTrajectory(const std::string& path) {
  std::remove(path.c_str());
  std::remove((path + ".json").c_str());
}

// `mirofish run ARGS...` in-process (what main() does after the command name).
int runCli(std::vector<std::string> args) {
  CliArgs a;
  a.args = std::move(args);
  return runCommand(a);
}

// Frame `frame` of a trajectory file as little-endian float32, decoded by hand (not with the writer's code).
std::vector<float> frameOf(const std::vector<unsigned char>& file, int fish, uint64_t frame) {
  std::vector<float> out(size_t(fish) * 4);
  const size_t base = size_t(frame) * size_t(fish) * 16;
  for (size_t k = 0; k < out.size(); ++k) {
    const unsigned char* p = &file[base + 4 * k];
    const uint32_t u = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    std::memcpy(&out[k], &u, 4);
  }
  return out;
}

// Bitwise: the same float bits for x, y, vx, vy of every fish.
bool sameBits(const std::vector<float>& frame, const School& school) {
  const FishArrays& f = school.fish();
  for (int i = 0; i < f.count; ++i) {
    const float want[4] = {f.x[i], f.y[i], f.vx[i], f.vy[i]};
    if (std::memcmp(&frame[size_t(i) * 4], want, sizeof want) != 0) return false;
  }
  return true;
}

uint64_t fnv1a(const unsigned char* p, size_t n) { return fnv1aBytes(kFnvOffset, p, n); }

}  // namespace

TEST_CASE("trajectory: frame k is the school at step k * every", "[trajectory][cli]") {
  const std::string path = "trajectory_test.f32";
  const std::string hash = "n=37&seed=11";
  const int steps = 95, every = 10;  // 95 is not a multiple: the last 5 steps are not recorded
  REQUIRE(runCli({"--hash", hash, "--steps", std::to_string(steps), "--every", std::to_string(every), "--trajectory",
                  path}) == 0);
  const std::vector<unsigned char> file = readFile(path);
  const uint64_t frames = trajectoryFrames(steps, every);
  CHECK(frames == 10);
  REQUIRE(file.size() == frames * 37 * 16);

  School school(decodeHash(hash).params);
  // Out of order, as a frame renderer reads them: frames 7, 0, 9, 3 each compared with a school stopped there.
  for (uint64_t k : {7, 0, 9, 3}) {
    School stopped(decodeHash(hash).params);
    stopped.steps(int(k) * every);
    CAPTURE(k);
    CHECK(sameBits(frameOf(file, 37, k), stopped));
  }
  // And every frame in order against one school, with the frame's FNV-1a equal to its state hash.
  for (uint64_t k = 0; k < frames; ++k) {
    if (k) school.steps(every);
    CAPTURE(k);
    CHECK(sameBits(frameOf(file, 37, k), school));
    CHECK(fnv1a(&file[size_t(k) * 37 * 16], 37 * 16) == school.stateHash());
  }
  // One frame differs from the next: the file is not one state repeated.
  CHECK(std::memcmp(&file[0], &file[37 * 16], 37 * 16) != 0);

  const std::string json = readText(path + ".json");
  checkJsonHas(json, {"\"format\": \"mirofish-trajectory\"", "\"version\": 1,",
                      "\"hash\": \"" + encodeHash(decodeHash(hash).params) + "\"", "\"fish\": 37,", "\"frames\": 10,",
                      "\"every\": 10,", "\"startStep\": 0,", "\"steps\": 95,", "\"width\": 1600,", "\"height\": 900,",
                      "\"bytesPerFrame\": 592,"});
  removeTrajectory(path);
}

TEST_CASE("trajectory: after a t= seek, frame 0 is the seeked state; events are listed", "[trajectory][cli]") {
  const std::string path = "trajectory_seek_test.f32";
  // t=0.5 is 30 steps; a scare at 1 s (step 60) lands inside the recorded part.
  REQUIRE(runCli({"--hash", "n=20&seed=4&t=0.5", "--steps", "60", "--every", "15", "--trajectory", path, "--event",
                  "scare@1:800,450"}) == 0);
  const std::vector<unsigned char> file = readFile(path);
  REQUIRE(file.size() == 5 * 20 * 16);
  School school(decodeHash("n=20&seed=4").params);
  school.steps(30);
  CHECK(sameBits(frameOf(file, 20, 0), school));
  school.steps(15);
  CHECK(sameBits(frameOf(file, 20, 1), school));
  school.steps(15);  // step 60: the scare is applied before the step that reaches it
  school.scare(800, 450);
  school.steps(15);
  CHECK(sameBits(frameOf(file, 20, 3), school));
  const std::string json = readText(path + ".json");
  checkJsonHas(json, {"&t=0.5\"", "\"startStep\": 30,", "\"events\": [\"scare@1:800,450\"]"});
  removeTrajectory(path);
}

TEST_CASE("trajectory: --every 1 records every step; the last frame hashes to run's state hash", "[trajectory][cli]") {
  const std::string path = "trajectory_every1_test.f32";
  REQUIRE(runCli({"--hash", "n=8&seed=2", "--steps", "12", "--trajectory", path}) == 0);
  const std::vector<unsigned char> file = readFile(path);
  REQUIRE(file.size() == 13 * 8 * 16);
  School school(decodeHash("n=8&seed=2").params);
  school.steps(12);
  CHECK(fnv1a(&file[12 * 8 * 16], 8 * 16) == school.stateHash());
  removeTrajectory(path);
}
