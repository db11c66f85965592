// The warning templates (warnings.h) and the one function that fills them in.
#include "base/warnings.h"

namespace mirofish {

namespace {

constexpr const char* kWarningTemplates[] = {
#define MIROFISH_WARNING_TEXT(id, text) text,
    MIROFISH_WARNINGS(MIROFISH_WARNING_TEXT)
#undef MIROFISH_WARNING_TEXT
};

}  // namespace

const char* warningTemplate(WarningId id) { return kWarningTemplates[int(id)]; }

std::string fillTemplate(const char* templ, std::initializer_list<std::string> args) {
  std::string out;
  const std::string* next = args.begin();
  for (const char* c = templ; *c; ++c) {
    if (c[0] == '{' && c[1] == '}' && next != args.end()) {
      out += *next++;
      ++c;
    } else {
      out += *c;
    }
  }
  return out;
}

}  // namespace mirofish
