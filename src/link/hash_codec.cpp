// URL-hash codec: a strict number grammar, one warning per problem, never an exception or a NaN.
#include "link/hash_codec.h"

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
      warnings->push_back(makeWarning(WarningId::HashNotPair, {shown(part)}));
      continue;
    }
    std::string key = percentDecoded(part.substr(0, eq));
    // form='s text is decoded once, by parseFormSpec: decoding it here too would turn an escaped '%' into an escape.
    pairs.emplace_back(key, key == "form" ? part.substr(eq + 1) : percentDecoded(part.substr(eq + 1)));
  }
  return pairs;
}

// A hash none of whose keys is ours (#foo=bar, #section=2, a router's state) belongs to the page.
bool anyOurs(const Pairs& pairs) {
  bool ours = false;
  for (auto& kv : pairs)
    ours = ours || kv.first == "preset" || kv.first == "t" || kv.first == "form" || kv.first == "at" ||
           findParam(kv.first) >= 0;
  return ours;
}

// t=SECONDS: a seek, clamped to 0..3600 s, refused beyond a page's own maxSeek.
void readSeek(const std::string& val, double maxSeek, DecodedHash& r) {
  double v = 0;
  if (!parseDecimal(val, &v) || !(v == v) || v - v != 0) {
    r.warnings.push_back(makeWarning(WarningId::HashSeekNotNumber, {shown(val)}));
  } else if (v > maxSeek && maxSeek < kMaxSeekSeconds) {  // a page's own ceiling: refused, not clamped
    r.warnings.push_back(
        makeWarning(WarningId::HashSeekRefused, {shown(val), formatValue(kParamInfo[int(ParamId::maxSeek)], maxSeek)}));
  } else if (v < 0 || v > kMaxSeekSeconds) {
    r.seekSeconds = v < 0 ? 0 : kMaxSeekSeconds;
    r.hasSeek = true;
    r.warnings.push_back(makeWarning(WarningId::HashSeekClamped, {shown(val)}));
  } else {
    r.seekSeconds = v;
    r.hasSeek = true;
  }
}

// at=SECONDS: when the formation starts, clamped to 0..3600 s.
void readFormAt(const std::string& val, DecodedHash& r) {
  double v = 0;
  if (!parseDecimal(val, &v) || !(v == v) || v - v != 0) {
    r.warnings.push_back(makeWarning(WarningId::HashAtNotNumber, {shown(val)}));
  } else if (v < 0 || v > kMaxSeekSeconds) {
    r.formAt = v < 0 ? 0 : kMaxSeekSeconds;
    r.warnings.push_back(makeWarning(WarningId::HashAtClamped, {shown(val)}));
  } else {
    r.formAt = v;
  }
}

// A parameter by key or name: the table's own checks (setParam), or one warning when it is not one a link may set.
void readParam(const std::string& key, const std::string& val, DecodedHash& r) {
  int id = findParam(key);
  if (id < 0) {
    r.warnings.push_back(makeWarning(WarningId::HashUnknownKey, {shown(key)}));
    return;
  }
  r.anyKey = true;
  if (!inHash(kParamInfo[id])) {
    r.warnings.push_back(makeWarning(WarningId::HashPageSetting, {kParamInfo[id].name}));
    return;
  }
  double v = 0;
  if (!parseDecimal(val, &v)) {
    r.warnings.push_back(
        makeWarning(WarningId::HashNotNumber,
                    {kParamInfo[id].key, shown(val), formatValue(kParamInfo[id], r.params.get(ParamId(id)))}));
    return;
  }
  Warning w;
  if (setParam(r.params, ParamId(id), v, &w) != ParamStatus::Ok) r.warnings.push_back(prefixed("hash: ", w));
}

}  // namespace

DecodedHash decodeHash(const std::string& input, const Params& base, double maxSeek) {
  DecodedHash r;
  r.params = base;
  std::string s = input;
  if (!s.empty() && s[0] == '#') s.erase(0, 1);
  if (s.size() > kMaxHashLength) {
    r.warnings.push_back(
        makeWarning(WarningId::HashTooLong, {std::to_string(s.size()), std::to_string(kMaxHashLength)}));
    s.resize(kMaxHashLength);
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
    if (kv.first != "preset") continue;
    r.anyKey = true;
    if (!applyPreset(r.params, kv.second))
      r.warnings.push_back(makeWarning(WarningId::HashUnknownPreset, {shown(kv.second)}));
  }
  bool hasAt = false;
  for (auto& kv : pairs) {
    const std::string& key = kv.first;
    const std::string& val = kv.second;
    if (key == "preset" || key == kStudioKey) continue;
    if (key == "t") {
      r.anyKey = true;
      readSeek(val, maxSeek, r);
    } else if (key == "form") {
      r.anyKey = true;
      std::vector<Warning> notes;
      r.form = parseFormSpec(val, &notes);
      for (const Warning& note : notes) r.warnings.push_back(prefixed("hash: ", note));
    } else if (key == "at") {
      r.anyKey = true;
      hasAt = true;
      readFormAt(val, r);
    } else {
      readParam(key, val, r);
    }
  }
  if (hasAt && r.form.kind == FormationKind::None) {
    r.warnings.push_back(makeWarning(WarningId::HashAtWithoutForm));
    r.formAt = 0;
  }
  return r;
}

}  // namespace mirofish
