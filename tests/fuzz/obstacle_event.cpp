// Fuzz target: the obstacle and event specs of `mirofish run` (--obstacle rect:X,Y,W,H | circle:X,Y,R, parseObstacle;
// --event scare@T:X,Y | ... | set@T:KEY=VALUE, through run's flag parsing). The first byte picks which; the rest
// is the spec. An obstacle that parses is bucketed into a field and measured from a few points: all finite.
#include <string>

#include "cli/run_command.h"
#include "fuzz_check.h"
#include "sim/obstacles.h"

using namespace mirofish;

namespace {

void checkObstacle(const std::string& spec) {
  Obstacle o;
  std::string error;
  if (!parseObstacle(spec, &o, &error)) {
    FUZZ_CHECK(!error.empty());  // it quotes the flag's text, as the CLI was given it
    return;
  }
  FUZZ_CHECK(error.empty());
  FUZZ_CHECK(std::isfinite(o.x) && std::isfinite(o.y) && std::isfinite(o.w) && std::isfinite(o.h));
  FUZZ_CHECK(o.w >= 0 && o.h >= 0 && std::fabs(o.x) <= 1e7f && std::fabs(o.y) <= 1e7f && o.w <= 1e7f && o.h <= 1e7f);
  FUZZ_CHECK(o.kind == Obstacle::Rect || o.h == 0);
  ObstacleField field;
  field.set(&o, 1, 1600, 900, 64);
  FUZZ_CHECK(field.count() == 1);
  static const float kPoints[][2] = {{0, 0}, {800, 450}, {1600, 900}, {-50, 2000}};
  for (const auto& pt : kPoints) {
    float nx = 0, ny = 0;
    const float d = obstacleDistance(o, pt[0], pt[1], &nx, &ny);
    FUZZ_CHECK(std::isfinite(d) && std::isfinite(nx) && std::isfinite(ny));
    const int *begin = nullptr, *end = nullptr;
    field.near(pt[0], pt[1], &begin, &end);
    FUZZ_CHECK(begin <= end && end - begin <= 1);
    for (const int* k = begin; k != end; ++k) FUZZ_CHECK(*k == 0);
  }
}

void checkEvent(const std::string& spec) {
  CliArgs args;
  args.args = {"--event", spec};
  RunRequest r;
  try {
    r = readRunRequest(args);
  } catch (const CliError& e) {
    FUZZ_CHECK(!e.message.empty());
    return;
  }
  FUZZ_CHECK(r.events.size() == 1);
  const RunEvent& e = r.events[0];
  FUZZ_CHECK(e.text == spec);
  FUZZ_CHECK(e.step >= 0 && e.step <= 600000000);  // 0..1e7 s at 60 steps/s
  FUZZ_CHECK(std::isfinite(e.x) && std::isfinite(e.y) && std::fabs(e.x) <= 1e9f && std::fabs(e.y) <= 1e9f);
  switch (e.kind) {
    case RunEvent::Set: {
      FUZZ_CHECK(e.param >= 0 && e.param < kParamCount && std::isfinite(e.value));
      Params p;  // as the run applies it: clamped and quantized, with a warning
      Warning warning{WarningId::ParamClamped, ""};
      setParam(p, ParamId(e.param), e.value, &warning);
      fuzz::checkInRange(p);
      break;
    }
    case RunEvent::PointerOff: FUZZ_CHECK(e.x == 0 && e.y == 0); break;
    case RunEvent::Scare:
    case RunEvent::Feed:
    case RunEvent::Pointer: FUZZ_CHECK(e.param == -1); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string spec = fuzz::text(data + 1, size - 1);
  if (data[0] & 1)
    checkEvent(spec);
  else
    checkObstacle(spec);
  return 0;
}
