// The parameter table (params.h): lookups, validation at the edges, quantization, presets, sanity warnings.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "sim/params.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using mirofish::test::setRadii;
using mirofish::test::tunedParams;

TEST_CASE("params: table, setParam, presets and sanity", "[params]") {
  SECTION("every default is inside its range, already quantized, and what Params holds") {
    Params p;
    for (int i = 0; i < kParamCount; ++i) {
      const ParamInfo& info = kParamInfo[i];
      INFO(info.name);
      CHECK(info.min <= info.max);
      CHECK(info.def >= info.min);
      CHECK(info.def <= info.max);
      CHECK(quantize(info, info.def) == info.def);
      CHECK(quantize(info, info.min) == info.min);
      CHECK(quantize(info, info.max) == info.max);
      CHECK(p.get(ParamId(i)) == info.def);
    }
  }

  SECTION("names and keys are unique, and do not collide with the hash's own keys t and preset") {
    std::set<std::string> seen;
    for (int i = 0; i < kParamCount; ++i) {
      std::string name = kParamInfo[i].name, key = kParamInfo[i].key;
      INFO(name << " / " << key);
      CHECK(!name.empty());
      CHECK(!key.empty());
      CHECK(key != "t");
      CHECK(key != "preset");
      CHECK(name != "t");
      CHECK(name != "preset");
      CHECK(seen.insert(name).second);
      if (key != name) CHECK(seen.insert(key).second);
    }
  }

  SECTION("findParam by name and by key") {
    CHECK(findParam("fish") == int(ParamId::fish));
    CHECK(findParam("n") == int(ParamId::fish));
    CHECK(findParam("sepRadius") == int(ParamId::sepRadius));
    CHECK(findParam("rsep") == int(ParamId::sepRadius));
    CHECK(findParam("wcoh") == int(ParamId::cohWeight));
    CHECK(findParam("perf") == int(ParamId::perf));
    CHECK(findParam("") == -1);
    CHECK(findParam("bogus") == -1);
    CHECK(findParam("RSEP") == -1);
    CHECK(findParam("rsep ") == -1);
    for (int i = 0; i < kParamCount; ++i) {
      CHECK(findParam(kParamInfo[i].name) == i);
      CHECK(findParam(kParamInfo[i].key) == i);
    }
  }

  SECTION("get and ref address the same field") {
    Params p;
    p.ref(ParamId::cohRadius) = 77;
    CHECK(p.cohRadius == 77);
    CHECK(p.get(ParamId::cohRadius) == 77);
    p.maxSpeed = 55;
    CHECK(p.get(ParamId::maxSpeed) == 55);
  }

  SECTION("setParam accepts in-range values and quantizes them") {
    Params p;
    Warning w{WarningId::HashTooLong, "untouched"};
    CHECK(setParam(p, ParamId::sepWeight, 1.23456, &w) == ParamStatus::Ok);
    CHECK(p.sepWeight == 1.235);
    CHECK(w.text == "untouched");
    CHECK(setParam(p, ParamId::cohRadius, 33.3333, &w) == ParamStatus::Ok);
    CHECK(p.cohRadius == 33.333);
    CHECK(setParam(p, ParamId::fish, 41.6, &w) == ParamStatus::Ok);
    CHECK(p.fish == 42);
    CHECK(setParam(p, ParamId::fish, 41.4, &w) == ParamStatus::Ok);
    CHECK(p.fish == 41);
    CHECK(setParam(p, ParamId::seed, 4294967295.0, &w) == ParamStatus::Ok);
    CHECK(p.seed == 4294967295.0);
    CHECK(setParam(p, ParamId::fov, 270, nullptr) == ParamStatus::Ok);
    CHECK(p.fov == 270);
  }

  SECTION("setParam clamps out-of-range values with a ParamClamped warning naming the parameter") {
    Params p;
    Warning w{WarningId::ParamNotFinite, ""};
    CHECK(setParam(p, ParamId::sepRadius, 1e9, &w) == ParamStatus::Clamped);
    CHECK(p.sepRadius == 400);
    CHECK(w.id == WarningId::ParamClamped);
    CHECK(w.text == "sepRadius (rsep): 1000000000 is outside 1..400 px; clamped to 400.");  // the template, rendered
    w = Warning{WarningId::ParamNotFinite, ""};
    CHECK(setParam(p, ParamId::fish, -5, &w) == ParamStatus::Clamped);
    CHECK(p.fish == 0);
    CHECK(w.id == WarningId::ParamClamped);
    CHECK(w.text == "fish (n): -5 is outside 0..100000 count; clamped to 0.");
    CHECK(setParam(p, ParamId::turnRate, 0.01, &w) == ParamStatus::Clamped);
    CHECK(p.turnRate == 0.1);
    CHECK(w.id == WarningId::ParamClamped);
    // Quantized first: 360.0004 is 360 and fine, 360.0006 is 360.001 and clamped.
    w = Warning{WarningId::ParamNotFinite, ""};
    CHECK(setParam(p, ParamId::fov, 360.0004, &w) == ParamStatus::Ok);
    CHECK(w.text.empty());  // untouched on Ok
    CHECK(setParam(p, ParamId::fov, 360.0006, &w) == ParamStatus::Clamped);
    CHECK(p.fov == 360);
    CHECK(setParam(p, ParamId::maxSpeed, 5000, nullptr) == ParamStatus::Clamped);  // no warning sink: fine
    CHECK(p.maxSpeed == 1000);
  }

  SECTION("setParam rejects NaN and infinities and keeps the value") {
    Params p;
    p.cohWeight = 0.75;
    const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity()};
    for (double v : bad) {
      Warning w;
      CHECK(setParam(p, ParamId::cohWeight, v, &w) == ParamStatus::NotFinite);
      CHECK(p.cohWeight == 0.75);
      CHECK(w.id == WarningId::ParamNotFinite);
      CHECK(w.text == "cohWeight (wcoh): value is not a finite number; kept 0.75.");
    }
  }

  SECTION("quantize: 3 decimals, integers whole") {
    const ParamInfo& real = kParamInfo[int(ParamId::sepWeight)];
    const ParamInfo& whole = kParamInfo[int(ParamId::fish)];
    CHECK(quantize(real, 1.0004) == 1.0);
    CHECK(quantize(real, 1.0006) == 1.001);
    CHECK(quantize(real, 0.1) == 0.1);
    CHECK(quantize(whole, 7.49) == 7);
    CHECK(quantize(whole, 7.51) == 8);
    CHECK(quantize(real, quantize(real, 2.71828)) == quantize(real, 2.71828));
  }

  SECTION("presets: tuned sets the S-SIM-2 values, default restores them, unknown is refused") {
    Params p;
    p.maxSpeed = 70;  // not part of a preset
    // The fields a preset sets, their tuned values and their S-SIM-2 defaults.
    struct Field {
      const char* name;
      double Params::*field;
      double tuned, byDefault;
    };
    const Field fields[] = {{"cohWeight", &Params::cohWeight, 1.4, 0.8}, {"cohRadius", &Params::cohRadius, 80, 60},
                            {"aliWeight", &Params::aliWeight, 1.5, 1.0}, {"aliRadius", &Params::aliRadius, 70, 48},
                            {"sepWeight", &Params::sepWeight, 2.2, 1.6}, {"sepRadius", &Params::sepRadius, 28, 22},
                            {"maxForce", &Params::maxForce, 160, 140}};
    REQUIRE(applyPreset(p, "tuned"));
    for (const Field& f : fields) {
      INFO(f.name);
      CHECK(p.*f.field == f.tuned);
    }
    CHECK(p.maxSpeed == 70);
    REQUIRE(applyPreset(p, "default"));
    Params d;
    for (const Field& f : fields) {
      INFO(f.name);
      CHECK(p.*f.field == d.*f.field);
      CHECK(d.*f.field == f.byDefault);  // S-SIM-2 defaults
    }
    CHECK(p.maxSpeed == 70);
    Params before = p;
    CHECK_FALSE(applyPreset(p, "bogus"));
    CHECK_FALSE(applyPreset(p, "Tuned"));
    CHECK(p.sepWeight == before.sepWeight);
    // The S-SIM-2 default speed, and the force/speed ratio it asks for.
    CHECK(d.maxSpeed == 90);
    CHECK(d.maxForce == 140);
    CHECK(d.maxForce >= 1.5 * d.maxSpeed);
    CHECK(d.maxForce <= 2.0 * d.maxSpeed);
    CHECK(d.turnRate >= 4);
    CHECK(d.turnRate <= 6);
  }

  SECTION("sanityWarning (S-SIM-13)") {
    Params d;
    CHECK(sanityWarning(d) == "");
    Params t = tunedParams();
    CHECK(sanityWarning(t) == "");
    Params fast;
    fast.maxSpeed = 1000;
    fast.maxForce = 1800;
    setRadii(fast, 5, 8, 10);
    std::string w = sanityWarning(fast);
    CHECK(w.find("px per step") != std::string::npos);
    CHECK(w.find("fmax") == std::string::npos);  // the force ratio is fine here
    Params slowForce;
    slowForce.maxForce = 20;
    CHECK(sanityWarning(slowForce).find("fmax") != std::string::npos);
    Params inverted;
    inverted.minSpeed = 100;
    CHECK(sanityWarning(inverted).find("vmin") != std::string::npos);
    // One line, no trailing space.
    Params both = fast;
    both.maxForce = 20;
    std::string b = sanityWarning(both);
    CHECK(b.find('\n') == std::string::npos);
    CHECK(b.back() != ' ');
  }
}

