// The page owner's ceilings on a link (S-COST-3): a hash can ask for less than the page allows, never more.
#include <catch2/catch.hpp>

#include "link/link_limits.h"
#include "support/warning_helpers.h"

using namespace mirofish;
using mirofish::test::Ids;
using mirofish::test::idsOf;

TEST_CASE("decodeLink applies the page's ceilings", "[link]") {
  Params owner;  // maxFish 1000, maxSeek 600 s, maxDpr 2

  SECTION("fish above maxFish are cut to it, with one warning; fewer pass untouched") {
    DecodedHash d = decodeLink("#n=5000&seed=3", owner);
    CHECK(d.params.fish == 1000);
    CHECK(d.params.seed == 3);
    REQUIRE(idsOf(d.warnings) == Ids{WarningId::LinkTooManyFish});
    CHECK(d.warnings[0].text ==
          "hash: n=5000 is more fish than this page lets a link ask for (maxFish 1000); using 1000.");
    DecodedHash few = decodeLink("n=300", owner);
    CHECK(few.params.fish == 300);
    CHECK(few.warnings.empty());
    Params generous = owner;
    generous.maxFish = 5000;
    CHECK(decodeLink("n=5000", generous).params.fish == 5000);
    CHECK(decodeLink("n=99999999999", owner).params.fish == 1000);
  }

  SECTION("a seek past maxSeek is refused with one warning (not also 'clamped')") {
    DecodedHash d = decodeLink("t=5000", owner);
    CHECK_FALSE(d.hasSeek);
    CHECK(d.seekSeconds == 0);
    REQUIRE(idsOf(d.warnings) == Ids{WarningId::HashSeekRefused});
    CHECK(d.warnings[0].text == "hash: t=5000 s is a longer seek than this page allows (maxSeek 600 s); not seeking.");
    DecodedHash huge = decodeLink("t=1e12", owner);
    CHECK_FALSE(huge.hasSeek);
    CHECK(idsOf(huge.warnings) == Ids{WarningId::HashSeekRefused});
    DecodedHash ok = decodeLink("t=25", owner);
    CHECK(ok.hasSeek);
    CHECK(ok.seekSeconds == 25);
    CHECK(ok.warnings.empty());
  }

  SECTION("a world that needs a huge grid is shrunk until it fits, aspect kept") {
    DecodedHash d = decodeLink("w=100000&h=100000&rsep=1&rali=1&rcoh=1", owner);
    CHECK(gridCells(d.params) <= kLinkMaxGridCells);
    CHECK(d.params.width == d.params.height);
    CHECK(d.params.width >= 100);
    CHECK(idsOf(d.warnings) == Ids{WarningId::LinkGridTooBig});
    DecodedHash wide = decodeLink("w=100000&h=50000&rcoh=2&rali=2&rsep=2", owner);
    CHECK(gridCells(wide.params) <= kLinkMaxGridCells);
    CHECK(wide.params.width == Approx(2 * wide.params.height).epsilon(0.01));
    // A big world with ordinary radii is fine: 16000x9000 at 60 px (the 30 000-fish bench world) is 40 000 cells.
    DecodedHash big = decodeLink("w=16000&h=9000", owner);
    CHECK(big.params.width == 16000);
    CHECK(big.warnings.empty());
  }

  SECTION("a page whose own grid is bigger keeps it") {
    Params huge = owner;
    huge.width = huge.height = 100000;
    huge.sepRadius = huge.aliRadius = huge.cohRadius = 10;
    DecodedHash d = decodeLink("seed=4", huge);
    CHECK(d.params.width == 100000);
    CHECK(d.warnings.empty());
  }

  SECTION("dpr can only go down; page settings cannot be set from a link") {
    DecodedHash up = decodeLink("dpr=4", owner);
    CHECK(up.params.maxDpr == 2);
    CHECK(idsOf(up.warnings) == Ids{WarningId::LinkDprAbove});
    CHECK(decodeLink("dpr=1", owner).params.maxDpr == 1);
    DecodedHash page = decodeLink("maxn=100000&maxFish=100000&q=1&fps=240", owner);
    CHECK(page.params.maxFish == 1000);
    CHECK(page.params.quality == 0);
    CHECK(page.params.maxFps == 60);
    CHECK(idsOf(page.warnings) == Ids(4, WarningId::HashPageSetting));
  }

  SECTION("the hash a page writes never carries the page's settings") {
    Params p = owner;
    p.maxFish = 5000;
    std::string h = encodeHash(p);
    CHECK(h.find("maxn=") == std::string::npos);
    CHECK(h.find("budget=") == std::string::npos);
    CHECK(h.find("q=") == std::string::npos);
    CHECK(decodeLink(h, owner).warnings.empty());
  }
}

// Found by tests/fuzz/hash_link.cpp: a page whose own fish count is above its maxFish warned, on every plain anchor
// (#about), that "a link" asked for too many fish.
TEST_CASE("decodeLink leaves a hash that is not ours alone, whatever the page's own settings", "[link]") {
  Params owner;
  owner.fish = 500;
  owner.maxFish = 100;
  for (const char* hash : {"#about", "#studio=1", "#section=2&tab=3", ""}) {
    DecodedHash d = decodeLink(hash, owner);
    CHECK_FALSE(d.anyKey);
    CHECK(d.warnings.empty());
    CHECK(d.params.fish == 500);
  }
  DecodedHash ours = decodeLink("#seed=3", owner);  // a link's replay still runs under the ceiling
  CHECK(ours.params.fish == 100);
  CHECK(test::idsOf(ours.warnings) == test::Ids{WarningId::LinkTooManyFish});
}

// Found by tests/fuzz/hash_link.cpp: with one side shrunk to its 100 px minimum, the aspect-keeping shrink ran out of
// steps and a long thin world kept more grid cells than a link may ask for (813 000 for w=100000&h=100 at 1 px).
TEST_CASE("decodeLink holds the grid ceiling for a world thinner than the minimum side allows", "[link]") {
  Params owner;
  for (const char* hash : {"#w=100000&h=100&rsep=1&rali=1&rcoh=1", "#w=100000&h=1000&rsep=1&rali=1&rcoh=1",
                           "#w=100&h=100000&rsep=1&rali=1&rcoh=1", "#w=100000&h=150&rsep=1.5&rali=1.5&rcoh=1.5"}) {
    DecodedHash d = decodeLink(hash, owner);
    INFO(hash << " -> " << d.params.width << "x" << d.params.height);
    CHECK(gridCells(d.params) <= kLinkMaxGridCells);
    CHECK(d.params.width >= 100);
    CHECK(d.params.height >= 100);
    CHECK(test::countId(d.warnings, WarningId::LinkGridTooBig) == 1);
  }
}
