// The only Embind block: the parameter table, the Pond and its plain result structs, as JS values.
#include <emscripten/bind.h>

#include "sim/hash_codec.h"
#include "sim/params.h"
#include "web/pond.h"

using emscripten::val;

namespace mirofish {
namespace {

const char* groupName(ParamGroup g) {
  switch (g) {
    case ParamGroup::Sim: return "sim";
    case ParamGroup::Pointer: return "pointer";
    case ParamGroup::View: return "view";
  }
  return "sim";
}

// The table as [{name, key, unit, def, min, max, integer, group, help}], so the shim hard-codes no parameter.
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
    row.set("help", std::string(p.help));
    table.set(i, row);
  }
  return table;
}

val stringsToArray(const std::vector<std::string>& v) {
  val a = val::array();
  for (size_t i = 0; i < v.size(); ++i) a.set(unsigned(i), v[i]);
  return a;
}

val pondApplyHash(Pond& pond, const std::string& hash) {
  HashResult r = pond.applyHash(hash);
  val o = val::object();
  o.set("anyKey", r.anyKey);
  o.set("hasSeek", r.hasSeek);
  o.set("seekSeconds", r.seekSeconds);
  o.set("warnings", stringsToArray(r.warnings));
  return o;
}

val pondParams(const Pond& pond) {
  val o = val::object();
  for (int i = 0; i < kParamCount; ++i) o.set(kParamInfo[i].name, pond.params().get(ParamId(i)));
  return o;
}

}  // namespace
}  // namespace mirofish

EMSCRIPTEN_BINDINGS(mirofish) {
  using namespace emscripten;
  using namespace mirofish;

  value_object<SetResult>("SetResult")
      .field("status", &SetResult::status)
      .field("value", &SetResult::value)
      .field("warning", &SetResult::warning);

  value_object<PondStats>("PondStats")
      .field("fish", &PondStats::fish)
      .field("steps", &PondStats::steps)
      .field("rendering", &PondStats::rendering)
      .field("drawCalls", &PondStats::drawCalls);

  function("paramTable", &paramTable);

  class_<Pond>("Pond")
      .constructor<>()
      .function("attach", &Pond::attach)
      .function("set", &Pond::set)
      .function("get", &Pond::get)
      .function("has", &Pond::has)
      .function("params", &pondParams)
      .function("applyHash", &pondApplyHash)
      .function("encodeHash", &Pond::encodeHash)
      .function("sanityWarning", &Pond::sanityWarning)
      .function("begin", &Pond::begin)
      .function("advance", &Pond::advance)
      .function("step", &Pond::step)
      .function("setDetail", &Pond::setDetail)
      .function("setViewport", &Pond::setViewport)
      .function("pointer", &Pond::pointer)
      .function("scare", &Pond::scare)
      .function("render", &Pond::render)
      .function("contextLost", &Pond::contextLost)
      .function("contextRestored", &Pond::contextRestored)
      .function("stats", &Pond::stats)
      .function("stateHash", &Pond::stateHash)
      .function("count", &Pond::count)
      .function("release", &Pond::release);
}
