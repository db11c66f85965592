// S-ECO-3 species: kinds dealt from the seed, alignment and cohesion weaker across kinds (crossSpecies), separation
// the same, each kind's speed; one species leaves every bit as it was; grid == brute force; bad input clamped.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "link/hash_codec.h"
#include "sim/school.h"
#include "sim/species.h"
#include "support/golden_scenario.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

std::vector<uint8_t> kinds(const School& s) {
  return std::vector<uint8_t>(s.fish().species.begin(), s.fish().species.begin() + s.count());
}

struct Steer {
  float x, y;
  float length() const { return std::sqrt(x * x + y * y); }
};

// Fish 0 at (2000, 2000) heading +x, fish 1 at an offset with its own velocity, both of kind 0 or fish 1 of kind 1:
// fish 0's steering from pass 1 after one step (the ring slot it wrote; nothing else adds to it in `isolatedParams`).
Steer pairSteer(Params p, float dx, float dy, float vx1, float vy1, bool sameKind) {
  School s = placedSchool(p, {{2000, 2000, 20, 0}, {2000 + dx, 2000 + dy, vx1, vy1}});
  FishArrays& f = mutableFish(s);
  f.species[0] = 0;
  f.species[1] = sameKind ? 0 : 1;
  s.step();
  return {f.steerX[0][0], f.steerY[0][0]};
}

// The isolated pond (isolatedParams) with `fish` fish of `species` kinds, crossSpecies `cross`.
Params mixedPond(int fish, int species, double cross) {
  Params p = isolatedParams(fish);
  p.species = species;
  p.crossSpecies = cross;
  return p;
}

// A dense mixed school with the blind spot, a pointer and (cap > 0) the neighbour cap, 200 steps.
uint64_t mixedScenario(bool brute, int cap) {
  return blindSpotSweep(brute, [cap](Params& p) {
    p.species = 3;
    p.crossSpecies = 0.3;
    p.neighbourCap = cap;
  });
}

// Share of same-kind fish among each fish's neighbours within r (all fish pooled).
double sameKindShare(const School& s, float r) {
  const FishArrays& f = s.fish();
  long same = 0, all = 0;
  for (int i = 0; i < f.count; ++i)
    for (int j = 0; j < f.count; ++j)
      if (j != i && dist(f.x[i], f.y[i], f.x[j], f.y[j]) < r) {
        ++all;
        same += f.species[i] == f.species[j];
      }
  return all ? double(same) / double(all) : 0;
}

}  // namespace

TEST_CASE("species: kinds are dealt from the seed", "[species]") {
  Params p = seededParams(3000, 5);
  p.species = 3;
  School a(p), b(p);
  const std::vector<uint8_t> ka = kinds(a);
  CHECK(ka == kinds(b));  // same seed, same kinds

  SECTION("roughly a third each, and not id % species") {
    int count[3] = {0, 0, 0}, modulo = 0;
    for (int i = 0; i < p.fish; ++i) {
      REQUIRE(ka[size_t(i)] < 3);
      ++count[ka[size_t(i)]];
      modulo += ka[size_t(i)] == i % 3;
    }
    CAPTURE(count[0], count[1], count[2], modulo);
    for (int c : count) CHECK(std::abs(c - 1000) < 100);
    CHECK(modulo < 1200);
  }
  SECTION("another seed deals them again") {
    Params q = p;
    q.seed = 6;
    const std::vector<uint8_t> kb = kinds(School(q));
    int differ = 0;
    for (size_t i = 0; i < ka.size(); ++i) differ += ka[i] != kb[i];
    CAPTURE(differ);
    CHECK(differ > 1700);  // two thirds differ by chance
  }
  SECTION("one species: every fish is kind 0") {
    Params q = p;
    q.species = 1;
    for (uint8_t k : kinds(School(q))) REQUIRE(k == 0);
  }
  SECTION("a live change deals the kinds a fresh school has, and going back restores every speed bit") {
    Params one = p;
    one.species = 1;
    School s(one);
    const std::vector<float> speeds(s.fish().speedScale.begin(), s.fish().speedScale.begin() + s.count());
    s.setParams(p);
    CHECK(kinds(s) == ka);
    CHECK(std::equal(speeds.begin(), speeds.end(), s.fish().speedScale.begin()) == false);
    for (int i = 0; i < s.count(); ++i) REQUIRE(s.fish().speedScale[size_t(i)] == a.fish().speedScale[size_t(i)]);
    s.setParams(one);
    for (int i = 0; i < s.count(); ++i) REQUIRE(s.fish().speedScale[size_t(i)] == speeds[size_t(i)]);
  }
  SECTION("fish removed and added back keep their kinds") {
    Params fewer = p;
    fewer.fish = 100;
    a.setParams(fewer);
    a.setParams(p);
    CHECK(kinds(a) == ka);
  }
}

