// S-ECO-3 species in the school: dealing the kinds, their copy in cell order and pass 1's weighted neighbour scan, in a
// file of its own so the page builds it for size (one species never runs the scan or the copy).
#include <algorithm>

#include "sim/neighbour_scan.h"
#include "sim/species.h"

namespace mirofish {

void School::dealSpecies(int from, int to) {
  FishArrays& f = fish_;
  for (int i = from; i < to; ++i) {
    f.species[i] = speciesOf(d_.seedMix, i, int(params_.species));
    f.speedScale[i] = f.speedVary[i] * kSpeciesTraits[f.species[i]].speed;  // the fish's own draw kept
  }
}

void School::changeSpecies(bool deal) {
  if (deal) dealSpecies(0, fish_.count);
  // One species: every candidate of kind 0 (the capped scan compares kinds whatever the count).
  if (params_.species <= 1) std::fill(sortedKind_.begin(), sortedKind_.end(), 0.0f);
}

void School::sortKinds(const int* order) {
  const uint8_t* kind = fish_.species.data();
  for (int k = 0; k < fish_.count; ++k) sortedKind_[k] = float(kind[order ? order[k] : k]);
}

void scanKinds(const ScanConfig& c, const float* X, const float* Y, const float* VX, const float* VY, const float* K,
               float ki, const int* begin, const int* end, int runs, float xi, float yi, float hxi, float hyi,
               Sums& s) {
#if defined(MIROFISH_WIDE)
  LaneSums lanes;
  resetLanes(lanes);
  for (int r = 0; r < runs; ++r)
    scanSpanWide<true>(c, X, Y, nullptr, nullptr, VX, VY, K, ki, begin[r], end[r], xi, yi, hxi, hyi, lanes, s);
  drainLanes<true>(lanes, s);
#else
  for (int r = 0; r < runs; ++r) scanSpan<true>(c, X, Y, VX, VY, K, ki, begin[r], end[r], xi, yi, hxi, hyi, s);
#endif
}

}  // namespace mirofish
