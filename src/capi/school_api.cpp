// A school through the C interface (mirofish_c.h): made as `mirofish run --hash` makes it, stepped, its events, its
// fish without a copy, its metrics and hashes.
#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "base/constants.h"
#include "capi/last_error.h"
#include "capi/mirofish_c.h"
#include "capi/school_handle.h"
#include "link/hash_codec.h"
#include "sim/metrics_csv.h"
#include "sim/school.h"
#include "sweep/sweep_plan.h"  // hashWithSeek: t= as the CLI writes it

namespace mirofish {

namespace {

const char* orEmpty(const char* s) { return s ? s : ""; }

// A parameter a school here may change: by name or key, one a hash carries. Throws Refused.
ParamId settable(const char* name) {
  const int id = findParam(orEmpty(name));
  if (id < 0) throw Refused("unknown parameter '" + echoed(orEmpty(name)) + "' (mirofish.params() lists them)");
  if (!inHash(kParamInfo[id]))
    throw Refused(std::string(kParamInfo[id].name) +
                  " is the page's own setting, never in a hash; a school here has none");
  return ParamId(id);
}

void checkPosition(const char* what, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y) || std::fabs(x) > 1e9 || std::fabs(y) > 1e9)
    throw Refused(std::string(what) + ": the position must be finite and within +-1e9 px");
}

}  // namespace

}  // namespace mirofish

using namespace mirofish;

