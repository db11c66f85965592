// Named warnings (base/warnings.h): templates fill in order, every id has a sentence.
#include <catch2/catch.hpp>

#include <string>

#include "base/warnings.h"
#include "support/warning_helpers.h"

using namespace mirofish;

TEST_CASE("warnings: a template's slots take the arguments in order", "[warnings]") {
  CHECK(fillTemplate("{} ({}): x", {"fish", "n"}) == "fish (n): x");
  CHECK(fillTemplate("no slots", {"unused"}) == "no slots");
  CHECK(fillTemplate("{}, {}", {"one"}) == "one, {}");  // a slot past the last argument stays visible
  CHECK(fillTemplate("form({type: 'logo'}) {}", {"a"}) == "form({type: 'logo'}) a");  // lone braces are text
  const Warning w = makeWarning(WarningId::HashUnknownKey, {"bogus"});
  CHECK(w.id == WarningId::HashUnknownKey);
  CHECK(w.text == "hash: unknown key 'bogus'; ignored.");
  CHECK(makeWarning(WarningId::FormEmptyText, {"qr"}).text == "form=qr: the text is empty; ignored.");
}

TEST_CASE("warnings: every id has its own one-line sentence", "[warnings]") {
  const WarningId ids[] = {
#define MIROFISH_WARNING_ID(id, text) WarningId::id,
      MIROFISH_WARNINGS(MIROFISH_WARNING_ID)
#undef MIROFISH_WARNING_ID
  };
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; ++i) {
    INFO(test::warningName(ids[i]));
    CHECK(int(ids[i]) == int(i));
    const std::string t = warningTemplate(ids[i]);
    CHECK(!t.empty());
    CHECK(t.find('\n') == std::string::npos);
    for (size_t j = 0; j < i; ++j) CHECK(t != warningTemplate(ids[j]));
  }
}