TEST_CASE("species: alignment and cohesion are crossSpecies x as strong toward another kind", "[species][rules]") {
  for (double cross : {0.25, 0.6}) {
    CAPTURE(cross);
    SECTION("alignment") {
      Params p = mixedPond(2, 2, cross);
      p.aliWeight = 1.0;
      const Steer same = pairSteer(p, 0, 15, 0, 20, true), other = pairSteer(p, 0, 15, 0, 20, false);
      CAPTURE(same.x, same.y, other.x, other.y);
      CHECK(same.length() == Approx(p.aliWeight * p.maxForce).epsilon(1e-5));  // toward +y at full strength
      CHECK(other.length() == Approx(cross * same.length()).epsilon(1e-5));
      CHECK(other.x * same.y == Approx(other.y * same.x).margin(1e-3));  // the same direction
      // Same-kind neighbours under species=2 pull exactly as under one species.
      p.species = 1;
      const Steer alone = pairSteer(p, 0, 15, 0, 20, true);
      CHECK(alone.x == same.x);
      CHECK(alone.y == same.y);
    }
    SECTION("cohesion") {
      Params p = mixedPond(2, 2, cross);
      p.cohWeight = 0.8;
      const Steer same = pairSteer(p, 0, 40, 20, 0, true), other = pairSteer(p, 0, 40, 20, 0, false);
      CAPTURE(same.x, same.y, other.x, other.y);
      CHECK(same.length() == Approx(p.cohWeight * p.maxForce).epsilon(1e-5));
      CHECK(same.y > 0);  // toward the neighbour
      CHECK(other.length() == Approx(cross * same.length()).epsilon(1e-5));
      CHECK(other.y > 0);
    }
  }
  SECTION("a neighbour of each kind: the own kind wins the direction") {
    Params p = mixedPond(3, 2, 0.25);
    p.aliWeight = 1.0;
    School s = placedSchool(p, {{2000, 2000, 20, 0},
                                {2000, 2015, 0, 20},     // own kind, heading +y
                                {2000, 1985, 0, -20}});  // other kind, heading -y
    FishArrays& f = mutableFish(s);
    f.species[0] = f.species[1] = 0;
    f.species[2] = 1;
    s.step();
    const Steer st{f.steerX[0][0], f.steerY[0][0]};
    CAPTURE(st.x, st.y);
    CHECK(st.y > 0);
    CHECK(st.length() == Approx(p.maxForce * (1 + 0.25) / 2).epsilon(1e-5));  // the neighbours' mean weight
  }
  SECTION("crossSpecies = 1: another kind pulls exactly like the own") {
    Params p = mixedPond(2, 3, 1);
    p.aliWeight = 1.0;
    p.cohWeight = 0.8;
    const Steer same = pairSteer(p, 5, 30, 10, 20, true), other = pairSteer(p, 5, 30, 10, 20, false);
    CHECK(same.x == other.x);
    CHECK(same.y == other.y);
  }
}

TEST_CASE("species: separation is the same across kinds", "[species][rules]") {
  Params p = mixedPond(2, 3, 0);  // even with no alignment or cohesion across kinds
  p.sepWeight = 1.6;
  const Steer same = pairSteer(p, 0, 10, 20, 0, true), other = pairSteer(p, 0, 10, 20, 0, false);
  CAPTURE(same.x, same.y);
  CHECK(same.y < 0);  // pushed away from the neighbour
  CHECK(same.x == other.x);
  CHECK(same.y == other.y);
}

TEST_CASE("species: one species leaves the golden hashes as they were", "[species][golden]") {
  CHECK(hex16(runGoldenScenario(false)) == "e2e386ce19511d70");
  // crossSpecies does nothing with one kind.
  School s(decodeHash("n=300&seed=7&xsp=0.7").params);
  s.steps(600);
  CHECK(hex16(s.stateHash()) == "2f7fef7bf008159c");
}

TEST_CASE("species: the grid and brute force agree bit for bit, the wide scan the scalar one",
          "[species][determinism]") {
  // Computed by the scalar code (native Release, -DMIROFISH_SCALAR); every build must agree.
  constexpr uint64_t kMixed = 0x03a0f877c8f27b52ULL;
  constexpr uint64_t kMixedCap = 0x2c299026b26ef4a6ULL;
  const uint64_t mixed = mixedScenario(false, 0), mixedCap = mixedScenario(false, 6);
  std::string mixedHex = hex16(mixed), mixedCapHex = hex16(mixedCap);
  CAPTURE(mixedHex, mixedCapHex);
  CHECK(mixed == kMixed);
  CHECK(mixedCap == kMixedCap);
  CHECK(mixedScenario(true, 0) == mixed);
  CHECK(mixedScenario(true, 6) == mixedCap);
}

