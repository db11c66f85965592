// `mirofish bench`: step-time medians over fish counts, grid vs brute force, the neighbour cap; JSON out.
#pragma once

#include <vector>

#include "cli/cli_args.h"
#include "sim/obstacles.h"

namespace mirofish {

int benchCommand(CliArgs& args);
// `bench --obstacles N [--max FISH]`: FISH (default 10 000) fish with N obstacles vs none, interleaved (S-ECO-1).
std::vector<Obstacle> benchObstacles(int count, float w, float h);
int obstacleBench(int count, int fish, bool quick);

}  // namespace mirofish
