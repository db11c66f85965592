// Where the wasm step's time goes, function by function, as V8 runs it: the wasm CLI's `run` under
// node's sampling profiler (--cpu-prof, TurboFan alone), each function's self time in ns a fish-step. Sampling, so
// the machine's noise is in it, but every function shares the run: its split is the useful part, and a function's
// ns a fish-step from two builds run alternately is a fairer A/B than the step's total. Needs a build that keeps the
// functions' names and does not merge the step's phases into one (the `wasm-prof` preset: link -O1 --profiling-funcs).
//   cmake --preset wasm-prof && cmake --build --preset wasm-prof -j2 --target mirofish
//   node bench/cli/step_profile.mjs [build/wasm-prof/mirofish.js] [FISH] [STEPS]    (10 000 fish, 2 400 steps)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [js = 'build/wasm-prof/mirofish.js', fishArg = '10000', stepsArg = '2400'] = process.argv.slice(2);
const fish = Number(fishArg),
  steps = Number(stepsArg);
if (!fs.existsSync(js) || !(fish > 0) || !(steps > 0)) {
  console.error('usage: node bench/cli/step_profile.mjs [JS] [FISH] [STEPS] (build JS with the wasm-prof preset)');
  process.exit(2);
}
const k = Math.sqrt(fish / 300); // the bench's constant density: 300 fish per 1600x900 px
const hash = `n=${fish}&w=${Math.floor(1600 * k)}&h=${Math.floor(900 * k)}&seed=1`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-profile-'));
try {
  const out = execFileSync(
    process.execPath,
    [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
      '--cpu-prof-interval',
      '200',
      '--no-liftoff',
      js,
      'run',
      '--hash',
      hash,
      '--steps',
      String(steps),
    ],
    { encoding: 'utf8' },
  );
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const name = new Map(prof.nodes.map((n) => [n.id, n.callFrame.functionName || '(program)']));
  const us = new Map(); // self time of each function, microseconds: a sample's time is the delta to the next one
  for (let i = 0; i + 1 < prof.samples.length; i++) {
    const f = name.get(prof.samples[i]);
    us.set(f, (us.get(f) || 0) + prof.timeDeltas[i + 1]);
  }
  const total = [...us.values()].reduce((a, b) => a + b, 0);
  const short = (f) =>
    f
      .replace(/\(anonymous namespace\)::/g, '')
      .replace(/\(.*$/, '')
      .slice(0, 60);
  console.log(`${js}, ${hash}, ${steps} steps: ${out.trim().split('\n').pop()}`);
  console.log('ns a fish-step  share  function');
  for (const [f, t] of [...us].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    const ns = (t * 1000) / (fish * steps);
    console.log(`${ns.toFixed(1).padStart(14)}  ${((100 * t) / total).toFixed(1).padStart(4)} %  ${short(f)}`);
  }
  console.log(
    `${((total * 1000) / (fish * steps)).toFixed(1).padStart(14)}  total (start-up and the scattered start included)`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
