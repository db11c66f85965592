// The warning templates (warnings.h) and the one function that fills them in.
#include "base/warnings.h"

#include <cstring>

namespace mirofish {

namespace {

// Every template in id order, each ended by its '\0': one string rather than a table of pointers (smaller in the
// page's wasm; a warning is never on a hot path, so finding one by walking is fine).
constexpr char kWarningTemplates[] =
#define MIROFISH_WARNING_TEXT(id, text) text "\0"
    MIROFISH_WARNINGS(MIROFISH_WARNING_TEXT)
#undef MIROFISH_WARNING_TEXT
    ;

}  // namespace

WarningArg::WarningArg(const std::string& s) : text(s.data()), size(s.size()) {}
WarningArg::WarningArg(const char* s) : text(s), size(std::strlen(s)) {}

const char* warningTemplate(WarningId id) {
  const char* t = kWarningTemplates;
  for (int i = 0; i < int(id); ++i) t += std::strlen(t) + 1;
  return t;
}

std::string fillTemplate(const char* templ, std::initializer_list<WarningArg> args) {
  std::string out;
  const WarningArg* next = args.begin();
  for (const char* c = templ; *c; ++c) {
    if (c[0] == '{' && c[1] == '}' && next != args.end()) {
      out.append(next->text, next->size);
      ++next;
      ++c;
    } else {
      out += *c;
    }
  }
  return out;
}

Warning makeWarning(WarningId id, std::initializer_list<WarningArg> args) {
  return {id, fillTemplate(warningTemplate(id), args)};
}

void addWarning(std::vector<Warning>* out, WarningId id, std::initializer_list<WarningArg> args) {
  out->push_back(makeWarning(id, args));
}

}  // namespace mirofish
