// The constants table (src/base/constants.h): the C++ values, and the GLSL, JS and PHP copies the build wrote from it
// (cmake/constants.cmake) carry the same values under the same names (PHP's: MIROFISH_ and the name in capitals).
#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "base/constants.h"
#include "sim/school.h"

using namespace mirofish;

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The value as the generator writes it: a float's suffix dropped, a whole float given its ".0".
std::string written(const char* type, const char* value) {
  std::string v = value;
  if (std::strcmp(type, "float") == 0) {
    if (!v.empty() && v.back() == 'f') v.pop_back();
    if (v.find_first_of(".eE") == std::string::npos) v += ".0";
  }
  return v;
}

// kMaxHashLength -> MIROFISH_MAX_HASH_LENGTH, as the generator names a php row.
std::string phpName(const char* name) {
  std::string out = "MIROFISH_";
  for (const char* c = name + 1; *c; ++c) {
    const bool upper = *c >= 'A' && *c <= 'Z';
    if (upper && c > name + 1 && !(c[-1] >= 'A' && c[-1] <= 'Z')) out += '_';
    out += upper || !(*c >= 'a' && *c <= 'z') ? *c : char(*c - 'a' + 'A');
  }
  return out;
}

}  // namespace

TEST_CASE("constants: the step rate is the one the school steps at", "[base]") {
  CHECK(kStepSeconds == 1.0f / 60.0f);
  CHECK(FixedStep::kDt == 1.0 / 60.0);
  CHECK(std::string(kVersion) == "0.3.0");
}

TEST_CASE("constants: the generated GLSL, JS and PHP copies match the table", "[base]") {
  const std::string dir = MIROFISH_CONSTANTS_DIR;
  const std::string glsl = readFile(dir + "/constants.glsl"), mjs = readFile(dir + "/constants.mjs"),
                    dts = readFile(dir + "/constants.d.ts"), php = readFile(dir + "/constants.php");
  REQUIRE_FALSE(glsl.empty());
  REQUIRE_FALSE(mjs.empty());
  REQUIRE_FALSE(php.empty());
  int rows = 0;
#define MIROFISH_CHECK_ROW(name, type, value, where, what)                                                    \
  {                                                                                                           \
    ++rows;                                                                                                   \
    const std::string w = #where, v = written(#type, #value);                                                 \
    INFO(#name " = " << v << " (" << w << ")");                                                               \
    CHECK((glsl.find("const " #type " " #name " = " + v + ";") != std::string::npos) == (w == "glsl"));       \
    const bool js = w == "glsl" || w == "js";                                                                 \
    CHECK((mjs.find("export const " #name " = " + v + ";") != std::string::npos) == js);                      \
    CHECK((dts.find("export declare const " #name ": ") != std::string::npos) == js);                         \
    CHECK((php.find("define( '" + phpName(#name) + "', " + v + " );") != std::string::npos) == (w == "php")); \
  }
  MIROFISH_CONSTANTS(MIROFISH_CHECK_ROW)
#undef MIROFISH_CHECK_ROW
  CHECK(rows > 20);
}
