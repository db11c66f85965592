// The only Embind block: the parameter table, the Pond and its plain result structs, the trajectory run, as JS values.
#include <emscripten/bind.h>

#include <limits>

#include "base/constants.h"
#include "link/hash_codec.h"
#include "render/core/koi_bake.h"
#include "sim/params.h"
#include "web/pond.h"
#include "web/trajectory_run.h"

using emscripten::val;

namespace mirofish {
namespace {

// The table as [{name, key, unit, def, min, max, integer, group, help, inHash, values, scale}], so the JS hard-codes
// no parameter. help is "" here: the page never shows it (the studio fills it in from its own core, studio_param_help).
val paramTable() {
  val table = val::array();
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& p = kParamInfo[i];
    val row = val::object();
    row.set("name", std::string(p.name));
    row.set("key", std::string(p.key));
    row.set("unit", std::string(p.unit));
    row.set("def", p.def);
    row.set("min", p.min);
    row.set("max", p.max);
    row.set("integer", p.integer);
    row.set("group", std::string(groupName(p.group)));
    row.set("help", std::string());
    row.set("inHash", inHash(p));
    row.set("values", std::string(kParamValues[i]));  // "auto|high|low": the names of a named option's values
    row.set("scale", std::string(scaleName(paramScale(ParamId(i)))));  // how a control shows it (the studio's)
    table.set(i, row);
  }
  return table;
}

// The warnings' sentences (the page prints them; their ids stay in C++, where the tests read them).
val warningTexts(const std::vector<Warning>& v) {
  val a = val::array();
  for (size_t i = 0; i < v.size(); ++i) a.set(unsigned(i), v[i].text);
  return a;
}

// The hash's and the CLI's number grammar (params.h parseDecimal) for the JS's option strings: NaN when not a
// number of that grammar, which setParam then rejects with its warning.
double parseNumber(const std::string& text) {
  double v = 0;
  return parseDecimal(text, &v) ? v : std::numeric_limits<double>::quiet_NaN();
}

val pondApplyHash(Pond& pond, const std::string& hash) {
  HashResult r = pond.applyHash(hash);
  val o = val::object();
  o.set("anyKey", r.anyKey);
  o.set("hasSeek", r.hasSeek);
  o.set("seekSeconds", r.seekSeconds);
  o.set("seekSteps", double(r.seekSteps));
  o.set("hasWorld", r.hasWorld);
  o.set("warnings", warningTexts(r.warnings));
  return o;
}

val pondParams(const Pond& pond) {
  val o = val::object();
  for (int i = 0; i < kParamCount; ++i) o.set(kParamInfo[i].name, pond.params().get(ParamId(i)));
  return o;
}

// Views straight into the wasm heap (no copy): valid until the heap grows, so the engine copies them out at once
// (commands.js postStudioFrame). k is a studio array index of the constants table (base/constants.h kStudio*).
val pondStudioArray(Pond& pond, int k) {
  if (k == kStudioMetrics || k == kStudioStates) {
    const uint8_t* bytes = pond.studioBytes(k);
    const size_t length = k == kStudioMetrics ? sizeof(StepMetrics) : size_t(pond.count());
    return bytes ? val(emscripten::typed_memory_view(length, bytes)) : val::null();
  }
  const float* data = pond.studioArray(k);
  return data ? val(emscripten::typed_memory_view(size_t(pond.count()), data)) : val::null();
}

// Issue 59: the snapshot as a view into the heap (copied out at once, as the studio's arrays), null when there is
// none; and room for one, which the JS fills before pond.continueFrom().
val pondSnapshot(Pond& pond) {
  const std::vector<uint8_t>& bytes = pond.snapshot();
  return bytes.empty() ? val::null() : val(emscripten::typed_memory_view(bytes.size(), bytes.data()));
}
val pondSnapshotRoom(Pond& pond, int n) {
  const uint8_t* room = pond.snapshotRoom(n);
  return val(emscripten::typed_memory_view(size_t(n > 0 ? n : 0), room));
}

// A real wasm trap (`unreachable`), for the browser suite's failure tests (tests/browser/failure.test.js): the test
// bundle's hook calls it to prove a trapped engine heals. A few bytes in the shipped wasm; nothing else calls it.
[[noreturn]] void trap() { __builtin_trap(); }

}  // namespace
}  // namespace mirofish