TEST_CASE("species: same seed, same school; the kinds change the school", "[species][determinism]") {
  Params p = seededParams(300, 7);
  p.species = 3;
  School a(p), b(p);
  a.steps(600);
  b.steps(600);
  CHECK(a.stateHash() == b.stateHash());
  p.species = 1;
  School one(p);
  one.steps(600);
  CHECK(one.stateHash() != a.stateHash());
}

TEST_CASE("species: each kind swims at its own speed, within the top speed", "[species]") {
  Params p = seededParams(600, 9);
  p.species = 3;
  School s(p);
  double sum[3] = {0, 0, 0};
  int n[3] = {0, 0, 0}, tooFast = 0;
  const float top = float(p.maxSpeed * (1 + p.variation) * topSpeedFactor(p)) + 1e-3f;
  for (int k = 0; k < 20; ++k) {
    s.steps(60);
    const FishArrays& f = s.fish();
    for (int i = 0; i < f.count; ++i) {
      const float v = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
      sum[f.species[i]] += v;
      ++n[f.species[i]];
      tooFast += v > top;
    }
  }
  const double mean[3] = {sum[0] / n[0], sum[1] / n[1], sum[2] / n[2]};
  CAPTURE(mean[0], mean[1], mean[2]);
  CHECK(mean[1] > mean[0]);  // kind 1 quicker, kind 2 slower (kSpeciesTraits)
  CHECK(mean[2] < mean[0]);
  CHECK(tooFast == 0);
  CHECK(topSpeedFactor(p) > topSpeedFactor(Params()));
}

TEST_CASE("species: the kinds sort themselves out", "[species]") {
  // In a still pond: the points of interest and the current gather every kind alike and keep them mixed
  // (docs/behaviour.md).
  auto shareAfter = [](double cross) {
    Params p = stillPond(Params());
    p.fish = 600;
    p.seed = 4;
    p.species = 3;
    p.crossSpecies = cross;
    School s(p);
    s.steps(600);
    return sameKindShare(s, float(p.cohRadius));
  };
  Params p = stillPond(Params());
  p.fish = 600;
  p.seed = 4;
  p.species = 3;
  const double atStart = sameKindShare(School(p), float(p.cohRadius));
  const double apart = shareAfter(0), sorted = shareAfter(0.25), mixed = shareAfter(1);
  CAPTURE(atStart, apart, sorted, mixed);
  CHECK(atStart < 0.36);  // dealt at random: about a third
  CHECK(mixed < 0.4);     // no preference: hardly sorted (the kinds' speeds sort them a little)
  CHECK(sorted > mixed + 0.06);
  CHECK(apart > sorted);
}

TEST_CASE("Predator and species: a hunted mixed school stays finite and in bounds; grid == brute force",
          "[species][predator]") {
  Params p = seededParams(300, 21);
  p.species = 3;
  p.predator = 1;
  School grid(p);
  const auto inWorld = [](const School& s, const School&) { REQUIRE(allFiniteInWorld(s)); };
  REQUIRE(firstRoundOffBrute(grid, 10, 120, inWorld) == -1);
  CHECK(grid.predator().present);
  CHECK(grid.clampCount() == 0);
  CHECK(grid.firstNonFinite() == -1);
}

TEST_CASE("species: bad input is clamped with the table's warnings", "[species][params]") {
  Params p;
  Warning w;
  CHECK(setParam(p, ParamId::species, 0, &w) == ParamStatus::Clamped);
  CHECK(p.species == 1);
  CHECK(w.id == WarningId::ParamClamped);
  CHECK(setParam(p, ParamId::species, 7, &w) == ParamStatus::Clamped);
  CHECK(p.species == 3);
  CHECK(setParam(p, ParamId::species, std::nan(""), &w) == ParamStatus::NotFinite);
  CHECK(p.species == 3);
  CHECK(setParam(p, ParamId::species, 2.4, &w) == ParamStatus::Ok);
  CHECK(p.species == 2);  // whole numbers
  CHECK(setParam(p, ParamId::crossSpecies, 1.5, &w) == ParamStatus::Clamped);
  CHECK(p.crossSpecies == 1);
  const DecodedHash d = decodeHash("species=7&xsp=-1");
  CHECK(d.params.species == 3);
  CHECK(d.params.crossSpecies == 0);
  REQUIRE(d.warnings.size() == 2);
  CHECK(d.warnings[0].id == WarningId::ParamClamped);
  CHECK(d.warnings[1].id == WarningId::ParamClamped);
  CHECK(encodeHash(d.params).find("&species=3&xsp=0&") != std::string::npos);
  // A School built from out-of-range values holds them in range (withinRange).
  Params raw;
  raw.species = 9;
  raw.fish = 30;
  School s(raw);
  CHECK(s.params().species == 3);
  for (uint8_t k : kinds(s)) CHECK(k < kMaxSpecies);
}
