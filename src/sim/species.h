// S-ECO-3 species: each kind's size and speed, and which kind a fish is (a pure function of the seed and its id).
#pragma once

#include <cstdint>

#include "base/mix32.h"

namespace mirofish {

constexpr int kMaxSpecies = 3;  // params.h species: 1..3

// Kind 0 is the plain koi (x1 both, so one species changes nothing); kind 1 smaller and quicker, kind 2 larger and
// slower. Size is the renderer's alone (the rules' radii stay the school's); speed scales the fish's speed cap.
struct SpeciesTraits {
  float size;   // x the fish length (fishSize)
  float speed;  // x the fish's own cruising cap (vmax x its variation)
};
constexpr SpeciesTraits kSpeciesTraits[kMaxSpecies] = {{1.0f, 1.0f}, {0.8f, 1.15f}, {1.3f, 0.85f}};

// The fastest kind among the first `species`: the top-speed bound (params.cpp topSpeedFactor) counts it.
constexpr float fastestSpecies(int species) {
  float top = 1.0f;
  for (int k = 0; k < species && k < kMaxSpecies; ++k)
    top = kSpeciesTraits[k].speed > top ? kSpeciesTraits[k].speed : top;
  return top;
}

// The largest kind among the first `species` (the renderer picks its ribbon detail for it).
constexpr float largestSpecies(int species) {
  float top = 1.0f;
  for (int k = 0; k < species && k < kMaxSpecies; ++k)
    top = kSpeciesTraits[k].size > top ? kSpeciesTraits[k].size : top;
  return top;
}

// Fish `id`'s kind among `species`, from the school's mixed seed: a hash, not id % species, so the kinds mix in
// every part of the pond and a new seed deals them again; about a third each. The same id keeps its kind when the
// count changes (fish removed and added back, a formation's extra fish).
inline uint8_t speciesOf(uint32_t seedMix, int id, int species) {
  if (species <= 1) return 0;
  const uint32_t h = mix32(seedMix ^ mix32(uint32_t(id) * 0x9e3779b9U + 0x53504543U));  // salt "SPEC"
  const int k = int(unit24(h) * float(species));
  return uint8_t(k < species ? k : species - 1);
}

}  // namespace mirofish
