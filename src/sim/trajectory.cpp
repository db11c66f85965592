// Trajectory frames and their side-car JSON, shared by `mirofish run --trajectory` and school.trajectory().
#include "sim/trajectory.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "sim/school.h"

namespace mirofish {

void packTrajectoryFrame(const School& school, float* out) {
  const FishArrays& f = school.fish();
  for (int i = 0; i < f.count; ++i) {
    out[4 * i] = f.x[i];
    out[4 * i + 1] = f.y[i];
    out[4 * i + 2] = f.vx[i];
    out[4 * i + 3] = f.vy[i];
  }
}

void packTrajectoryFrameBytes(const School& school, unsigned char* out) {
  const FishArrays& f = school.fish();
  auto put = [](unsigned char* p, float v) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    for (int b = 0; b < 4; ++b) p[b] = (unsigned char)(u >> (8 * b));  // little-endian on any host
  };
  for (int i = 0; i < f.count; ++i) {
    unsigned char* p = out + size_t(i) * kTrajectoryBytesPerFish;
    put(p, f.x[i]);
    put(p + 4, f.y[i]);
    put(p + 8, f.vx[i]);
    put(p + 12, f.vy[i]);
  }
}

TrajectoryMeta trajectoryMeta(const School& school, const std::string& hash, uint64_t steps, uint64_t every) {
  TrajectoryMeta m;
  m.hash = hash;
  m.fish = school.count();
  m.every = every;
  m.steps = steps;
  m.frames = trajectoryFrames(steps, every);
  m.startStep = school.stepCount();
  m.width = school.params().width;
  m.height = school.params().height;
  return m;
}

namespace {

// JSON string: our hashes and event texts are printable ASCII, but escape anyway.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

}  // namespace

std::string trajectoryMetaJson(const TrajectoryMeta& m) {
  char buf[1024];
  std::snprintf(buf, sizeof buf,
                "{\n"
                "  \"format\": \"mirofish-trajectory\",\n"
                "  \"version\": %d,\n"
                "  \"hash\": %s,\n"
                "  \"fish\": %d,\n"
                "  \"frames\": %" PRIu64
                ",\n"
                "  \"every\": %" PRIu64
                ",\n"
                "  \"startStep\": %" PRIu64
                ",\n"
                "  \"steps\": %" PRIu64
                ",\n"
                "  \"stepSeconds\": %.17g,\n"
                "  \"width\": %.10g,\n"
                "  \"height\": %.10g,\n"
                "  \"fields\": [\"x\", \"y\", \"vx\", \"vy\"],\n"
                "  \"units\": [\"px\", \"px\", \"px/s\", \"px/s\"],\n"
                "  \"byteOrder\": \"little-endian\",\n"
                "  \"bytesPerFrame\": %" PRIu64
                ",\n"
                "  \"layout\": \"float32 at index (frame * fish + i) * 4 + field; frame f is the state at step "
                "startStep + f * every\",\n",
                kTrajectoryFormatVersion, quoted(m.hash).c_str(), m.fish, m.frames, m.every, m.startStep, m.steps,
                FixedStep::kDt, m.width, m.height, uint64_t(m.fish) * kTrajectoryBytesPerFish);
  std::string out = buf;
  out += "  \"events\": [";
  for (size_t i = 0; i < m.events.size(); ++i) out += (i ? ", " : "") + quoted(m.events[i]);
  out += "]\n}\n";
  return out;
}

}  // namespace mirofish
