// S-ECO-3 species in the school: dealing the kinds and their copy in cell order for pass 1 (school_steer.cpp weighs
// the neighbours by it), in a file of its own so the page builds it for size: one species never runs the copy.
#include <algorithm>

#include "sim/school.h"
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
  if (params_.species <= 1) std::fill(scratch_.kind.begin(), scratch_.kind.end(), 0.0f);
}

void School::sortKinds(const int* order) {
  const uint8_t* kind = fish_.species.data();
  for (int k = 0; k < fish_.count; ++k) scratch_.kind[k] = float(kind[order ? order[k] : k]);
}

}  // namespace mirofish
