// Trajectory frames and their side-car JSON, shared by `mirofish run --trajectory` and school.trajectory().
#include "sim/trajectory.h"

#include <cstring>

#include "base/number_text.h"
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
  static const char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

// Numbers through number_text, not printf: printf would pull the C library's soft float into the page's wasm.
std::string whole(uint64_t v) { return formatG(double(v), 17); }

}  // namespace

std::string trajectoryMetaJson(const TrajectoryMeta& m) {
  std::string out = "{\n  \"format\": \"mirofish-trajectory\",\n";
  out += "  \"version\": " + whole(uint64_t(kTrajectoryFormatVersion)) + ",\n";
  out += "  \"hash\": " + quoted(m.hash) + ",\n";
  out += "  \"fish\": " + whole(uint64_t(m.fish)) + ",\n";
  out += "  \"frames\": " + whole(m.frames) + ",\n";
  out += "  \"every\": " + whole(m.every) + ",\n";
  out += "  \"startStep\": " + whole(m.startStep) + ",\n";
  out += "  \"steps\": " + whole(m.steps) + ",\n";
  out += "  \"stepSeconds\": " + formatG(FixedStep::kDt, 17) + ",\n";
  out += "  \"width\": " + formatG(m.width, 10) + ",\n";
  out += "  \"height\": " + formatG(m.height, 10) + ",\n";
  out += "  \"fields\": [\"x\", \"y\", \"vx\", \"vy\"],\n";
  out += "  \"units\": [\"px\", \"px\", \"px/s\", \"px/s\"],\n";
  out += "  \"byteOrder\": \"little-endian\",\n";
  out += "  \"bytesPerFrame\": " + whole(uint64_t(m.fish) * kTrajectoryBytesPerFish) + ",\n";
  out +=
      "  \"layout\": \"float32 at index (frame * fish + i) * 4 + field; frame f is the state at step "
      "startStep + f * every\",\n";
  out += "  \"events\": [";
  for (size_t i = 0; i < m.events.size(); ++i) out += (i ? ", " : "") + quoted(m.events[i]);
  out += "]\n}\n";
  return out;
}

}  // namespace mirofish
