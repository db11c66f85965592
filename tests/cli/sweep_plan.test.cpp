// The sweep's plan: --vary, --seeds and --shard parsing, the run order, the ablation variants.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "cli/cli_args.h"
#include "link/hash_codec.h"
#include "support/warning_helpers.h"
#include "sweep/sweep_plan.h"

using namespace mirofish;

namespace {

// The name of the CliError id f() throws ("" when it does not throw), and its message when asked.
template <typename F>
std::string errorOf(F f, std::string* message = nullptr) {
  try {
    f();
  } catch (const CliError& e) {
    if (message) *message = e.message;
    return test::cliErrorName(e.id);
  }
  return "";
}

}  // namespace

TEST_CASE("sweep plan: --vary ranges and lists", "[sweep][cli]") {
  SECTION("START:STOP:STEP includes STOP when the steps land on it") {
    const VarySpec v = parseVary("wcoh=0:2:0.25");
    CHECK(v.param == int(ParamId::cohWeight));
    CHECK(v.values == std::vector<double>{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2});
  }
  SECTION("a step that does not land on STOP stops before it; values are quantized as a hash holds them") {
    CHECK(parseVary("wali=0:1:0.3").values == std::vector<double>{0, 0.3, 0.6, 0.9});
    CHECK(parseVary("rsep=10:10.5:0.1").values == std::vector<double>{10, 10.1, 10.2, 10.3, 10.4, 10.5});
  }
  SECTION("lists, by name or key, in the order given") {
    CHECK(parseVary("aliWeight=1,0").values == std::vector<double>{1, 0});
    CHECK(parseVary("n=300,100,200").values == std::vector<double>{300, 100, 200});
    CHECK(parseVary("fov=270").values == std::vector<double>{270});
  }
  SECTION("bad specs: one message naming the problem") {
    CHECK(errorOf([] { parseVary("wcoh=0:2:0"); }) == "VaryBadStep");
    CHECK(errorOf([] { parseVary("wcoh=0:2:-0.5"); }) == "VaryBadStep");
    CHECK(errorOf([] { parseVary("wcoh=2:0:0.5"); }) == "VaryEmptyRange");
    CHECK(errorOf([] { parseVary("bogus=1"); }) == "VaryUnknownParam");
    CHECK(errorOf([] { parseVary("maxFish=10,20"); }) == "VaryPageSetting");
    CHECK(errorOf([] { parseVary("q=0,1"); }) == "VaryPageSetting");
    CHECK(errorOf([] { parseVary("seed=1,2"); }) == "VarySeed");
    CHECK(errorOf([] { parseVary("wcoh"); }) == "VaryMissingName");
    CHECK(errorOf([] { parseVary("=1"); }) == "VaryMissingName");
    CHECK(errorOf([] { parseVary("wcoh=0:2"); }) == "VaryRangeParts");
    CHECK(errorOf([] { parseVary("wcoh=0:nan:1"); }) == "SweepNotNumber");
    CHECK(errorOf([] { parseVary("wcoh=1,,2"); }) == "VaryEmptyValue");
    CHECK(errorOf([] { parseVary("wcoh=0,11"); }) == "VaryOutside");
    CHECK(errorOf([] { parseVary("n=10.5"); }) == "VaryNotWhole");
    CHECK(errorOf([] { parseVary("wcoh=0.1,0.1004"); }) == "VaryValueTwice");
    CHECK(errorOf([] { parseVary("wcoh=0:10:0.0001"); }) == "VaryRangeTooLong");
    // The templates, rendered: the same sentences as before the ids.
    std::string message;
    errorOf([] { parseVary("wcoh=0,11"); }, &message);
    CHECK(message == "--vary wcoh=0,11: 11 is outside wcoh's range 0..10");
    errorOf([] { parseVary("bogus=1"); }, &message);
    CHECK(message == "--vary bogus=1: unknown parameter 'bogus' (see mirofish params)");
    errorOf([] { parseVary("wcoh=0.1,0.1004"); }, &message);
    CHECK(message == "--vary wcoh=0.1,0.1004: 0.1 comes twice (a hash holds wcoh to 3 decimals)");
  }
}