EMSCRIPTEN_BINDINGS(mirofish) {
  using namespace emscripten;
  using namespace mirofish;

  enum_<ParamStatus>("ParamStatus")
      .value("Ok", ParamStatus::Ok)
      .value("Clamped", ParamStatus::Clamped)
      .value("NotFinite", ParamStatus::NotFinite)
      .value("Unknown", ParamStatus::Unknown);

  value_object<SetResult>("SetResult")
      .field("status", &SetResult::status)
      .field("value", &SetResult::value)
      .field("warning", &SetResult::warning);

  value_object<FormResult>("FormResult").field("ok", &FormResult::ok).field("warning", &FormResult::warning);

  value_object<PondStats>("PondStats")
      .field("fish", &PondStats::fish)
      .field("steps", &PondStats::steps)
      .field("rendering", &PondStats::rendering)
      .field("drawCalls", &PondStats::drawCalls)
      .field("scares", &PondStats::scares)
      .field("feeds", &PondStats::feeds)
      .field("pellets", &PondStats::pellets)
      .field("eaten", &PondStats::eaten)
      .field("cruise", &PondStats::cruise)
      .field("sprint", &PondStats::sprint)
      .field("hover", &PondStats::hover)
      .field("startle", &PondStats::startle)
      .field("form", &PondStats::form)
      .field("formPhase", &PondStats::formPhase)
      .field("formTargets", &PondStats::formTargets)
      .field("formSettled", &PondStats::formSettled)
      .field("formAdded", &PondStats::formAdded);

  function("paramTable", &paramTable);
  function("parseNumber", &parseNumber);
  function("bakeKoiSlice", &bakeSharedKoiSlice);
  function("trap", &trap);

  class_<Pond>("Pond")
      .constructor<>()
      .function("attach", &Pond::attach)
      .function("set", &Pond::set)
      .function("get", &Pond::get)
      .function("params", &pondParams)
      .function("applyHash", &pondApplyHash)
      .function("encodeHash", &Pond::encodeHash)
      .function("sanityWarning", &Pond::sanityWarning)
      .function("setPageText", &Pond::setPageText)
      .function("waterToneWarning", &Pond::waterToneWarning)
      .function("setDetail", &Pond::setDetail)
      .function("begin", &Pond::begin)
      .function("advance", &Pond::advance)
      .function("step", &Pond::step)
      .function("setViewport", &Pond::setViewport)
      .function("pointer", &Pond::pointer)
      .function("scare", &Pond::scare)
      .function("feed", &Pond::feed)
      .function("click", &Pond::click)
      .function("render", &Pond::render)
      .function("contextLost", &Pond::contextLost)
      .function("contextRestored", &Pond::contextRestored)
      .function("stageObstacle", &Pond::stageObstacle)
      .function("commitObstacles", &Pond::commitObstacles)
      .function("obstacleCount", &Pond::obstacleCount)
      .function("obstacleEdge", &Pond::obstacleEdge)
      .function("stats", &Pond::stats)
      .function("form", &Pond::form)
      .function("releaseForm", &Pond::releaseForm)
      .function("stateHash", &Pond::stateHash)
      .function("snapshot", &pondSnapshot)
      .function("snapshotRoom", &pondSnapshotRoom)
      .function("continueFrom", &Pond::continueFrom)
      .function("count", &Pond::count)
      .function("setMetrics", &Pond::setMetrics)
      .function("studioArray", &pondStudioArray)
      .function("release", &Pond::release);

  class_<TrajectoryRun>("TrajectoryRun")
      .constructor<std::string>()
      .function("frame", &TrajectoryRun::frame)
      .function("meta", &TrajectoryRun::meta);
}
