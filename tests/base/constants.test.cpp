// The constants table (src/base/constants.h): the C++ values, and the GLSL and JS copies the build wrote from it
// (cmake/constants.cmake) carry the same values under the same names.
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

}  // namespace

TEST_CASE("constants: the step rate is the one the school steps at", "[base]") {
  CHECK(kStepSeconds == 1.0f / 60.0f);
  CHECK(FixedStep::kDt == 1.0 / 60.0);
  CHECK(std::string(kVersion) == "0.3.0");
}

TEST_CASE("constants: the generated GLSL and JS copies match the table", "[base]") {
  const std::string dir = MIROFISH_CONSTANTS_DIR;
  const std::string glsl = readFile(dir + "/constants.glsl"), mjs = readFile(dir + "/constants.mjs"),
                    dts = readFile(dir + "/constants.d.ts");
  REQUIRE_FALSE(glsl.empty());
  REQUIRE_FALSE(mjs.empty());
  int rows = 0;
#define MIROFISH_CHECK_ROW(name, type, value, where, what)                                              \
  {                                                                                                     \
    ++rows;                                                                                             \
    const std::string w = #where, v = written(#type, #value);                                           \
    INFO(#name " = " << v << " (" << w << ")");                                                         \
    CHECK((glsl.find("const " #type " " #name " = " + v + ";") != std::string::npos) == (w == "glsl")); \
    CHECK((mjs.find("export const " #name " = " + v + ";") != std::string::npos) == (w != "cpp"));      \
    CHECK((dts.find("export declare const " #name ": ") != std::string::npos) == (w != "cpp"));         \
  }
  MIROFISH_CONSTANTS(MIROFISH_CHECK_ROW)
#undef MIROFISH_CHECK_ROW
  CHECK(rows > 20);
}