TEST_CASE("sweep plan: --seeds and --shard", "[sweep][cli]") {
  CHECK(parseSeeds("1-4") == std::vector<double>{1, 2, 3, 4});
  CHECK(parseSeeds("7") == std::vector<double>{7});
  CHECK(parseSeeds("1-3,9,4294967295") == std::vector<double>{1, 2, 3, 9, 4294967295.0});
  CHECK(errorOf([] { parseSeeds("10-1"); }) == "SeedEmptyRange");
  CHECK(errorOf([] { parseSeeds("1-x"); }) == "SeedBad");
  CHECK(errorOf([] { parseSeeds("-1"); }) == "SeedBad");
  CHECK(errorOf([] { parseSeeds("1.5"); }) == "SeedBad");
  CHECK(errorOf([] { parseSeeds(""); }) == "SeedEmptyItem");

  const Shard s = parseShard("2/5");
  CHECK(s.index == 2);
  CHECK(s.count == 5);
  CHECK(s.takes(7));
  CHECK_FALSE(s.takes(8));
  CHECK(errorOf([] { parseShard("5/5"); }) == "ShardIndex");
  CHECK(errorOf([] { parseShard("0/0"); }) == "ShardCount");
  CHECK(errorOf([] { parseShard("1"); }) == "ShardSyntax");
  CHECK(errorOf([] { parseShard("a/2"); }) == "ShardNotWhole");
}

TEST_CASE("sweep plan: run order, hashes and labels", "[sweep][cli]") {
  Params base = decodeHash("n=40&seed=9&wsep=1.2").params;
  SECTION("the last --vary fastest, then seeds innermost; each run's hash carries its values") {
    const SweepPlan plan(base, {parseVary("wcoh=0,1"), parseVary("wali=0.5:1.5:0.5")}, parseSeeds("3-4"), false, 0);
    REQUIRE(plan.size() == 2 * 3 * 2);
    CHECK(plan.columnKeys() == std::vector<std::string>{"wcoh", "wali"});
    const SweepRun r = plan.run(7);  // wcoh index 1, wali index 0, seed index 1
    CHECK(r.label == "wcoh=1 wali=0.5");
    CHECK(r.seed == 4);
    CHECK(r.columns == std::vector<double>{1, 0.5});
    const Params p = decodeHash(r.hash).params;
    CHECK(p.cohWeight == 1);
    CHECK(p.aliWeight == 0.5);
    CHECK(p.seed == 4);
    CHECK(p.fish == 40);
    CHECK(p.sepWeight == 1.2);  // the base's other values stay
    std::set<std::string> hashes;
    for (uint64_t i = 0; i < plan.size(); ++i) hashes.insert(plan.run(i).hash);
    CHECK(hashes.size() == plan.size());
  }
  SECTION("no --seeds: the base's seed; no --vary: one run labelled base") {
    const SweepPlan plan(base, {}, {}, false, 0);
    REQUIRE(plan.size() == 1);
    CHECK(plan.run(0).label == "base");
    CHECK(plan.run(0).hash == encodeHash(base));
  }
  SECTION("a t= seek is carried in every run's hash") {
    const SweepPlan plan(base, {}, {}, false, 150);
    CHECK(plan.run(0).hash == encodeHash(base) + "&t=2.5");
  }
  SECTION("--ablation: all, each rule removed, each alone, from the base's weights") {
    const SweepPlan plan(base, {}, parseSeeds("1-2"), true, 0);
    REQUIRE(plan.size() == 14);
    CHECK(plan.columnKeys() == std::vector<std::string>{"wsep", "wali", "wcoh"});
    const std::vector<std::string> labels = {
        "all", "no-separation", "no-alignment", "no-cohesion", "separation-only", "alignment-only", "cohesion-only"};
    const std::vector<std::vector<double>> weights = {{1.2, 1, 0.8}, {0, 1, 0.8}, {1.2, 0, 0.8}, {1.2, 1, 0},
                                                      {1.2, 0, 0},   {0, 1, 0},   {0, 0, 0.8}};
    for (int v = 0; v < 7; ++v) {
      const SweepRun r = plan.run(uint64_t(v) * 2 + 1);
      CAPTURE(v);
      CHECK(r.label == labels[v]);
      CHECK(r.seed == 2);
      CHECK(r.columns == weights[v]);
      const Params p = decodeHash(r.hash).params;
      CHECK(p.sepWeight == weights[v][0]);
      CHECK(p.aliWeight == weights[v][1]);
      CHECK(p.cohWeight == weights[v][2]);
    }
  }
  SECTION("conflicts") {
    CHECK(errorOf([&] { SweepPlan(base, {parseVary("wcoh=0,1")}, {}, true, 0); }) == "VaryAblation");
    CHECK(errorOf([&] {
            SweepPlan(base, {parseVary("wcoh=0,1"), parseVary("cohWeight=2")}, {}, false, 0);
          }) == "VaryTwice");
  }
  SECTION("shards: every run in exactly one of N shards") {
    const SweepPlan plan(base, {parseVary("n=10:50:10")}, parseSeeds("1-3"), false, 0);
    std::vector<int> seen(size_t(plan.size()), 0);
    for (const char* text : {"0/4", "1/4", "2/4", "3/4"}) {
      const Shard s = parseShard(text);
      for (uint64_t i = 0; i < plan.size(); ++i)
        if (s.takes(i)) ++seen[size_t(i)];
    }
    CHECK(seen == std::vector<int>(size_t(plan.size()), 1));
  }
}