extern "C" {

int mf_abi_version(void) { return MF_ABI_VERSION; }
const char* mf_version(void) { return kVersion; }
const char* mf_last_error(void) { return lastError(); }

mf_school* mf_school_new(const char* hash) {
  return guarded<mf_school*>(nullptr, [&]() -> mf_school* {
    std::string text = orEmpty(hash);
    if (!text.empty() && text[0] == '#') text.erase(0, 1);
    const DecodedHash d = decodeHash(text);
    if (!d.warnings.empty()) throw Refused(refusals(d.warnings));
    if (!text.empty() && !d.anyKey) throw Refused("'" + echoed(text) + "' holds no MiroFish parameter (n=300&seed=7)");
    std::unique_ptr<mf_school> s(new mf_school(d.params));
    std::string why;
    if (!s->school.formFromHash(d.form, d.formAt, &why)) throw Refused("form=" + formSpecValue(d.form) + ": " + why);
    s->form = d.form;
    s->formAt = d.formAt;
    s->school.setMetrics(true, 0);  // as run: the record every step, full metrics on the steps asked for
    const long long seek = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;  // as run rounds it
    for (long long k = 0; k < seek; ++k) {
      if (k + 1 == seek) s->school.measureNextStep();
      s->school.step();
    }
    s->measured = seek > 0;
    return s.release();
  });
}

void mf_school_free(mf_school* school) { delete school; }

int mf_school_step(mf_school* s, long long k, int measureLast) {
  return guarded(-1, [&]() {
    if (k < 0) throw Refused("step: k must be >= 0, got " + std::to_string(k));
    for (long long i = 0; i < k; ++i) {
      if (measureLast && i + 1 == k) s->school.measureNextStep();
      s->school.step();
    }
    if (k > 0 && measureLast) s->measured = true;
    return 0;
  });
}

void mf_school_measure_every(mf_school* s, uint64_t every) { s->school.setMetrics(true, every); }

int mf_school_count(const mf_school* s) { return s->school.count(); }
uint64_t mf_school_step_count(const mf_school* s) { return s->school.stepCount(); }
uint64_t mf_school_state_hash(const mf_school* s) { return s->school.stateHash(); }

size_t mf_school_hash(const mf_school* s, int atStep, char* buf, size_t size) {
  const std::string encoded = encodeHash(s->school.params(), s->form, s->formAt);
  return copyOut(atStep ? hashWithSeek(encoded, (long long)s->school.stepCount()) : encoded, buf, size);
}

int mf_school_get(const mf_school* s, const char* name, double* value) {
  return guarded(-1, [&]() {
    const int id = findParam(orEmpty(name));
    if (id < 0) throw Refused("unknown parameter '" + echoed(orEmpty(name)) + "' (mirofish.params() lists them)");
    *value = s->school.params().get(ParamId(id));
    return 0;
  });
}

int mf_school_set(mf_school* s, const char* name, double value) {
  return guarded(-1, [&]() {
    const ParamId id = settable(name);
    Params next = s->school.params();
    Warning w;
    if (setParam(next, id, value, &w) != ParamStatus::Ok) throw Refused(refusal(w.text));  // the school unchanged
    s->school.setParams(next);
    return 0;
  });
}

int mf_school_set_named(mf_school* s, const char* name, const char* valueName) {
  return guarded(-1, [&]() {
    const ParamId id = settable(name);
    double v = 0;
    if (!paramValueByName(id, orEmpty(valueName), &v))
      throw Refused(std::string(kParamInfo[int(id)].name) + ": '" + echoed(orEmpty(valueName)) +
                    "' is not one of its values" +
                    (*kParamValues[int(id)] ? std::string(" (") + kParamValues[int(id)] + ")" : " (it takes numbers)"));
    return mf_school_set(s, name, v);
  });
}

int mf_school_scare(mf_school* s, double x, double y) {
  return guarded(-1, [&]() {
    checkPosition("scare", x, y);
    s->school.scare(float(x), float(y));
    return 0;
  });
}

int mf_school_feed(mf_school* s, double x, double y) {
  return guarded(-1, [&]() {
    checkPosition("feed", x, y);
    s->school.feed(float(x), float(y));
    return 0;
  });
}

int mf_school_pointer(mf_school* s, int present, double x, double y) {
  return guarded(-1, [&]() {
    if (!present) {
      s->school.setPointer(false, 0, 0);
      return 0;
    }
    checkPosition("pointer", x, y);
    s->school.setPointer(true, float(x), float(y));
    return 0;
  });
}

void mf_school_fish(const mf_school* s, mf_fish_view* out) {
  const FishArrays& f = s->school.fish();
  out->count = f.count;
  out->x = f.x.data();
  out->y = f.y.data();
  out->vx = f.vx.data();
  out->vy = f.vy.data();
  out->hx = f.hx.data();
  out->hy = f.hy.data();
  out->state = f.state.data();
  out->species = f.species.data();
  out->depth = f.depth.data();
  out->panic = f.panic.data();
}

const char* mf_fish_state_name(int state) {
  return state >= 0 && state < kFishStates ? fishStateName(FishState(state)) : nullptr;
}

int mf_metric_count(void) { return kMetricColumnCount; }
const char* mf_metric_name(int c) { return c >= 0 && c < kMetricColumnCount ? kMetricColumns[c].name : nullptr; }
int mf_metric_is_category(int c) { return c >= 0 && c < kMetricColumnCount && kMetricColumns[c].category ? 1 : 0; }

int mf_school_metrics(const mf_school* s, double* out) {
  if (!s->measured) {
    setLastError("metrics: no step has been measured yet (step first)");
    return -1;
  }
  clearLastError();
  const StepMetrics& m = s->school.metrics();
  for (int c = 0; c < kMetricColumnCount; ++c)
    out[c] = kMetricColumns[c].number ? kMetricColumns[c].number(m) : double(int(m.state));
  return 0;
}

const char* mf_school_metric_category(const mf_school* s, int c) {
  if (c < 0 || c >= kMetricColumnCount || !kMetricColumns[c].category) return nullptr;
  return kMetricColumns[c].category(s->school.metrics());
}

size_t mf_school_metrics_row(const mf_school* s, char* buf, size_t size) {
  char row[kMetricsCsvRowMax];
  const size_t n = metricsCsvRow(s->school.metrics(), row);
  return copyOut(std::string(row, n), buf, size);
}

size_t mf_metrics_header(char* buf, size_t size) { return copyOut(metricsCsvHeader(), buf, size); }

uint64_t mf_school_measured_step(const mf_school* s) { return s->school.metrics().step; }

int mf_param_count(void) { return kParamCount; }

int mf_param_info_at(int i, mf_param_info* out) {
  if (i < 0 || i >= kParamCount) return -1;
  const ParamInfo& p = kParamInfo[i];
  *out = {p.name, p.key, p.unit, kParamHelp[i],     kParamValues[i],
          p.def,  p.min, p.max,  p.integer ? 1 : 0, inHash(p) ? 1 : 0};
  return 0;
}

}  // extern "C"
