// URL-hash codec (S-WEB-3, S-DEV-5): round trips, specific warnings, and a decoder fuzz.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "link/hash_codec.h"
#include "support/warning_helpers.h"

using namespace mirofish;
using mirofish::test::countId;
using mirofish::test::Ids;
using mirofish::test::idsOf;

namespace {

// First field that differs, or "" when every field is exactly equal.
std::string firstDifference(const Params& a, const Params& b) {
  for (int i = 0; i < kParamCount; ++i)
    if (!(a.get(ParamId(i)) == b.get(ParamId(i)))) return kParamInfo[i].name;
  return "";
}

// Each hash decodes to its value in its field.
struct Decodes {
  const char* hash;
  double Params::*field;
  double value;
};
void checkDecodes(std::initializer_list<Decodes> cases) {
  for (const Decodes& c : cases) {
    INFO(c.hash);
    CHECK(decodeHash(c.hash).params.*c.field == c.value);
  }
}

// `hash` decoded, after requiring exactly one warning, `id`, that reads `text`.
DecodedHash decodeWarning(const char* hash, WarningId id, const std::string& text) {
  DecodedHash r = decodeHash(hash);
  REQUIRE(idsOf(r.warnings) == Ids{id});
  CHECK(r.warnings[0].text == text);
  return r;
}

// Every parameter finite, inside its range and quantized; the name of the first one that is not.
std::string firstInvalid(const Params& p) {
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& info = kParamInfo[i];
    double v = p.get(ParamId(i));
    if (!std::isfinite(v) || v < info.min || v > info.max || quantize(info, v) != v) return info.name;
  }
  return "";
}

bool printableLine(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f) return false;
  }
  return true;
}

std::string escaped(const std::string& s) {
  std::string out;
  for (char ch : s.substr(0, 200)) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > 200) out += "...(" + std::to_string(s.size()) + " chars)";
  return out;
}

Params randomValidParams(std::mt19937_64& rng) {
  Params p;
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& info = kParamInfo[i];
    if (!inHash(info)) continue;  // a hash carries no page setting: they keep their defaults
    std::uniform_real_distribution<double> u(info.min, info.max);
    double v = quantize(info, u(rng));
    if (v > info.max) v = info.max;
    if (v < info.min) v = info.min;
    p.ref(ParamId(i)) = v;
  }
  return p;
}

}  // namespace

