// The form= syntax (S-CHO-1..4): kinds, percent-decoding that round-trips any URL, each refusal.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "base/rng.h"
#include "link/form_spec.h"
#include "support/warning_helpers.h"

using namespace mirofish;
using mirofish::test::Ids;
using mirofish::test::idsOf;

namespace {

FormSpec parsed(const std::string& value, std::vector<Warning>* warnings) {
  warnings->clear();
  return parseFormSpec(value, warnings);
}

}  // namespace

TEST_CASE("form=: every kind parses, quietly", "[form][spec]") {
  std::vector<Warning> w;
  const struct {
    const char* value;
    FormationKind kind;
  } cases[] = {{"ring", FormationKind::Ring},         {"rings", FormationKind::Rings},
               {"infinity", FormationKind::Infinity}, {"vortex", FormationKind::Vortex},
               {"frame", FormationKind::Frame},       {"RING", FormationKind::Ring},
               {"Qr:x", FormationKind::Qr},           {"text:Hi", FormationKind::Text}};
  for (const auto& c : cases) {
    INFO(c.value);
    CHECK(parsed(c.value, &w).kind == c.kind);
    CHECK(w.empty());
  }
  const FormSpec qr = parsed("qr:https%3A%2F%2Fexample.org%2F%3Fq%3Dkoi%26lang%3Den", &w);
  CHECK(qr.kind == FormationKind::Qr);
  CHECK(qr.text == "https://example.org/?q=koi&lang=en");
  CHECK(w.empty());
  // Reserved characters typed as they are also work where the hash does not split on them (':' '/' '?').
  CHECK(parsed("qr:https://example.org/a:b?c", &w).text == "https://example.org/a:b?c");
  CHECK(parsed("text:Hello%0AWorld", &w).text == "Hello\nWorld");
  CHECK(parsed("qr:1+1", &w).text == "1+1");  // '+' is not a space in a hash
  CHECK(w.empty());
}

TEST_CASE("form=: refusals and warnings, one named warning each", "[form][spec]") {
  std::string encoded214;  // 214 bytes only after decoding: %41 is one byte
  for (int i = 0; i < 214; ++i) encoded214 += "%41";
  // Each value: the kind it parses to, its one warning's id, and (for some) the sentence the template renders.
  const struct {
    std::string value;
    FormationKind kind;
    WarningId id;
    const char* text;
  } cases[] = {
      {"spiral", FormationKind::None, WarningId::FormUnknownKind,
       "form=spiral is not a formation (use qr:TEXT, text:TEXT, ring, rings, infinity, vortex or frame); ignored."},
      {"", FormationKind::None, WarningId::FormEmpty,
       "form= is empty (use qr:TEXT, text:TEXT, ring, rings, infinity, vortex or frame); ignored."},
      {"qr:", FormationKind::None, WarningId::FormEmptyText, "form=qr: the text is empty; ignored."},
      {"text:", FormationKind::None, WarningId::FormEmptyText, nullptr},
      {"qr", FormationKind::None, WarningId::FormNeedsText,
       "form=qr needs its text: form=qr:TEXT (percent-encoded); ignored."},
      {"qr:" + std::string(214, 'a'), FormationKind::None, WarningId::FormQrTooLong,
       "form=qr: the text is 214 bytes; a version-10 M code holds at most 213; refused."},
      {"qr:" + encoded214, FormationKind::None, WarningId::FormQrTooLong, nullptr},
      {"text:" + std::string(65, 'a'), FormationKind::None, WarningId::FormTextRefused,
       "form=text: the text has 65 characters; at most 64 are drawn by fish; refused."},
      {"logo", FormationKind::None, WarningId::FormLogo, nullptr},
      // Accepted with a warning: text on a kind without text, a broken escape, non-ASCII in the font.
      {"ring:hello", FormationKind::Ring, WarningId::FormTakesNoText,
       "form=ring takes no ':TEXT'; 'hello' is ignored."},
      {"qr:100%", FormationKind::Qr, WarningId::FormBadEscape,
       "form=qr: a '%' in the text is not followed by two hex digits; kept as typed."},
      {"text:K%C3%B6ln", FormationKind::Text, WarningId::FormTextNote,
       "form=text: 1 character outside printable ASCII drawn as '?' (the built-in font is ASCII only)."},
      // A warning shows at most 40 printable characters of what was typed.
      {"x" + std::string(100, '\x01'), FormationKind::None, WarningId::FormUnknownKind, nullptr},
  };
  std::vector<Warning> w;
  for (const auto& c : cases) {
    INFO(c.value);
    CHECK(parsed(c.value, &w).kind == c.kind);
    CHECK(idsOf(w) == Ids{c.id});
    if (c.text && !w.empty()) CHECK(w[0].text == c.text);
    for (const Warning& one : w) {
      CHECK(one.text.size() < 200);
      CHECK(one.text.find('\x01') == std::string::npos);
    }
  }
  CHECK(parsed("qr:" + std::string(213, 'a'), &w).kind == FormationKind::Qr);
  CHECK(parsed("qr:100%", &w).text == "100%");
  CHECK(parsed("qr:%zz%4", &w).text == "%zz%4");
  CHECK(parsed("text:K%C3%B6ln", &w).text == "K\xC3\xB6ln");
  // Markup is only text: it is drawn by fish, so it parses like any other characters.
  CHECK(parsed("text:%3Cscript%3E", &w).text == "<script>");
}

