// Fuzz target: the one number grammar of every edge (parseDecimal, with decimalValue under it) and setParam from
// text. The first byte picks the parameter; the rest is the text, as a hash value or a CLI flag's value holds it.
#include <cstring>
#include <limits>
#include <string>

#include "base/number_text.h"
#include "fuzz_check.h"
#include "link/hash_codec.h"

using namespace mirofish;

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// The grammar as params.h states it, written again the plain way: [+-]digits[.digits][(e|E)[+-]digits], at most 32
// characters, at least one digit before the exponent. `simple` is the set number_text.h promises strtod's exact
// result for: the digits, leading zeros aside, a whole number below 2^53, and a power of ten within +-22.
bool grammar(const std::string& s, bool* simple) {
  if (s.empty() || s.size() > 32) return false;
  size_t i = 0;
  if (s[i] == '+' || s[i] == '-') ++i;
  std::string digits;
  long long pointShift = 0;
  for (; i < s.size() && digit(s[i]); ++i) digits += s[i];
  if (i < s.size() && s[i] == '.')
    for (++i; i < s.size() && digit(s[i]); ++i, --pointShift) digits += s[i];
  if (digits.empty()) return false;
  long long exp = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool minus = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) minus = s[i++] == '-';
    const size_t from = i;
    for (; i < s.size() && digit(s[i]); ++i)
      if (exp < 100000000) exp = exp * 10 + (s[i] - '0');  // a huge exponent stays huge, without overflow
    if (i == from) return false;
    if (minus) exp = -exp;
  }
  if (i != s.size()) return false;
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) {
    *simple = true;  // zero
    return true;
  }
  const long long power = exp + pointShift;
  *simple = false;
  if (digits.size() - first > 16 || power < -22 || power > 22) return true;
  unsigned long long whole = 0;
  for (size_t k = first; k < digits.size(); ++k) whole = whole * 10 + unsigned(digits[k] - '0');
  *simple = whole < (1ull << 53);
  return true;
}

// Doubles in order as integers, so the distance is the number of representable values between them (+0 == -0).
long long ordered(double v) {
  long long bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits < 0 ? std::numeric_limits<long long>::min() - bits : bits;
}

unsigned long long ulps(double a, double b) {
  const long long x = ordered(a), y = ordered(b);
  return x > y ? (unsigned long long)x - (unsigned long long)y : (unsigned long long)y - (unsigned long long)x;
}

void checkParse(const std::string& s) {
  bool simple = false;
  double v = 0;
  const bool ok = parseDecimal(s, &v);
  FUZZ_CHECK(ok == grammar(s, &simple));
  if (!ok) return;
  FUZZ_CHECK(v == v);  // never NaN
  const double libc = std::strtod(s.c_str(), nullptr);
  if (simple) {
    FUZZ_CHECK(ulps(v, libc) == 0);  // correctly rounded
  } else {
    FUZZ_CHECK(ulps(v, libc) <= 16);  // number_text.h's bound for the rest
  }
  if (std::isfinite(v)) {  // formatG(v, 17) is in the grammar and, where its scaling is one exact power, reads back
    const std::string g = formatG(v, 17);
    double back = 0;
    FUZZ_CHECK(parseDecimal(g, &back));
    if (std::fabs(v) >= 1e-22 && std::fabs(v) <= 1e22) FUZZ_CHECK(ulps(back, v) <= 4);
  }
}

// setParam keeps its promise for any number: finite, in range, quantized, one warning on anything but Ok, nothing
// else touched. The value it holds is a fixed point of the hash's formatValue -> parseDecimal -> setParam.
void checkSet(ParamId id, double v) {
  const ParamInfo& info = kParamInfo[int(id)];
  Params p;
  const Params before = p;
  Warning warning{WarningId::ParamClamped, ""};
  const ParamStatus status = setParam(p, id, v, &warning);
  const double held = p.get(id);
  fuzz::checkInRange(p);
  for (int i = 0; i < kParamCount; ++i)
    if (i != int(id)) FUZZ_CHECK(p.get(ParamId(i)) == before.get(ParamId(i)));
  switch (status) {
    case ParamStatus::Ok: FUZZ_CHECK(warning.text.empty() && held == quantize(info, v)); break;
    case ParamStatus::Clamped:
      FUZZ_CHECK(warning.id == WarningId::ParamClamped && fuzz::oneLine(warning.text) &&
                 (held == info.min || held == info.max));
      break;
    case ParamStatus::NotFinite:
      FUZZ_CHECK(warning.id == WarningId::ParamNotFinite && fuzz::oneLine(warning.text) && !std::isfinite(v) &&
                 held == before.get(id));
      break;
    case ParamStatus::Unknown: FUZZ_CHECK(false); break;
  }
  const std::string text = formatValue(info, held);
  double back = 0;
  FUZZ_CHECK(parseDecimal(text, &back));
  Params again;
  Warning none{WarningId::ParamClamped, ""};
  FUZZ_CHECK(setParam(again, id, back, &none) == ParamStatus::Ok && none.text.empty());
  FUZZ_CHECK(again.get(id) == held);
  FUZZ_CHECK(formatValue(info, again.get(id)) == text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const ParamId id = ParamId(data[0] % kParamCount);
  const std::string s = fuzz::text(data + 1, size - 1);
  checkParse(s);
  double v = 0;
  if (parseDecimal(s, &v)) checkSet(id, v);
  double named = -1;
  if (paramValueByName(id, s, &named)) {  // --quality high: a value of the table's own
    FUZZ_CHECK(named == std::floor(named) && named >= kParamInfo[int(id)].min && named <= kParamInfo[int(id)].max);
    checkSet(id, named);
  }
  return 0;
}
