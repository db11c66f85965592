#!/usr/bin/env bash
# The wasm step's machine instructions as V8 runs them: callgrind over node running the wasm CLI, whose
# JIT code callgrind counts like any other (--smc-check=all-non-file), compiled by TurboFan alone (--no-liftoff: with
# tiering, when a function moves up varies from run to run, and the totals moved by up to 25 %). A fish-step's count
# is the difference between a run of 2 000 steps and one of 1 800, over 200 steps x N fish, so start-up and the
# scattered start cancel out. Two runs of one build: 4 424 and 4 415; wall-clock A/Bs on a shared VM scatter far
# more. Counts instructions only: branch mispredictions and memory stalls are not in it. Needs valgrind; ~3 minutes.
#   bench/native/wasm_instructions.sh build/wasm-node/mirofish.js [N]     (N fish, default 2 000, bench density)
set -euo pipefail
js=$1
n=${2:-2000}
read -r w h < <(awk -v n="$n" 'BEGIN { k = sqrt(n / 300); printf "%d %d\n", int(1600 * k), int(900 * k) }')
out=$(mktemp -d)
total() {
  valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$out/cg.$1" \
    node --single-threaded --no-liftoff "$js" run --hash "n=$n&w=$w&h=$h&seed=1" --steps "$1" >"$out/run.$1" 2>&1
  callgrind_annotate "$out/cg.$1" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
a=$(total 1800)
b=$(total 2000)
echo "$js n=$n ${w}x$h: $(((b - a) / 200 / n)) instructions a fish-step (steps 1 800-2 000); $(grep state-hash "$out/run.2000")"
rm -rf "$out"