TEST_CASE("form=: percent-encoding round-trips any text, and any URL", "[form][spec]") {
  const std::string urls[] = {
      "https://example.org/search?q=koi pond&lang=en#top",
      "https://example.org/a%20b?x=1&y=%26&z=%2525+plus",
      "mailto:fish@example.org?subject=Hello%20there",
      "https://example.org/\xE9\xAF\x89?emoji=\xF0\x9F\x90\x9F",
      "100% & more = #hash",
  };
  for (const std::string& url : urls) {
    INFO(url);
    const std::string enc = percentEncode(url);
    for (char c : std::string("&=#%+ ?/:")) {
      if (c == '%') continue;
      CHECK(enc.find(c) == std::string::npos);  // nothing a hash would split or a browser would rewrite
    }
    std::string back;
    CHECK(percentDecode(enc, &back));
    CHECK(back == url);
    std::vector<Warning> w;
    const FormSpec spec = parseFormSpec("qr:" + enc, &w);
    CHECK(spec.text == url);
    CHECK(formSpecValue(spec) == "qr:" + enc);
    CHECK(w.empty());
  }
  // Every byte value, in random strings.
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    std::string s;
    const int n = 1 + int(rng.next() % 60);
    for (int i = 0; i < n; ++i) s += char(rng.next() & 0xFF);
    std::string back;
    CHECK(percentDecode(percentEncode(s), &back));
    CHECK(back == s);
  }
  CHECK(percentEncode("aZ09-._~") == "aZ09-._~");
  CHECK(percentEncode("a b") == "a%20b");
  CHECK(percentEncode("\xFF") == "%FF");
  FormSpec ring;
  ring.kind = FormationKind::Rings;
  CHECK(formSpecValue(ring) == "rings");
  CHECK(formSpecValue(FormSpec()) == "");
}

// Found by tests/fuzz/form_spec.cpp: a malformed escape's warning quoted the kind as typed, line breaks and all,
// however long (a hash's warning is one console line).
TEST_CASE("form=: the malformed-escape warning shows the kind as other warnings do", "[form][spec]") {
  std::vector<Warning> warnings;
  parseFormSpec("te\nxt" + std::string(200, 'x') + ":%zz", &warnings);
  REQUIRE(test::countId(warnings, WarningId::FormBadEscape) == 1);
  for (const Warning& w : warnings) {
    CHECK(w.text.find('\n') == std::string::npos);
    CHECK(w.text.size() < 200);
  }
}