TEST_CASE("hash codec: encode/decode round trip", "[hash]") {
  SECTION("defaults: fixed table order, integers without decimals") {
    Params d;
    std::string h = encodeHash(d);
    CHECK(h.rfind("n=200&seed=1&w=1600&h=900&rsep=22&rali=48&rcoh=60&wsep=1.6&wali=1&wcoh=0.8&", 0) == 0);
    CHECK(h.find("ptau=0.12") != std::string::npos);
    CHECK(h.find('#') == std::string::npos);
    // One pair per table row, in table order.
    size_t pos = 0;
    for (int i = 0; i < kParamCount; ++i) {
      if (!inHash(kParamInfo[i])) continue;  // the page's own settings never travel in a link
      std::string key = std::string(i ? "&" : "") + kParamInfo[i].key + "=";
      size_t at = h.find(key, pos);
      INFO(kParamInfo[i].key);
      REQUIRE(at == pos);
      pos = h.find('&', at + 1);
      if (pos == std::string::npos) pos = h.size();
    }
    CHECK(pos == h.size());
    DecodedHash r = decodeHash(h);
    CHECK(r.warnings.empty());
    CHECK(r.anyKey);
    CHECK_FALSE(r.hasSeek);
    CHECK(firstDifference(r.params, d) == "");
  }

  SECTION("the tuned preset, and a leading #") {
    Params t;
    applyPreset(t, "tuned");
    t.seed = 4294967295.0;
    t.fish = 100000;
    DecodedHash r = decodeHash("#" + encodeHash(t));
    CHECK(r.warnings.empty());
    CHECK(firstDifference(r.params, t) == "");
    // A hash decodes onto a base: the missing keys come from it.
    Params base;
    base.maxSpeed = 77;
    DecodedHash partial = decodeHash("preset=tuned", base);
    CHECK(partial.params.maxSpeed == 77);
    CHECK(partial.params.sepWeight == 2.2);
    CHECK(firstDifference(decodeHash("preset=tuned").params, [] {
            Params x;
            applyPreset(x, "tuned");
            return x;
          }()) == "");
  }

  SECTION("1000 random valid parameter sets survive encode -> decode exactly") {
    std::mt19937_64 rng(20240601);
    int bad = 0;
    std::string firstBad;
    for (int k = 0; k < 1000; ++k) {
      Params p = randomValidParams(rng);
      std::string h = encodeHash(p);
      DecodedHash r = decodeHash(h);
      std::string diff = firstDifference(r.params, p);
      if (!diff.empty() || !r.warnings.empty() || encodeHash(r.params) != h) {
        if (!bad++) firstBad = h + " (field " + diff + ")";
      }
    }
    INFO("first failure: " << firstBad);
    CHECK(bad == 0);
  }

  SECTION("formatValue trims zeros and never prints -0") {
    const ParamInfo& real = kParamInfo[int(ParamId::sepWeight)];
    const ParamInfo& whole = kParamInfo[int(ParamId::fish)];
    CHECK(formatValue(real, 1.5) == "1.5");
    CHECK(formatValue(real, 2.0) == "2");
    CHECK(formatValue(real, 0.125) == "0.125");
    CHECK(formatValue(real, 0.0) == "0");
    CHECK(formatValue(real, -0.0) == "0");
    CHECK(formatValue(whole, 300) == "300");
    CHECK(formatValue(kParamInfo[int(ParamId::seed)], 4294967295.0) == "4294967295");
  }
}

