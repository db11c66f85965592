// S-CHO-1..4 in the School: landing on a formation, the rules of the landing, the hold and the release, and the
// form=/at= hash keys.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "form/landing.h"
#include "link/hash_codec.h"
#include "sim/school.h"

using namespace mirofish;

namespace {

FormSpec spec(const std::string& value) {
  std::vector<Warning> warnings;
  FormSpec s = parseFormSpec(value, &warnings);
  REQUIRE(warnings.empty());
  return s;
}

School formed(const std::string& value, float hold = 10, double at = 0, bool brute = false) {
  School s;
  s.setBruteForce(brute);
  std::string why;
  REQUIRE(s.form(spec(value), hold, at, &why));
  CHECK(why.empty());
  return s;
}

// Steps until the hold begins (or `limit` steps); returns the steps taken.
int stepUntilHolding(School& s, int limit) {
  int n = 0;
  while (s.formation().phase != FormPhase::Holding && n < limit) {
    s.step();
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("formation: a QR code lands, every fish on its module, fish added and removed", "[formation]") {
  School s = formed("qr:https%3A%2F%2Fexample.org");
  REQUIRE(s.count() == 200);
  s.step();  // the landing's first step: targets, added fish, assignment
  const FormationState& f = s.formation();
  REQUIRE(f.phase == FormPhase::Landing);
  QrCode code;
  std::string why;
  REQUIRE(encodeQr("https://example.org", &code, &why));
  const int dark = code.darkCount();
  CHECK(int(f.tx.size()) == dark);
  CHECK(f.added == dark - 200);  // fewer fish than modules: the school is topped up for the formation
  CHECK(s.count() == dark);
  CHECK(f.assigned == dark);
  const int steps = stepUntilHolding(s, 1200);
  INFO("landing took " << steps << " steps");
  CHECK(steps < 6 * 60);  // S-CHO-4: scannable within 6 s
  CHECK(f.settledCount == dark);
  // Every module has exactly one fish, sitting exactly on it.
  std::vector<int> used(size_t(dark), 0);
  for (int i = 0; i < s.count(); ++i) {
    const int j = f.targetOf[size_t(i)];
    REQUIRE(j >= 0);
    ++used[size_t(j)];
    CHECK(s.fish().x[size_t(i)] == f.tx[size_t(j)]);
    CHECK(s.fish().y[size_t(i)] == f.ty[size_t(j)]);
  }
  CHECK(std::count(used.begin(), used.end(), 1) == dark);
  // The hold, then the release: the added fish leave and the rest swim off.
  s.steps(10 * 60 + 1);
  CHECK(f.phase == FormPhase::None);
  CHECK(s.count() == 200);
  const float x0 = s.fish().x[0];
  s.steps(30);
  CHECK(s.fish().x[0] != x0);
}

TEST_CASE("formation: settled is only ever set, and settled fish stay put under scares and the pond", "[formation]") {
  Params p;
  p.current = 0.6;
  p.attractors = 3;
  School s(p);
  std::string why;
  REQUIRE(s.form(spec("text:HELLO"), 0, 0, &why));  // hold 0: until release()
  s.step();
  const FormationState& f = s.formation();
  std::vector<uint8_t> was(f.settled);
  for (int k = 0; k < 8 * 60; ++k) {
    if (k == 4 * 60) s.scare(800, 450);  // right on the text
    s.step();
    for (size_t i = 0; i < was.size(); ++i) {
      REQUIRE(!(was[i] && !f.settled[i]));
      if (f.settled[i]) {
        REQUIRE(s.fish().x[i] == f.tx[size_t(f.targetOf[i])]);
        REQUIRE(s.fish().y[i] == f.ty[size_t(f.targetOf[i])]);
      }
    }
    was = f.settled;
  }
  CHECK(f.phase == FormPhase::Holding);
  CHECK(f.settledCount == f.assigned);
  // More fish than cells: the rest have no target and keep swimming.
  CHECK(f.added == 0);
  CHECK(f.assigned < s.count());
  int freeMoving = 0;
  School probe = s;
  probe.step();
  for (int i = 0; i < s.count(); ++i)
    if (f.targetOf[size_t(i)] < 0 && probe.fish().x[size_t(i)] != s.fish().x[size_t(i)]) ++freeMoving;
  CHECK(freeMoving == s.count() - f.assigned);
  s.release();
  CHECK(f.phase == FormPhase::None);
  CHECK(s.count() == 200);
}

TEST_CASE("formation: targets by angle (no crossing), departures by distance", "[formation]") {
  School s = formed("qr:landing");
  s.step();
  const FormationState& f = s.formation();
  const FormationArea area = worldArea(1600, 900);
  // Fish at the landing's start (lastX: where the first step left them) in angle order have targets in angle order.
  std::vector<int> fish;
  for (int i = 0; i < s.count(); ++i) fish.push_back(i);
  auto key = [&](float x, float y) { return angleKey(x - area.cx, y - area.cy); };
  std::sort(fish.begin(), fish.end(), [&](int a, int b) {
    const float ka = key(f.lastX[size_t(a)], f.lastY[size_t(a)]), kb = key(f.lastX[size_t(b)], f.lastY[size_t(b)]);
    return ka < kb || (ka == kb && a < b);
  });
  int inversions = 0;
  for (size_t k = 1; k < fish.size(); ++k) {
    const int a = f.targetOf[size_t(fish[k - 1])], b = f.targetOf[size_t(fish[k])];
    if (key(f.tx[size_t(a)], f.ty[size_t(a)]) > key(f.tx[size_t(b)], f.ty[size_t(b)])) ++inversions;
  }
  CHECK(inversions == 0);
  // The stagger: a target farther from the centre never leaves earlier; none waits longer than 0.8 s.
  for (int a = 0; a < s.count(); ++a)
    for (int b = 0; b < s.count(); b += 7) {
      const int ta = f.targetOf[size_t(a)], tb = f.targetOf[size_t(b)];
      const float da = (f.tx[size_t(ta)] - area.cx) * (f.tx[size_t(ta)] - area.cx) +
                       (f.ty[size_t(ta)] - area.cy) * (f.ty[size_t(ta)] - area.cy);
      const float db = (f.tx[size_t(tb)] - area.cx) * (f.tx[size_t(tb)] - area.cx) +
                       (f.ty[size_t(tb)] - area.cy) * (f.ty[size_t(tb)] - area.cy);
      if (da < db) REQUIRE(f.delay[size_t(a)] <= f.delay[size_t(b)]);
      REQUIRE(f.delay[size_t(a)] <= kMaxDepartureDelay);
    }
  // Before its departure a fish is the boids' alone: the fish leaving last has not been pulled after one step.
  const auto last = std::max_element(f.delay.begin(), f.delay.end()) - f.delay.begin();
  CHECK(f.delay[size_t(last)] > 0.5f);
  CHECK(f.settled[size_t(last)] == 0);
}

TEST_CASE("formation: deterministic: the same landing twice, the grid equals brute force", "[formation][determinism]") {
  for (const char* value : {"qr:https%3A%2F%2Fexample.org%2F%3Fq%3D1", "text:Hi%21", "vortex", "rings"}) {
    INFO(value);
    School a = formed(value, 2, 0.5), b = formed(value, 2, 0.5), brute = formed(value, 2, 0.5, true);
    for (int k = 0; k < 7 * 60; ++k) {
      a.step();
      b.step();
      brute.step();
      if (k % 30 == 0) {
        REQUIRE(a.stateHash() == b.stateHash());
        REQUIRE(a.stateHash() == brute.stateHash());
      }
    }
    CHECK(a.stateHash() == brute.stateHash());
  }
}

TEST_CASE("formation: at= waits for its step; a moving formation follows its targets", "[formation]") {
  School s = formed("ring", 0, 2.0);
  s.steps(120);
  CHECK(s.formation().phase == FormPhase::Waiting);
  s.step();  // the step from 2 s on: the landing begins
  CHECK(s.formation().phase == FormPhase::Landing);
  s.steps(6 * 60);
  // Every fish within a few px of its (moving) place on the ring.
  const FormationState& f = s.formation();
  float worst = 0;
  for (int i = 0; i < s.count(); ++i) {
    const int j = f.targetOf[size_t(i)];
    const float dx = s.fish().x[size_t(i)] - f.tx[size_t(j)], dy = s.fish().y[size_t(i)] - f.ty[size_t(j)];
    worst = std::max(worst, dx * dx + dy * dy);
  }
  CHECK(worst < 25.0f);
}

TEST_CASE("formation: refusals leave the school alone", "[formation]") {
  School s;
  std::string why;
  CHECK_FALSE(s.form(FormSpec(), 10, 0, &why));
  CHECK_FALSE(why.empty());
  Params tiny;
  tiny.width = 100;
  tiny.height = 100;
  School small(tiny);
  FormSpec wide;
  wide.kind = FormationKind::Text;
  wide.text = std::string(40, 'x');  // 40 x 6 + 2 cells do not fit 80 px at 1 px a cell
  CHECK_FALSE(small.form(wide, 10, 0, &why));
  CHECK(why.find("world") != std::string::npos);
  CHECK(small.formation().phase == FormPhase::None);
}

TEST_CASE("hash codec: form= and at= round-trip, escapes included, bad values warn once", "[hash][formation]") {
  const std::string text = "https://example.org/a b?q=1&r=%41#frag+more";
  FormSpec f;
  f.kind = FormationKind::Qr;
  f.text = text;
  const std::string hash = encodeHash(Params(), f, 2.5);
  CHECK(hash.find("&form=qr:https%3A%2F%2F") != std::string::npos);
  CHECK(hash.find("&at=2.5") != std::string::npos);
  const DecodedHash d = decodeHash(hash);
  CHECK(d.warnings.empty());
  CHECK(d.form.kind == FormationKind::Qr);
  CHECK(d.form.text == text);
  CHECK(d.formAt == 2.5);
  CHECK(encodeHash(d.params, d.form, d.formAt) == hash);

  // The one warning each bad value gives, by id (the form= ones keep parseFormSpec's id behind the "hash: ").
  auto only = [](const std::string& h) {
    const std::vector<Warning> w = decodeHash(h).warnings;
    return w.size() == 1 ? int(w[0].id) : -1;
  };
  CHECK(decodeHash("form=ring&at=3").warnings.empty());
  CHECK(decodeHash("form=ring").anyKey);
  const struct {
    const char* hash;
    WarningId id;
  } bad[] = {{"form=spiral", WarningId::FormUnknownKind},       {"form=qr:", WarningId::FormEmptyText},
             {"form=text:", WarningId::FormEmptyText},          {"at=5", WarningId::HashAtWithoutForm},
             {"form=ring&at=soon", WarningId::HashAtNotNumber}, {"form=ring&at=-1", WarningId::HashTimeClamped}};
  for (const auto& b : bad) {
    INFO(b.hash);
    CHECK(only(b.hash) == int(b.id));
  }
  CHECK(decodeHash("form=spiral").warnings.at(0).text.rfind("hash: form=spiral is not a formation", 0) == 0);
  CHECK(decodeHash("form=qr:" + std::string(214, 'a')).form.kind == FormationKind::None);
  CHECK(only("form=qr:" + std::string(214, 'a')) == int(WarningId::FormQrTooLong));
  CHECK(decodeHash("form=spiral").form.kind == FormationKind::None);
  CHECK(encodeHash(Params(), FormSpec(), 3) == encodeHash(Params()));  // no formation, no keys
}

TEST_CASE("formation: a world resized under a landing lands again in the new world", "[formation]") {
  School s = formed("qr:resize");
  s.steps(60);
  REQUIRE(s.formation().phase == FormPhase::Landing);
  Params p = s.params();
  p.width = 1000;
  p.height = 700;
  s.setParams(p);
  s.step();
  CHECK(s.formation().phase == FormPhase::Waiting);
  stepUntilHolding(s, 1200);
  const FormationState& f = s.formation();
  CHECK(f.phase == FormPhase::Holding);
  CHECK(f.worldW == 1000);
  for (int i = 0; i < s.count(); ++i) {
    REQUIRE(s.fish().x[size_t(i)] < 1000);
    REQUIRE(s.fish().y[size_t(i)] < 700);
  }
}
