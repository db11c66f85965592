// What the targets' benches (pond_targets.mjs, predator_targets.mjs) share: the CLI they run, and its metrics CSV
// (`mirofish run --metrics FILE`, src/sim/metrics_csv.cpp) read back.
import fs from 'node:fs';

// The CLI: the first argument when it is not a flag (taken off `args`), else the native build's.
export function cliFrom(args) {
  return args[0] && !args[0].startsWith('--') ? args.shift() : 'build/native/mirofish';
}

// One object a row, each column's text under its header's name; the comment lines left out.
export function readMetrics(file) {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const head = lines[0].split(',');
  return lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [head[i], v])));
}
