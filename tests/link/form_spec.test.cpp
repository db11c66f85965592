// The form= syntax (issue 12 items 6 and 7): kinds, percent-decoding that round-trips any URL, each refusal.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "base/rng.h"
#include "link/form_spec.h"

using namespace mirofish;

namespace {

FormSpec parsed(const std::string& value, std::vector<std::string>* warnings) {
  warnings->clear();
  return parseFormSpec(value, warnings);
}

}  // namespace

TEST_CASE("form=: every kind parses, quietly", "[form][spec]") {
  std::vector<std::string> w;
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

TEST_CASE("form=: refusals and warnings, one sentence each", "[form][spec]") {
  std::vector<std::string> w;
  CHECK(parsed("spiral", &w).kind == FormationKind::None);
  REQUIRE(w.size() == 1);
  CHECK(w[0] ==
        "form=spiral is not a formation (use qr:TEXT, text:TEXT, ring, rings, infinity, vortex or frame); ignored.");
  CHECK(parsed("", &w).kind == FormationKind::None);
  CHECK(w.at(0).find("form= is empty") == 0);
  CHECK(parsed("qr:", &w).kind == FormationKind::None);
  CHECK(w.at(0) == "form=qr: the text is empty; ignored.");
  CHECK(parsed("text:", &w).kind == FormationKind::None);
  CHECK(w.at(0) == "form=text: the text is empty; ignored.");
  CHECK(parsed("qr", &w).kind == FormationKind::None);
  CHECK(w.at(0) == "form=qr needs its text: form=qr:TEXT (percent-encoded); ignored.");
  CHECK(parsed("qr:" + std::string(214, 'a'), &w).kind == FormationKind::None);
  CHECK(w.at(0) == "form=qr: the text is 214 bytes; a version-10 M code holds at most 213; refused.");
  CHECK(parsed("qr:" + std::string(213, 'a'), &w).kind == FormationKind::Qr);
  // 214 bytes only after decoding: %41 is one byte.
  std::string encoded;
  for (int i = 0; i < 214; ++i) encoded += "%41";
  CHECK(parsed("qr:" + encoded, &w).kind == FormationKind::None);
  CHECK(w.at(0).find("214 bytes") != std::string::npos);
  CHECK(parsed("text:" + std::string(65, 'a'), &w).kind == FormationKind::None);
  CHECK(w.at(0) == "form=text: the text has 65 characters; at most 64 are drawn by fish; refused.");
  CHECK(parsed("logo", &w).kind == FormationKind::None);
  CHECK(w.at(0).find("school.form") != std::string::npos);
  // Accepted with a warning: text on a kind without text, a broken escape, non-ASCII in the font.
  CHECK(parsed("ring:hello", &w).kind == FormationKind::Ring);
  CHECK(w.at(0) == "form=ring takes no ':TEXT'; 'hello' is ignored.");
  const FormSpec pct = parsed("qr:100%", &w);
  CHECK(pct.kind == FormationKind::Qr);
  CHECK(pct.text == "100%");
  CHECK(w.at(0) == "form=qr: a '%' in the text is not followed by two hex digits; kept as typed.");
  CHECK(parsed("qr:%zz%4", &w).text == "%zz%4");
  const FormSpec koeln = parsed("text:K%C3%B6ln", &w);
  CHECK(koeln.kind == FormationKind::Text);
  CHECK(koeln.text == "K\xC3\xB6ln");
  CHECK(w.at(0) == "form=text: 1 character outside printable ASCII drawn as '?' (the built-in font is ASCII only).");
  // Markup is only text: it is drawn by fish, so it parses like any other characters.
  CHECK(parsed("text:%3Cscript%3E", &w).text == "<script>");
  // A warning shows at most 40 printable characters of what was typed.
  parsed("x" + std::string(100, '\x01'), &w);
  CHECK(w.at(0).size() < 200);
  CHECK(w.at(0).find('\x01') == std::string::npos);
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
    std::vector<std::string> w;
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
  std::vector<std::string> warnings;
  parseFormSpec("te\nxt" + std::string(200, 'x') + ":%zz", &warnings);
  REQUIRE_FALSE(warnings.empty());
  for (const std::string& w : warnings) {
    CHECK(w.find('\n') == std::string::npos);
    CHECK(w.size() < 200);
  }
}
