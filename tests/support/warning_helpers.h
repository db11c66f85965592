// Test-only helpers for named warnings (base/warnings.h): tests compare ids, and Catch2 prints an id by its name.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "base/cli_errors.h"
#include "base/warnings.h"

namespace mirofish {
namespace test {

// An id's name, from the same X-macros as the ids: "HashUnknownKey", "VaryBadStep".
#define MIROFISH_TEST_NAME(name, text) #name,
inline const char* warningName(WarningId id) {
  static const char* const kNames[] = {MIROFISH_WARNINGS(MIROFISH_TEST_NAME)};
  return kNames[int(id)];
}
inline const char* cliErrorName(CliErrorId id) {
  static const char* const kNames[] = {MIROFISH_CLI_ERRORS(MIROFISH_TEST_NAME)};
  return kNames[int(id)];
}
#undef MIROFISH_TEST_NAME

// The ids of `ws`, in order: CHECK(idsOf(d.warnings) == Ids{WarningId::HashUnknownKey}).
using Ids = std::vector<WarningId>;
inline Ids idsOf(const std::vector<Warning>& ws) {
  Ids ids;
  for (const Warning& w : ws) ids.push_back(w.id);
  return ids;
}

inline int countId(const std::vector<Warning>& ws, WarningId id) {
  int n = 0;
  for (const Warning& w : ws) n += w.id == id ? 1 : 0;
  return n;
}

}  // namespace test
}  // namespace mirofish

namespace Catch {
template <>
struct StringMaker<mirofish::WarningId> {
  static std::string convert(mirofish::WarningId id) { return mirofish::test::warningName(id); }
};
}  // namespace Catch
