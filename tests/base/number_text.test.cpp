// number_text.h against the C library it replaces in the page: strtod and printf's %g / %f, value for value.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "base/number_text.h"
#include "base/rng.h"
#include "sim/params.h"

using namespace mirofish;

namespace {
std::string printed(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}
double parsed(const std::string& s) { return decimalValue(s.data(), s.size()); }
}  // namespace

TEST_CASE("number text: decimalValue equals strtod on the hash's numbers", "[number]") {
  for (const char* s : {"0",
                        "-0",
                        "1",
                        "0.55",
                        "1600",
                        "4294967295",
                        "0.001",
                        "1e3",
                        "1E-3",
                        "+2.5",
                        "-7.125e2",
                        ".5",
                        "5.",
                        "00012.5000",
                        "1e309",
                        "-1e309",
                        "1e-400",
                        "123456789012345678",
                        "0.1",
                        "3.14159265358979",
                        "9007199254740993",
                        "1e22",
                        "1e23",
                        "2.2250738585072014e-308"}) {
    INFO(s);
    const double want = std::strtod(s, nullptr), got = parsed(s);
    if (std::strcmp(s, "1e23") == 0 || std::strcmp(s, "9007199254740993") == 0 ||
        std::strcmp(s, "2.2250738585072014e-308") == 0)
      CHECK(got == Approx(want).epsilon(1e-15));  // outside the exact range: within an ulp or two
    else
      CHECK(std::memcmp(&got, &want, sizeof got) == 0);
  }
  Rng rng(7);
  for (int k = 0; k < 20000; ++k) {  // up to 15 significant digits, powers within +-22: exact
    const double mantissa = std::floor(double(rng.uniform()) * 1e6) * 1e9 + std::floor(double(rng.uniform()) * 1e9);
    const int e = int(rng.uniform() * 30) - 22;
    char text[64];
    std::snprintf(text, sizeof text, "%.0fe%d", mantissa, e);
    const double want = std::strtod(text, nullptr), got = parsed(text);
    INFO(text);
    REQUIRE(std::memcmp(&got, &want, sizeof got) == 0);
  }
}

TEST_CASE("number text: formatG and formatFixed print what printf prints", "[number]") {
  for (double v : {0.0, -0.0, 1.0, 0.55, 1600.0, 4294967295.0, 1e-5, 1e-4, 123456789012345.0, 1234567890123456.0, 1e30,
                   -2.5, 0.1, 1.0 / 3, 100000.0, 1e15, 9.9999999999999999e14, HUGE_VAL, -HUGE_VAL}) {
    INFO(v);
    CHECK(formatG(v, 15) == printed("%.15g", v));
    CHECK(formatG(v, 10) == printed("%.10g", v));
  }
  Rng rng(11);
  for (int k = 0; k < 20000; ++k) {
    // Values as the table holds them: whole numbers, and thousandths, across the ranges.
    const double whole = std::floor(double(rng.uniform()) * 100000);
    const double v = k % 2 ? whole : std::floor(double(rng.uniform()) * 1e8) / 1000.0;
    INFO(v);
    REQUIRE(formatG(v, 15) == printed("%.15g", v));
    REQUIRE(formatG(v, 10) == printed("%.10g", v));
    REQUIRE(formatFixed(v, 3) == printed("%.3f", v));
    REQUIRE(formatFixed(whole, 0) == printed("%.0f", whole));
  }
  CHECK(formatFixed(-0.0001, 3) == "-0.000");
  CHECK(formatFixed(2.5, 0) == "2");  // ties to even, as printf
  CHECK(formatHex64(0x0123456789abcdefULL) == "0123456789abcdef");
  CHECK(formatHex64(0) == "0000000000000000");
}
