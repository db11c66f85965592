// Named warnings: every sentence an edge (setParam, the hash codec, a page's ceilings, form=) can give, as an id and
// its template in one X-macro, as sokol's log items. Callers and tests hold the id; the page prints the text.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace mirofish {

// X(id, template): each "{}" takes the next argument, in order (a lone '{' or '}' is text). The page's bundle carries
// these templates once, in its wasm; the CLI's own errors are src/cli/cli_errors.h (native only, not shipped).
#define MIROFISH_WARNINGS(X)                                                                                          \
  X(ParamNotFinite, "{} ({}): value is not a finite number; kept {}.")                                                \
  X(ParamClamped, "{} ({}): {} is outside {}..{} {}; clamped to {}.")                                                 \
  X(HashTooLong, "hash is {} characters long; only the first {} are read.")                                           \
  X(HashNotPair, "hash: '{}' is not a name=value pair; ignored.")                                                     \
  X(HashUnknownKey, "hash: unknown key '{}'; ignored.")                                                               \
  X(HashPageSetting, "hash: {} is the page's own setting; a link cannot change it; ignored.")                         \
  X(HashNotNumber, "hash: {}='{}' is not a number; kept {}.")                                                         \
  X(HashUnknownPreset, "hash: preset '{}' is unknown (use default or tuned); ignored.")                               \
  X(HashSeekNotNumber, "hash: t='{}' is not a number of seconds; ignored.")                                           \
  X(HashSeekRefused, "hash: t={} s is a longer seek than this page allows (maxSeek {} s); not seeking.")              \
  X(HashTimeClamped, "hash: {}={} is outside 0..3600 s; clamped.")                                                    \
  X(HashAtNotNumber, "hash: at='{}' is not a number of seconds; the formation starts at 0.")                          \
  X(HashAtWithoutForm, "hash: at= says when a formation starts, and there is no form=; ignored.")                     \
  X(LinkTooManyFish, "hash: n={} is more fish than this page lets a link ask for (maxFish {}); using {}.")            \
  X(LinkDprAbove, "hash: dpr={} is above this page's maxDpr {}; using {}.")                                           \
  X(LinkGridTooBig,                                                                                                   \
    "hash: a {}x{} px world with a {} px largest radius needs {} grid cells, more than a link may ask for ({}); the " \
    "world is cut to {}x{} px.")                                                                                      \
  X(FormBadEscape, "form={}: a '%' in the text is not followed by two hex digits; kept as typed.")                    \
  X(FormNeedsText, "form={} needs its text: form={}:TEXT (percent-encoded); ignored.")                                \
  X(FormEmptyText, "form={}: the text is empty; ignored.")                                                            \
  X(FormQrTooLong, "form={}: the text is {} bytes; a version-10 M code holds at most {}; refused.")                   \
  X(FormTextRefused, "form={}: {}; refused.")                                                                         \
  X(FormTextNote, "form={}: {}.")                                                                                     \
  X(FormTakesNoText, "form={} takes no ':TEXT'; '{}' is ignored.")                                                    \
  X(FormEmpty, "form={} is empty (use {}); ignored.")                                                                 \
  X(FormLogo, "form=logo: a logo is a bitmap, passed from JS with school.form({type: 'logo', ...}); ignored.")        \
  X(FormUnknownKind, "form={} is not a formation (use {}); ignored.")

enum class WarningId : uint8_t {
#define MIROFISH_WARNING_ENUM(id, text) id,
  MIROFISH_WARNINGS(MIROFISH_WARNING_ENUM)
#undef MIROFISH_WARNING_ENUM
};

// One warning: what it is (tests and callers compare this) and the sentence the page or the CLI prints.
struct Warning {
  WarningId id;
  std::string text;
};

// One argument of a template: a view of the caller's text (its temporaries live until the sentence is made). The
// constructors are out of line on purpose: a call per argument is smaller in the page's wasm than an inlined
// std::string_view (the page's bundle is within bytes of its gate).
struct WarningArg {
  WarningArg(const std::string& s);
  WarningArg(const char* s);
  const char* text;
  size_t size;
};

// The template of `id`, "{}" where each argument goes.
const char* warningTemplate(WarningId id);
// The template with each "{}" replaced by the next argument (a "{}" past the last argument stays as it is).
std::string fillTemplate(const char* templ, std::initializer_list<WarningArg> args);
Warning makeWarning(WarningId id, std::initializer_list<WarningArg> args = {});
// makeWarning, added to *out (one call at each edge's many call sites: smaller code in the page's bundle).
void addWarning(std::vector<Warning>* out, WarningId id, std::initializer_list<WarningArg> args = {});

}  // namespace mirofish
