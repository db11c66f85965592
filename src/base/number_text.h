// Decimal text <-> double without the C library's strtod and printf: in the page's wasm those two pull in ~20 KB of
// 128-bit soft float (musl works in long double), ~9 KB of the bundle's 100 KB gzipped budget. Same code natively
// and in wasm, so the hash and the warnings read the same everywhere.
#pragma once

#include <cstddef>
#include <string>

namespace mirofish {

// The value of [+-]digits[.digits][(e|E)[+-]digits] (the caller has checked that grammar; anything else gives 0).
// Correctly rounded, as strtod, when the digits (leading zeros aside) are a whole number below 2^53 and the power of
// ten is within +-22 (every number a hash or a table holds); beyond that (up to 19 digits are kept, a larger whole
// number is rounded once before the scaling, a power beyond +-22 once per factor of 1e22) within 16 units in the last
// place (tests/fuzz/number_text.cpp checks it against strtod; its worst so far, 10, near 1.8e308). Too large: +-inf;
// too small: +-0.
double decimalValue(const char* text, size_t length);
// printf("%.*g", precision, v) for precision 1..17: "nan", "inf", "-0", "1e+30" as printf writes them. The digits
// come from one rounded scaling, so a value within an ulp of a decimal tie may round the other way than printf.
std::string formatG(double v, int precision);
// printf("%.*f", decimals, v) for decimals 0..6 and |v| < 1e12 (ties to even; larger values as formatG(v, 17)).
std::string formatFixed(double v, int decimals);
// 16 lower-case hex digits, as printf("%016" PRIx64).
std::string formatHex64(unsigned long long v);

}  // namespace mirofish
