// The QR plate's fade-in (src/render/plate_fade.cpp): in with the gathering, full only once every fish has landed.
#include <catch2/catch.hpp>

#include "render/core/plate_fade.h"

using namespace mirofish;

namespace {
FormationState landingQr(int assigned, int settled) {
  FormationState s;
  s.spec.kind = FormationKind::Qr;
  s.phase = FormPhase::Landing;
  s.cell = 8;
  s.startStep = 600;
  s.assigned = assigned;
  s.settledCount = settled;
  return s;
}
}  // namespace

TEST_CASE("plate fade: none before the landing, a share while gathering, full only when all have landed", "[render]") {
  FormationState s = landingQr(400, 0);
  CHECK(plateOpacity(s, 600) == 0.0f);
  CHECK(plateOpacity(s, 630) == Approx(0.5f * kPlateGatherShare));     // half the gathering beat
  CHECK(plateOpacity(s, 600 + 10 * 60) == Approx(kPlateGatherShare));  // gathered, nothing landed
  s.settledCount = 200;
  CHECK(plateOpacity(s, 720) == Approx(kPlateGatherShare + 0.5f * (1 - kPlateGatherShare)));
  s.settledCount = 399;
  CHECK(plateOpacity(s, 720) < 1.0f);
  s.settledCount = 400;
  CHECK(plateOpacity(s, 720) == Approx(1.0f));
  s.settledCount = 10;
  s.phase = FormPhase::Holding;  // the landing cap: the hold shows the whole code whoever is still out
  CHECK(plateOpacity(s, 720) == 1.0f);
}

TEST_CASE("plate fade: no plate for text, or with no formation", "[render]") {
  FormationState s = landingQr(10, 10);
  s.spec.kind = FormationKind::Text;
  CHECK(plateOpacity(s, 700) == 0.0f);
  FormationState none;
  CHECK(plateOpacity(none, 700) == 0.0f);
}