TEST_CASE("hash codec: specific inputs and their warnings", "[hash]") {
  Params d;

  SECTION("n=abc: exactly one warning, naming n, value kept") {
    DecodedHash r = decodeWarning("n=abc", WarningId::HashNotNumber,
                                  "hash: n='abc' is not a number; kept 200.");  // the template, rendered
    CHECK(r.params.fish == d.fish);
    CHECK(r.anyKey);
  }

  SECTION("rsep=1e9: clamped to the maximum with a warning") {
    DecodedHash r = decodeWarning("rsep=1e9", WarningId::ParamClamped,  // setParam's warning, said by the hash
                                  "hash: sepRadius (rsep): 1000000000 is outside 1..400 px; clamped to 400.");
    CHECK(r.params.sepRadius == 400);
  }

  SECTION("bogus=1: unknown key warning, nothing else changes") {
    DecodedHash r = decodeWarning("bogus=1&n=50", WarningId::HashUnknownKey, "hash: unknown key 'bogus'; ignored.");
    CHECK(r.params.fish == 50);
  }

  SECTION("studio=1 belongs to the studio script: no warning beside our keys, and alone it is the page's hash") {
    DecodedHash r = decodeHash("n=50&studio=1&seed=3");
    CHECK(r.warnings.empty());
    CHECK(r.anyKey);
    CHECK(r.params.fish == 50);
    CHECK(r.params.seed == 3);
    DecodedHash alone = decodeHash("#studio=1");
    CHECK_FALSE(alone.anyKey);
    CHECK(alone.warnings.empty());
    CHECK(firstDifference(alone.params, d) == "");
    CHECK(idsOf(decodeHash("n=50&studio=1&bogus=2").warnings) == Ids{WarningId::HashUnknownKey});  // others warn
  }

  SECTION("#about is a plain anchor, #foo=bar the page's own state: no keys, no warnings") {
    for (const char* s : {"#about", "", "#", "about", "#section-2&x", "#foo=bar", "#section=2&tab=3", "=&&=="}) {
      DecodedHash r = decodeHash(s);
      INFO(s);
      CHECK_FALSE(r.anyKey);
      CHECK(r.warnings.empty());
      CHECK(firstDifference(r.params, d) == "");
    }
  }

  SECTION("w= or h= (by key or name, valid or not) is a shared world; other keys are not") {
    CHECK(decodeHash("#w=1200&n=50").hasWorld);
    CHECK(decodeHash("#height=700").hasWorld);
    CHECK(decodeHash("#w=abc").hasWorld);
    CHECK_FALSE(decodeHash("#n=50&t=3").hasWorld);
    CHECK_FALSE(decodeHash("#about").hasWorld);
  }

  SECTION("t=25 seeks; t out of range is clamped; t=abc is ignored") {
    DecodedHash r = decodeHash("#n=50&t=25");
    CHECK(r.hasSeek);
    CHECK(r.seekSeconds == 25);
    CHECK(r.warnings.empty());
    CHECK(r.anyKey);
    DecodedHash big = decodeHash("t=99999");
    CHECK(big.hasSeek);
    CHECK(big.seekSeconds == 3600);
    CHECK(idsOf(big.warnings) == Ids{WarningId::HashTimeClamped});
    DecodedHash neg = decodeHash("t=-3");
    CHECK(neg.hasSeek);
    CHECK(neg.seekSeconds == 0);
    CHECK(idsOf(neg.warnings) == Ids{WarningId::HashTimeClamped});
    for (const char* s : {"t=abc", "t=nan", "t=inf", "t=1e309", "t="}) {
      DecodedHash bad = decodeHash(s);
      INFO(s);
      CHECK_FALSE(bad.hasSeek);
      CHECK(bad.seekSeconds == 0);
      CHECK(idsOf(bad.warnings) == Ids{WarningId::HashSeekNotNumber});
    }
  }

  SECTION("not finite or not numbers: one warning each, value kept") {
    for (const char* s : {"vmax=nan", "vmax=inf", "vmax=-inf", "vmax=1e309", "vmax=-1e309", "vmax=0x10", "vmax= 5",
                          "vmax=5 ", "vmax=", "vmax=1,5", "vmax=.", "vmax=e5", "vmax=1e", "vmax=+-1", "vmax=NaN"}) {
      DecodedHash r = decodeHash(s);
      INFO(s);
      REQUIRE(r.warnings.size() == 1);
      // The grammar refuses a non-number before setParam; 1e309 parses to inf, which setParam refuses.
      const bool parsedInf =
          std::string(s).find("inf") == std::string::npos && std::string(s).find("e309") != std::string::npos;
      CHECK(r.warnings[0].id == (parsedInf ? WarningId::ParamNotFinite : WarningId::HashNotNumber));
      CHECK(r.params.maxSpeed == d.maxSpeed);
    }
  }

  SECTION("accepted number forms") {
    DecodedHash z = decodeHash("wsep=-0");
    CHECK(z.warnings.empty());
    CHECK(z.params.sepWeight == 0);
    CHECK_FALSE(std::signbit(z.params.sepWeight));
    CHECK(encodeHash(z.params).find("wsep=0&") != std::string::npos);
    DecodedHash huge = decodeHash("n=99999999999999999999");
    CHECK(huge.params.fish == 100000);
    CHECK(idsOf(huge.warnings) == Ids{WarningId::ParamClamped});
    checkDecodes({{"vmax=+50", &Params::maxSpeed, 50},
                  {"vmax=5e1", &Params::maxSpeed, 50},
                  {"vmax=50.", &Params::maxSpeed, 50},
                  {"wsep=.5", &Params::sepWeight, 0.5},
                  {"wsep=0.12345", &Params::sepWeight, 0.123}});
  }

  SECTION("names work as keys, later pairs win, percent-encoding is decoded") {
    checkDecodes({{"sepRadius=30", &Params::sepRadius, 30},
                  {"n=10&n=20", &Params::fish, 20},
                  {"%6E=50", &Params::fish, 50},
                  {"wsep=%31.5", &Params::sepWeight, 1.5}});
    DecodedHash r = decodeHash("n=10&&&seed=4&");
    CHECK(r.warnings.empty());
    CHECK(r.params.fish == 10);
    CHECK(r.params.seed == 4);
    DecodedHash np =
        decodeWarning("n=10&junk&seed=4", WarningId::HashNotPair, "hash: 'junk' is not a name=value pair; ignored.");
    CHECK(np.params.seed == 4);
  }

  SECTION("a preset applies first wherever it stands; an unknown preset warns") {
    DecodedHash a = decodeHash("wsep=3&preset=tuned");
    DecodedHash b = decodeHash("preset=tuned&wsep=3");
    CHECK(a.params.sepWeight == 3);
    CHECK(a.params.cohWeight == 1.4);
    CHECK(firstDifference(a.params, b.params) == "");
    CHECK(a.warnings.empty());
    DecodedHash u = decodeHash("preset=wild");
    CHECK(idsOf(u.warnings) == Ids{WarningId::HashUnknownPreset});
    CHECK(firstDifference(u.params, d) == "");
  }

  SECTION("a hash over 4096 characters is cut, with one warning") {
    std::string s = "n=50&";
    while (s.size() < 5000) s += "seed=9&";
    DecodedHash r = decodeHash(s);
    CHECK(r.params.fish == 50);
    CHECK(r.params.seed == 9);
    // The cut leaves "see" of a seed=9 behind: not a pair, so a second warning names it.
    CHECK(idsOf(r.warnings) == Ids{WarningId::HashTooLong, WarningId::HashNotPair});
    CHECK(r.warnings[0].text ==
          "hash is " + std::to_string(s.size()) + " characters long; only the first 4096 are read.");
    std::string longValue = "n=" + std::string(5000, '7');
    DecodedHash lv = decodeHash(longValue);
    CHECK(lv.params.fish == d.fish);
    // Too long, and not a number (a 4094-digit value).
    REQUIRE(idsOf(lv.warnings) == Ids{WarningId::HashTooLong, WarningId::HashNotNumber});
    for (const auto& w : lv.warnings) CHECK(w.text.size() < 200);  // warnings quote a bounded excerpt
  }

  SECTION("unicode and control bytes never reach a warning unescaped") {
    DecodedHash r = decodeHash(std::string("n=\xe9\xad\x9a&\xf0\x9f\x90\x9f=1&w=\x01\x7f"));
    CHECK(idsOf(r.warnings) == Ids{WarningId::HashNotNumber, WarningId::HashUnknownKey, WarningId::HashNotNumber});
    for (const auto& w : r.warnings) CHECK(printableLine(w.text));
  }
}

