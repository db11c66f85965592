// URL-hash codec: a strict number grammar, one warning per problem, never an exception or a NaN.
#include "link/hash_codec.h"

#include <utility>

#include "base/number_text.h"
#include "link/url_text.h"

namespace mirofish {

namespace {

// Links copied from address bars may come percent-encoded; a malformed escape is kept as typed.
std::string percentDecoded(const std::string& s) {
  std::string out;
  percentDecode(s, &out);
  return out;
}

}  // namespace

std::string formatValue(const ParamInfo& info, double v) {
  if (info.integer) return formatFixed(v, 0);
  std::string s = formatFixed(v, 3);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string encodeHash(const Params& p) {
  std::string out;
  for (int i = 0; i < kParamCount; ++i) {
    if (!inHash(kParamInfo[i])) continue;
    if (!out.empty()) out += '&';
    out += kParamInfo[i].key;
    out += '=';
    out += formatValue(kParamInfo[i], p.get(ParamId(i)));
  }
  return out;
}

std::string encodeHash(const Params& p, const FormSpec& form, double at) {
  std::string out = encodeHash(p);
  const std::string value = formSpecValue(form);
  if (value.empty()) return out;
  out += "&form=" + value;
  if (at > 0) out += "&at=" + formatValue(kParamInfo[int(ParamId::opacity)], at);  // 3 decimals, zeros cut
  return out;
}

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

// The hash's `key=value` parts, percent-decoded (form= excepted: parseFormSpec decodes its text once); a part without
// '=' is one warning.
Pairs splitPairs(const std::string& s, std::vector<Warning>* warnings) {
  Pairs pairs;
  size_t start = 0;
  while (start <= s.size()) {
    size_t amp = s.find('&', start);
    if (amp == std::string::npos) amp = s.size();
    std::string part = s.substr(start, amp - start);
    start = amp + 1;
    if (part.empty()) continue;
    size_t eq = part.find('=');
    if (eq == std::string::npos) {
      addWarning(warnings, WarningId::HashNotPair, {shown(part)});
      continue;
    }
    std::string key = percentDecoded(part.substr(0, eq));
    // form='s text is decoded once, by parseFormSpec: decoding it here too would turn an escaped '%' into an escape.
    pairs.emplace_back(key, key == "form" ? part.substr(eq + 1) : percentDecoded(part.substr(eq + 1)));
  }
  return pairs;
}

// The keys a link carries beside the parameters, once: preset=, t=, form=, at= and the studio's studio=.
enum class Special { None, Preset, Seek, Form, At, Studio };
Special specialKey(const std::string& key) {
  const char* const names[] = {"preset", "t", "form", "at", kStudioKey};
  for (int i = 0; i < 5; ++i)
    if (key == names[i]) return Special(i + 1);
  return Special::None;
}

// A hash none of whose keys is ours (#foo=bar, #section=2, a router's state) belongs to the page; studio=1 alone is
// the studio's.
bool anyOurs(const Pairs& pairs) {
  bool ours = false;
  for (auto& kv : pairs) {
    const Special k = specialKey(kv.first);
    ours = ours || (k != Special::None && k != Special::Studio) || findParam(kv.first) >= 0;
  }
  return ours;
}

// t= and at=: SECONDS into *out, clamped to 0..3600 s (a t= longer than a page's own maxSeek is refused, not
// clamped); false, with its warning, when nothing was read.
bool readSeconds(const char* key, const std::string& val, WarningId notNumber, double maxSeek, double* out,
                 std::vector<Warning>* warnings) {
  double v = 0;
  if (!parseDecimal(val, &v) || !(v == v) || v - v != 0) {
    addWarning(warnings, notNumber, {shown(val)});
    return false;
  }
  if (v > maxSeek && maxSeek < kMaxSeekSeconds) {
    addWarning(warnings, WarningId::HashSeekRefused,
               {shown(val), formatValue(kParamInfo[int(ParamId::maxSeek)], maxSeek)});
    return false;
  }
  if (v < 0 || v > kMaxSeekSeconds) {
    addWarning(warnings, WarningId::HashTimeClamped, {key, shown(val)});
    v = v < 0 ? 0 : kMaxSeekSeconds;
  }
  *out = v;
  return true;
}

// A parameter by key or name: the table's own checks (setParam), or one warning when it is not one a link may set.
void readParam(const std::string& key, const std::string& val, DecodedHash& r) {
  int id = findParam(key);
  if (id < 0) {
    addWarning(&r.warnings, WarningId::HashUnknownKey, {shown(key)});
    return;
  }
  r.anyKey = true;
  if (id == int(ParamId::width) || id == int(ParamId::height)) r.hasWorld = true;
  if (!inHash(kParamInfo[id])) {
    addWarning(&r.warnings, WarningId::HashPageSetting, {kParamInfo[id].name});
    return;
  }
  double v = 0;
  if (!parseDecimal(val, &v)) {
    addWarning(&r.warnings, WarningId::HashNotNumber,
               {kParamInfo[id].key, shown(val), formatValue(kParamInfo[id], r.params.get(ParamId(id)))});
    return;
  }
  Warning w;
  if (setParam(r.params, ParamId(id), v, &w) == ParamStatus::Ok) return;
  w.text.insert(0, "hash: ");  // setParam's own warning (its id kept), said by the hash
  r.warnings.push_back(std::move(w));
}

}  // namespace

DecodedHash decodeHash(const std::string& input, const Params& base, double maxSeek) {
  DecodedHash r;
  r.params = base;
  std::string s = input;
  if (!s.empty() && s[0] == '#') s.erase(0, 1);
  const size_t limit = size_t(kMaxHashLength);  // the constants table's int (base/constants.h), as a length
  if (s.size() > limit) {
    addWarning(&r.warnings, WarningId::HashTooLong, {std::to_string(s.size()), std::to_string(limit)});
    s.resize(limit);
  }
  if (s.find('=') == std::string::npos) {  // a plain anchor such as #about: not ours, left alone, without a word
    r.warnings.clear();
    return r;
  }

  // Split into pairs first, so a preset anywhere is applied before the explicit values.
  const Pairs pairs = splitPairs(s, &r.warnings);
  if (!anyOurs(pairs)) {  // the page's: no warnings
    r.warnings.clear();
    return r;
  }
  for (auto& kv : pairs) {
    if (specialKey(kv.first) != Special::Preset) continue;
    r.anyKey = true;
    if (!applyPreset(r.params, kv.second)) addWarning(&r.warnings, WarningId::HashUnknownPreset, {shown(kv.second)});
  }
  bool hasAt = false;
  for (auto& kv : pairs) {
    const std::string& val = kv.second;
    const Special k = specialKey(kv.first);
    r.anyKey = r.anyKey || (k != Special::None && k != Special::Studio);
    if (k == Special::Seek) {
      if (readSeconds("t", val, WarningId::HashSeekNotNumber, maxSeek, &r.seekSeconds, &r.warnings)) r.hasSeek = true;
    } else if (k == Special::Form) {
      const size_t first = r.warnings.size();
      r.form = parseFormSpec(val, &r.warnings);
      for (size_t i = first; i < r.warnings.size(); ++i) r.warnings[i].text.insert(0, "hash: ");  // ids kept
    } else if (k == Special::At) {
      hasAt = true;  // at= is when the formation starts; the page's maxSeek does not apply
      readSeconds("at", val, WarningId::HashAtNotNumber, kMaxSeekSeconds, &r.formAt, &r.warnings);
    } else if (k == Special::None) {
      readParam(kv.first, val, r);
    }
  }
  if (hasAt && r.form.kind == FormationKind::None) {
    addWarning(&r.warnings, WarningId::HashAtWithoutForm);
    r.formAt = 0;
  }
  return r;
}

}  // namespace mirofish
