// Decimal conversions by hand (number_text.h): integer mantissas and exact powers of ten.
#include "base/number_text.h"

#include <cmath>
#include <cstdint>

namespace mirofish {

namespace {

// 10^k for |k| <= 22 is exact in double; beyond that, products of exact powers (one rounding a factor).
double powerOfTen(int k) {
  static const double kExact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const bool negative = k < 0;
  int left = negative ? -k : k;
  double p = 1;
  while (left > 22) {
    p *= 1e22;
    left -= 22;
  }
  p *= kExact[left];
  return negative ? 1 / p : p;
}

// x * 10^k with the fewest roundings: one for |k| <= 22, and no intermediate overflow or underflow.
double scaleByTen(double x, int k) {
  while (k > 22) {
    x *= 1e22;
    k -= 22;
  }
  while (k < -22) {
    x /= 1e22;
    k += 22;
  }
  return k >= 0 ? x * powerOfTen(k) : x / powerOfTen(-k);
}

std::string digitsOf(uint64_t v) {
  char buf[24];
  int n = 0;
  do {
    buf[n++] = char('0' + v % 10);
    v /= 10;
  } while (v);
  std::string s;
  while (n) s += buf[--n];
  return s;
}

}  // namespace

double decimalValue(const char* s, size_t n) {
  size_t i = 0;
  bool negative = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  uint64_t mantissa = 0;
  int significant = 0, exponent = 0;
  bool point = false;
  for (; i < n; ++i) {
    const char c = s[i];
    if (c == '.') {
      point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (significant == 0 && c == '0') {
      if (point) --exponent;  // a leading zero after the point
      continue;
    }
    if (significant < 19) {
      mantissa = mantissa * 10 + uint64_t(c - '0');
      ++significant;
      if (point) --exponent;
    } else if (!point) {
      ++exponent;  // an integer digit beyond the 19 kept
    }
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool down = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) down = s[i++] == '-';
    int e = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i)
      if (e < 100000) e = e * 10 + (s[i] - '0');
    exponent += down ? -e : e;
  }
  double v = 0;
  if (mantissa != 0) {
    if (exponent > 400) {
      v = HUGE_VAL;
    } else if (exponent < -400) {
      v = 0;
    } else {
      // Exact mantissa (<= 2^53) and power (|k| <= 22): one rounding, the correctly rounded result (Clinger).
      v = scaleByTen(double(mantissa), exponent);
    }
  }
  return negative ? -v : v;
}

std::string formatG(double v, int precision) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  const int p = precision < 1 ? 1 : (precision > 17 ? 17 : precision);
  std::string sign = std::signbit(v) ? "-" : "";
  const double a = std::fabs(v);
  if (a == 0) return sign + "0";
  // The decimal exponent x and p significant digits d: a ~= d * 10^(x - p + 1), 10^(p-1) <= d < 10^p.
  int x = int(std::floor(std::log10(a)));
  const uint64_t low = uint64_t(powerOfTen(p - 1)), high = uint64_t(powerOfTen(p));
  uint64_t d = 0;
  for (int tries = 0; tries < 3; ++tries) {
    d = uint64_t(std::nearbyint(scaleByTen(a, p - 1 - x)));
    if (d >= high) {
      ++x;
    } else if (d < low) {
      --x;
    } else {
      break;
    }
  }
  if (d >= high) {  // 9.99..95 rounded up to the next power
    d /= 10;
    ++x;
  }
  std::string digits = digitsOf(d);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out = sign;
  if (x < -4 || x >= p) {  // exponential: d.ddde+XX
    out += digits[0];
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += x < 0 ? "e-" : "e+";
    const int ax = x < 0 ? -x : x;
    if (ax < 10) out += '0';
    return out + digitsOf(uint64_t(ax));
  }
  if (x < 0) return out + "0." + std::string(size_t(-x - 1), '0') + digits;
  const size_t whole = size_t(x) + 1;
  if (digits.size() <= whole) return out + digits + std::string(whole - digits.size(), '0');
  return out + digits.substr(0, whole) + "." + digits.substr(whole);
}

std::string formatFixed(double v, int decimals) {
  const int k = decimals < 0 ? 0 : (decimals > 6 ? 6 : decimals);
  if (!(std::fabs(v) < 1e12)) return formatG(v, 17);
  const double scaled = std::nearbyint(v * powerOfTen(k));
  const uint64_t units = uint64_t(std::fabs(scaled));
  std::string digits = digitsOf(units);
  if (digits.size() <= size_t(k)) digits = std::string(size_t(k) + 1 - digits.size(), '0') + digits;
  std::string out = std::signbit(v) ? "-" : "";
  out += digits.substr(0, digits.size() - size_t(k));
  if (k > 0) out += "." + digits.substr(digits.size() - size_t(k));
  return out;
}

std::string formatHex64(unsigned long long v) {
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[size_t(i)] = "0123456789abcdef"[v & 15];
  return out;
}

}  // namespace mirofish