// The table's values column names an option's values (the JS options and the CLI flags take the names).
TEST_CASE("params: the values column names quality, layer, click, palette, controls and waterTone", "[params]") {
  const struct {
    ParamId id;
    const char* name;
    double value;
  } byName[] = {{ParamId::quality, "high", 1}, {ParamId::layer, "element", 2},     {ParamId::click, "feed", 0},
                {ParamId::palette, "neon", 3}, {ParamId::controls, "top-left", 4}, {ParamId::waterTone, "deep", 2}};
  for (const auto& n : byName) {
    INFO(n.name);
    double v = -1;
    CHECK(paramValueByName(n.id, n.name, &v));
    CHECK(v == n.value);
  }
  double v = -1;
  CHECK_FALSE(paramValueByName(ParamId::quality, "hig", &v));
  CHECK_FALSE(paramValueByName(ParamId::quality, "", &v));
  CHECK_FALSE(paramValueByName(ParamId::fish, "high", &v));
  CHECK(v == -1);
  int named = 0;
  for (int k = 0; k < kParamCount; ++k) {
    const ParamInfo& info = kParamInfo[k];
    if (!*kParamValues[k]) continue;
    ++named;
    CHECK(info.integer);  // a name stands for a whole value in min..max: as many names as values
    int names = 1;
    for (const char* c = kParamValues[k]; *c; ++c) names += *c == '|';
    CHECK(names == int(info.max - info.min) + 1);
  }
  CHECK(named == 6);
}

TEST_CASE("params: the scale column puts counts and sizes on a log slider, the seed and the world in boxes",
          "[params]") {
  CHECK(paramScale(ParamId::fish) == ParamScale::Log);
  CHECK(paramScale(ParamId::seed) == ParamScale::Seed);
  CHECK(paramScale(ParamId::width) == ParamScale::Box);
  CHECK(paramScale(ParamId::height) == ParamScale::Box);
  CHECK(paramScale(ParamId::sepWeight) == ParamScale::Linear);
  CHECK(std::string(scaleName(ParamScale::Log)) == "log");
  for (int k = 0; k < kParamCount; ++k) {
    const ParamInfo& info = kParamInfo[k];
    if (paramScale(ParamId(k)) != ParamScale::Log) continue;
    INFO(info.name);
    // A log slider needs a range of decades, a positive top and no named values; its default is off the left edge.
    CHECK(!*kParamValues[k]);
    CHECK(info.max > 0);
    CHECK(info.max >= 10 * std::max(info.min, info.integer ? 1.0 : info.max / 1000));
  }
}
