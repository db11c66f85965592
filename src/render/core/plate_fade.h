// S-CHO-4 the finale in view: how much of the QR code's light plate shows while the fish land. The plate is drawn
// under the fish that fly to their modules (fish_renderer.h), so it must not hide them; it fades in with the landing
// instead of standing there, opaque, from its first frame. GL-free, so the native suite tests it.
#pragma once

#include <cstdint>

#include "sim/formation_state.h"

namespace mirofish {

// The plate comes in two beats: kPlateGatherShare of its opacity while the school gathers (over the landing's first
// kPlateGatherSeconds), the rest in step with the fish that have settled. Full only once every fish has landed (the
// hold), so the light square reaches its tone as the code completes, never before.
constexpr float kPlateGatherSeconds = 1.0f;
constexpr float kPlateGatherShare = 0.3f;

// 0..1 at simulation step `step`: 0 without a plate, 1 while the code holds.
float plateOpacity(const FormationState& form, uint64_t step);

}  // namespace mirofish
