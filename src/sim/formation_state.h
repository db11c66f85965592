// A school's formation (S-CHO-1..4): what it lands on and how far each fish has got. Plain data the School owns and
// the renderer reads; the rules that fill it are school_formation.cpp's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/constants.h"
#include "form/formations.h"

namespace mirofish {

enum class FormPhase : uint8_t { None, Waiting, Landing, Holding };
// The phase's one name, as the CLI prints it and the page reports it (PondStats::formPhase): "none" (no formation:
// none asked for, or it is over), "waiting", "landing", "holding".
inline const char* formPhaseName(FormPhase phase) {
  switch (phase) {
    case FormPhase::Waiting: return "waiting";
    case FormPhase::Landing: return "landing";
    case FormPhase::Holding: return "holding";
    default: return "none";
  }
}

// kDefaultHoldSeconds (base/constants.h): S-CHO-4 asks >= 5 s; a phone needs a moment to find the code.
constexpr float kLandingCapSeconds = 12.0f;  // the hold starts by then even if a fish never settled
constexpr float kSettleDistance = 0.5f;      // px from the target, and px/step of spring speed, to settle

struct FormationState {
  FormPhase phase = FormPhase::None;
  FormSpec spec;
  float hold = kDefaultHoldSeconds;  // s; <= 0 holds until release()
  uint64_t startStep = 0;            // the step the landing begins (at= x 60)
  uint64_t holdStep = 0;             // the step the hold began (Holding)
  int baseFish = 0;                  // fish before the formation; fish above it were added for it
  int added = 0;                     // fish added because the school had fewer than the targets
  int settledCount = 0;
  int assigned = 0;  // fish with a target
  // Targets, world px (per step for moving kinds); solid = QR finder modules.
  std::vector<float> tx, ty;
  std::vector<uint8_t> solid;
  // Static layouts: the grid (the QR plate is cols x rows cells from the origin); cell 0 for moving kinds.
  int cell = 0, cols = 0, rows = 0, originX = 0, originY = 0;
  // Per fish, in id order: its target (-1 free), departure delay (s), spring speed (px/step), where the phase
  // left it (px), settled (only ever set while the formation lasts).
  std::vector<int> targetOf;
  std::vector<float> delay, sx, sy, lastX, lastY;
  std::vector<uint8_t> settled;
  float worldW = 0, worldH = 0;  // the world the layout was made for
  bool active() const { return phase == FormPhase::Landing || phase == FormPhase::Holding; }
  bool isStatic() const {
    return spec.kind == FormationKind::Qr || spec.kind == FormationKind::Text || spec.kind == FormationKind::Logo;
  }
  bool plate() const { return spec.kind == FormationKind::Qr && active() && cell > 0; }
  // The renderer draws fish i as its target's cell instead of a koi.
  bool drawnAsCell(int i) const {
    return active() && isStatic() && size_t(i) < settled.size() && settled[size_t(i)] && targetOf[size_t(i)] >= 0;
  }
};

}  // namespace mirofish
