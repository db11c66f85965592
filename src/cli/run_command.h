// CLI commands: `run` steps a school and prints its state hash; `params` prints the table.
#pragma once

#include <string>
#include <vector>

#include "cli/cli_args.h"
#include "link/form_spec.h"
#include "sim/obstacles.h"

namespace mirofish {

// A reproducible input, applied before the step at which stepCount() reaches `step` (seek steps count too).
struct RunEvent {
  enum Kind { Scare, Feed, Pointer, PointerOff, Set } kind;
  long long step;
  float x, y;
  std::string text;
  int param = -1;  // Set: the parameter and its new value (predator=0 sends the predator away, S-ECO-2)
  double value = 0;
};

// What `run`'s flags ask for, read without running anything (no school, no files, no output): the edge the fuzz
// targets drive (tests/fuzz). Throws CliError as runCommand does.
struct RunRequest {
  Params params;
  FormSpec form;
  double formAt = 0;
  bool hasSeek = false;
  double seek = 0;
  long long steps = 0, every = 1;
  std::vector<RunEvent> events;  // in the order given
  std::vector<Obstacle> obstacles;
  std::vector<Warning> warnings;  // printed as `warning:` before the run, in order
};
RunRequest readRunRequest(CliArgs& args);

int runCommand(CliArgs& args);
int paramsCommand(CliArgs& args);

}  // namespace mirofish
