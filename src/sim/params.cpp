// Parameter table lookups, validation at the edges, presets and the S-SIM-13 sanity check.
#include "sim/params.h"

#include <cmath>

#include "base/constants.h"
#include "base/number_text.h"
#include "sim/species.h"

namespace mirofish {

double Params::get(ParamId id) const { return const_cast<Params*>(this)->ref(id); }

double& Params::ref(ParamId id) {
  switch (id) {
#define MIROFISH_CASE(field, ...) \
  case ParamId::field: return field;
    MIROFISH_PARAMS(MIROFISH_CASE)
#undef MIROFISH_CASE
  }
  return fish;  // unreachable: every enum value has a case
}

bool parseDecimal(const std::string& s, double* out) {
  size_t i = 0, n = s.size();
  if (n == 0 || n > size_t(kMaxNumberLength)) return false;  // base/constants.h
  if (s[i] == '+' || s[i] == '-') ++i;
  size_t digits = 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    ++i;
    ++digits;
  }
  if (i < n && s[i] == '.') {
    ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      ++i;
      ++digits;
    }
  }
  if (digits == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    size_t e = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      ++i;
      ++e;
    }
    if (e == 0) return false;
  }
  if (i != n) return false;
  *out = decimalValue(s.data(), s.size());  // may be +-inf for 1e999: caught by setParam
  return true;
}

const char* groupName(ParamGroup g) {
  switch (g) {
    case ParamGroup::Sim: return "sim";
    case ParamGroup::Pointer: return "pointer";
    case ParamGroup::View: return "view";
    case ParamGroup::Page: return "page";
  }
  return "sim";
}

const char* scaleName(ParamScale s) {
  switch (s) {
    case ParamScale::Linear: return "linear";
    case ParamScale::Log: return "log";
    case ParamScale::Seed: return "seed";
    case ParamScale::Box: return "box";
  }
  return "linear";
}

int findParam(const std::string& s) {
  for (int i = 0; i < kParamCount; ++i)
    if (s == kParamInfo[i].key || s == kParamInfo[i].name) return i;
  return -1;
}

double quantize(const ParamInfo& info, double v) {
  if (info.integer) return std::floor(v + 0.5);
  return std::floor(v * 1000.0 + 0.5) / 1000.0;
}

static std::string fmt(double v) { return formatG(v, 15); }

bool paramValueByName(ParamId id, const std::string& name, double* value) {
  int index = 0;
  for (const char* at = kParamValues[int(id)]; *at; ++index) {
    const char* end = at;
    while (*end && *end != '|') ++end;
    if (name.size() == size_t(end - at) && name.compare(0, name.size(), at, name.size()) == 0) {
      *value = index;
      return true;
    }
    at = *end ? end + 1 : end;
  }
  return false;
}

ParamStatus setParam(Params& p, ParamId id, double value, Warning* warning) {
  const ParamInfo& info = kParamInfo[int(id)];
  if (!std::isfinite(value)) {
    if (warning) *warning = makeWarning(WarningId::ParamNotFinite, {info.name, info.key, fmt(p.get(id))});
    return ParamStatus::NotFinite;
  }
  double q = quantize(info, value);
  ParamStatus status = ParamStatus::Ok;
  if (q < info.min || q > info.max) {
    double clamped = q < info.min ? info.min : info.max;
    if (warning)
      *warning = makeWarning(WarningId::ParamClamped,
                             {info.name, info.key, fmt(value), fmt(info.min), fmt(info.max), info.unit, fmt(clamped)});
    q = clamped;
    status = ParamStatus::Clamped;
  }
  p.ref(id) = q;
  return status;
}

Params withinRange(const Params& in) {
  Params out = in;
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& info = kParamInfo[i];
    double& v = out.ref(ParamId(i));
    if (!std::isfinite(v)) v = info.def;
    if (v < info.min) v = info.min;
    if (v > info.max) v = info.max;
  }
  return out;
}

namespace {
// The fields a preset sets, with their "tuned" values (S-SIM-2, seeds/000 §6.2: the seed's four tuning steps);
// "default" sets the same fields back to their defaults.
struct PresetField {
  double Params::*field;
  double tuned;
};
constexpr PresetField kPresetFields[] = {
    {&Params::cohWeight, 1.4}, {&Params::cohRadius, 80}, {&Params::aliWeight, 1.5}, {&Params::aliRadius, 70},
    {&Params::sepWeight, 2.2}, {&Params::sepRadius, 28}, {&Params::maxForce, 160}};
}  // namespace

bool applyPreset(Params& p, const std::string& name) {
  const bool tuned = name == "tuned";
  if (!tuned && name != "default") return false;
  const Params defaults;
  for (const PresetField& f : kPresetFields) p.*f.field = tuned ? f.tuned : defaults.*f.field;
  return true;
}

double topSpeedFactor(const Params& p) {
  return std::fmax(double(kSprintSpeedFactor), p.panicSpeed) * double(fastestSpecies(int(p.species)));
}

std::string sanityWarning(const Params& p) {
  double minR = std::fmin(p.sepRadius, std::fmin(p.aliRadius, p.cohRadius));
  double perStep = p.maxSpeed * topSpeedFactor(p) * (1.0 + p.variation) / double(kStepHz);
  std::string w;
  if (perStep >= 0.5 * minR)
    w += "a fish can move " + fmt(std::floor(perStep * 10 + 0.5) / 10) +
         " px per step, more than half the smallest radius (" + fmt(minR) + " px): raise the radii or lower vmax. ";
  if (p.maxForce < 1.0 * p.maxSpeed || p.maxForce > 3.0 * p.maxSpeed)
    w += "fmax should be about 1.5-2 x vmax (now " + fmt(p.maxForce) + " vs " + fmt(p.maxSpeed) + "). ";
  if (p.minSpeed > p.maxSpeed) w += "vmin is above vmax; fish swim at vmax. ";
  if (!w.empty()) w.pop_back();
  return w;
}

}  // namespace mirofish
