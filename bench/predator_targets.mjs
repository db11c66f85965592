#!/usr/bin/env node
// The predator's target (S-ECO-2) over seeds 1..10, from the CLI: 2 000 fish, 1600x900, 90 s. The predator is
// called at 30 s (set@30:pred=1: it enters at an edge) and sent away at 60 s (set@60:pred=0: it swims out). Each seed
// also runs without it (the control), because a school of 2 000 splits and merges on its own too.
// By default the living pond's own unrest is off (sprint=0 hover=0 na=0 cur=0 fright=0: one school at rest, as the
// target assumes); --pond keeps the default parameters.
//   node bench/predator_targets.mjs [CLI] [--pond] [--<param> VALUE ...]   (CLI: build/native/mirofish)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliFrom, readMetrics } from './metrics_csv.mjs';

const args = process.argv.slice(2);
const cli = cliFrom(args);
const pond = args.includes('--pond');
const extra = args.filter((a) => a !== '--pond');
const calm = pond ? [] : ['--sprint', '0', '--hover', '0', '--na', '0', '--cur', '0', '--fright', '0'];
const ON = 30,
  OFF = 60,
  END = 90,
  EVERY = 30; // seconds; samples every 30 steps (0.5 s)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'predator-'));
const groupsOf = (file) => readMetrics(file).map((r) => ({ t: +r.step / 60, g: +r.groups }));
const run = (seed, events) => {
  const m = path.join(tmp, 'm.csv');
  execFileSync(
    cli,
    [
      'run',
      '--hash',
      `n=2000&seed=${seed}`,
      '--steps',
      String(END * 60),
      '--metrics',
      m,
      '--every',
      String(EVERY),
      ...calm,
      ...events,
      ...extra,
    ],
    { encoding: 'utf8' },
  );
  return groupsOf(m);
};
const firstAfter = (data, from, test) => {
  const r = data.find((s) => s.t >= from && test(s.g));
  return r ? r.t - from : null;
};
const share1 = (data, a, b) => {
  const w = data.filter((s) => s.t >= a && s.t < b);
  return w.filter((s) => s.g === 1).length / w.length;
};
const fmt = (x) => (x === null ? 'never' : x.toFixed(1) + ' s');
const median = (xs) => {
  const s = xs.map((x) => (x === null ? Infinity : x)).sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

const rows = [];
for (let seed = 1; seed <= 10; seed++) {
  const hunt = run(seed, ['--event', `set@${ON}:pred=1`, '--event', `set@${OFF}:pred=0`]);
  const calmRun = run(seed, []);
  const maxIn = (data) => Math.max(...data.filter((s) => s.t >= ON && s.t < OFF).map((s) => s.g));
  const r = {
    seed,
    rise: firstAfter(hunt, ON, (g) => g > 1),
    riseControl: firstAfter(calmRun, ON, (g) => g > 1),
    back: firstAfter(hunt, OFF, (g) => g === 1),
    maxHunt: maxIn(hunt),
    maxControl: maxIn(calmRun),
    oneBefore: share1(hunt, ON - 10, ON),
    oneHunt: share1(hunt, ON + 5, OFF),
    oneControl: share1(calmRun, ON + 5, OFF),
  };
  rows.push(r);
  console.log(
    `seed ${seed}: groups > 1 ${fmt(r.rise)} after the predator is called (control ${fmt(r.riseControl)}), ` +
      `back to 1 ${fmt(r.back)} after it is sent away; most groups while hunted ${r.maxHunt} (control ${r.maxControl}); ` +
      `time as one group: 10 s before ${(100 * r.oneBefore).toFixed(0)} %, hunted ${(100 * r.oneHunt).toFixed(0)} % ` +
      `(control ${(100 * r.oneControl).toFixed(0)} %)`,
  );
}
const n = (f) => rows.filter(f).length;
console.log(
  `\n| what (${pond ? 'default parameters' : "the pond's own unrest off"}) | target | measured |\n|---|---|---|`,
);
console.log(
  `| groups > 1 within 5 s of the predator's call | yes | ${n((r) => r.rise !== null && r.rise <= 5)} of 10 seeds ` +
    `(median ${median(rows.map((r) => r.rise)).toFixed(1)} s; without a predator ${n((r) => r.riseControl !== null && r.riseControl <= 5)} of 10) |`,
);
console.log(
  `| groups back to 1 within 30 s of sending it away | yes | ${n((r) => r.back !== null && r.back <= 30)} of 10 seeds ` +
    `(median ${median(rows.map((r) => r.back)).toFixed(1)} s) |`,
);
console.log(
  `| most groups while hunted, median | - | ${median(rows.map((r) => r.maxHunt))} (without a predator ${median(rows.map((r) => r.maxControl))}) |`,
);
console.log(
  `| time as one group from 5 s after the call to 60 s, median | - | ${(100 * median(rows.map((r) => r.oneHunt))).toFixed(0)} % ` +
    `(without a predator ${(100 * median(rows.map((r) => r.oneControl))).toFixed(0)} %) |`,
);
fs.rmSync(tmp, { recursive: true });
