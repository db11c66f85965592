// The studio's fish arrays by their index in the constants table (src/base/constants.h kStudioX .. kStudioForceScale),
// the one order the page's Pond hands them out in (Pond::studioArray) and the studio's own wasm takes them back in
// (studio_core.cpp studio_fish); web/studio reads the same indices from the generated JS constants.
#pragma once

#include "base/constants.h"
#include "sim/fish_arrays.h"

namespace mirofish {

// Fish array k of `f` (a FishArrays, const or not); nullptr for any other k.
template <class Arrays>
auto studioFishArray(Arrays& f, int k) -> decltype(&f.x) {
  switch (k) {
    case kStudioX: return &f.x;
    case kStudioY: return &f.y;
    case kStudioVX: return &f.vx;
    case kStudioVY: return &f.vy;
    case kStudioHX: return &f.hx;
    case kStudioHY: return &f.hy;
    case kStudioPanic: return &f.panic;
    case kStudioForceScale: return &f.forceScale;
    default: return nullptr;
  }
}
static_assert(kStudioForceScale + 1 == kStudioFishArrays, "every fish array has its case above");

}  // namespace mirofish
