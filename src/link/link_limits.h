// What a shared link may ask of a page (S-COST-3): anyone can send a link to someone's homepage, so the page
// owner's ceilings (maxFish, maxSeek, maxDpr, a bounded grid) apply to every hash a page reads.
#pragma once

#include <string>

#include "link/hash_codec.h"
#include "sim/params.h"

namespace mirofish {

// Grid cells a link may ask for: (w / rMax + 1) x (h / rMax + 1). 1600x900 at 60 px is 432, the 30 000-fish bench
// world 41 000. Every step clears and sums the count array: 2^18 cells measured ~2 ms a step in the page, 2^16 is a
// quarter of that. A page whose own settings need more keeps its own.
constexpr double kLinkMaxGridCells = 65536;

// Cells of the neighbour grid these parameters ask for, before NeighbourGrid coarsens it.
double gridCells(const Params& p);

// decodeHash, then the owner's ceilings: fish above owner.maxFish are cut to it, a seek longer than
// owner.maxSeek is refused, maxDpr cannot rise above the owner's, and a world that would need more than
// kLinkMaxGridCells grid cells is shrunk (aspect kept). One specific warning for each.
DecodedHash decodeLink(const std::string& hash, const Params& owner);

}  // namespace mirofish