TEST_CASE("hash codec: decoder fuzz, 100 000 random and mutated strings", "[hash][fuzz]") {
  SECTION("no crash, every value finite, in range and quantized, warnings printable, long input warned") {
    std::mt19937_64 rng(7);
    auto pick = [&](size_t n) { return size_t(rng() % n); };
    const std::string valid = encodeHash(Params()) + "&t=12.5&preset=tuned";
    const std::vector<std::string> pieces = {"&",
                                             "=",
                                             "%",
                                             "%2",
                                             "%26",
                                             "%3D",
                                             "nan",
                                             "inf",
                                             "-inf",
                                             "1e309",
                                             "-1e309",
                                             "-0",
                                             "99999999999999999999999",
                                             "1e-400",
                                             "0x1F",
                                             "+",
                                             "-",
                                             ".",
                                             "e",
                                             "t=",
                                             "preset=",
                                             "\xe9\xad\x9a",
                                             "\xf0\x9f\x90\x9f",
                                             "\xff",
                                             std::string(1, '\0'),
                                             "#",
                                             " ",
                                             "n=",
                                             "rsep=",
                                             "seed=4294967296",
                                             "fish=",
                                             "n=-1"};
    const size_t kPieces = pieces.size();

    int crashesOrInvalid = 0, badWarnings = 0, longNotWarned = 0;
    std::string firstInvalidInput, firstBadWarning, firstLong;
    const int kCases = 100000;
    for (int k = 0; k < kCases; ++k) {
      std::string s;
      switch (k % 4) {
        case 0: {  // random bytes
          size_t len = pick(64);
          for (size_t i = 0; i < len; ++i) s += char(rng() & 0xff);
          break;
        }
        case 1: {  // random pieces
          size_t len = 1 + pick(12);
          for (size_t i = 0; i < len; ++i) s += pieces[pick(kPieces)];
          break;
        }
        default: {  // mutations of a valid hash
          s = valid;
          size_t muts = 1 + pick(6);
          for (size_t m = 0; m < muts; ++m) {
            size_t at = pick(s.size() + 1);
            switch (pick(5)) {
              case 0:
                if (at < s.size()) s[at] = char(rng() & 0xff);
                break;
              case 1: s.insert(at, pieces[pick(kPieces)]); break;
              case 2:
                if (at < s.size()) s.erase(at, 1 + pick(8));
                break;
              case 3: s.insert(at, 1, "&=%.-e0123456789"[pick(16)]); break;
              default:
                if (at < s.size()) s[at] = char(s[at] ^ (1 << pick(8)));
                break;
            }
          }
          if (k % 97 == 2) s += std::string(4100 + pick(3000), "a&=1"[pick(4)]);  // longer than 4096
          break;
        }
      }
      if (k % 1009 == 0) s = std::string(4097 + pick(20000), char(rng() & 0xff));

      DecodedHash r = decodeHash(s);
      std::string invalid = firstInvalid(r.params);
      if (!invalid.empty() || !std::isfinite(r.seekSeconds) || r.seekSeconds < 0 || r.seekSeconds > 3600 ||
          (!r.hasSeek && r.seekSeconds != 0)) {
        if (!crashesOrInvalid++) firstInvalidInput = escaped(s) + " -> " + invalid;
      }
      for (const auto& w : r.warnings)
        if (!printableLine(w.text) || w.text.size() > 400) {
          if (!badWarnings++) firstBadWarning = escaped(s) + " -> " + escaped(w.text);
        }
      std::string body = (!s.empty() && s[0] == '#') ? s.substr(1) : s;
      if (r.anyKey && body.size() > kMaxHashLength && countId(r.warnings, WarningId::HashTooLong) != 1) {
        if (!longNotWarned++) firstLong = escaped(s);
      }
    }
    INFO("first invalid: " << firstInvalidInput);
    CHECK(crashesOrInvalid == 0);
    INFO("first bad warning: " << firstBadWarning);
    CHECK(badWarnings == 0);
    INFO("first long input without its warning: " << firstLong);
    CHECK(longNotWarned == 0);
  }

  SECTION("a single bad pair in a valid hash gives exactly one warning naming its key") {
    std::mt19937_64 r2(11);
    const char* const badValues[] = {"abc", "nan", "inf", "1e309", "", "1.2.3", "--1", "0x10", "\xe9\xad\x9a"};
    int wrong = 0;
    std::string firstWrong;
    for (int k = 0; k < 2000; ++k) {
      int id = int(r2() % uint64_t(kParamCount));
      if (!inHash(kParamInfo[id])) continue;  // refused whatever the value: link_limits.test.cpp
      const char* v = badValues[r2() % (sizeof(badValues) / sizeof(badValues[0]))];
      std::string key = kParamInfo[id].key;
      std::string s = encodeHash(Params()) + "&" + key + "=" + v;
      DecodedHash d = decodeHash(s);
      const std::string& text = d.warnings.empty() ? std::string() : d.warnings[0].text;
      bool named = d.warnings.size() == 1 &&
                   (d.warnings[0].id == WarningId::HashNotNumber || d.warnings[0].id == WarningId::ParamNotFinite) &&
                   (text.find(key + "=") != std::string::npos || text.find("(" + key + ")") != std::string::npos);
      bool ok = named && firstDifference(d.params, Params()).empty();
      if (!ok && !wrong++) firstWrong = escaped(s);
    }
    INFO("first: " << firstWrong);
    CHECK(wrong == 0);
  }
}
