#!/usr/bin/env node
// The living pond's targets (S-SIM-14, S-SIM-15, S-INT-4) over seeds 1..10, from the CLI: 200 fish, 1600x900, 7 200 steps, default
// parameters. usage: node bench/pond_targets.mjs [CLI] [--<param> VALUE ...]   (CLI: build/native/mirofish)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliFrom, readMetrics } from './metrics_csv.mjs';

const args = process.argv.slice(2);
const cli = cliFrom(args);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pond-'));
const run = (extra) => execFileSync(cli, ['run', ...extra, ...args], { encoding: 'utf8' });
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

const rows = [];
for (let seed = 1; seed <= 10; seed++) {
  const m = path.join(tmp, 'm.csv'),
    f = path.join(tmp, 'f.csv');
  const out = run(['--hash', `seed=${seed}`, '--steps', '7200', '--metrics', m, '--every', '10']);
  const data = readMetrics(m);
  const groups = data.map((r) => +r.groups);
  const states = ['cruise', 'sprint', 'hover', 'startle'].map((k) => Math.max(...data.map((r) => +r[k])));
  const clamps = +/fallback-clamps (\d+)/.exec(out)[1];
  run(['--hash', `seed=${seed}`, '--steps', '480', '--metrics', f, '--event', 'feed@2:800,450']);
  const eatenAt = readMetrics(f).find((r) => +r.pellets_eaten > 0);
  const last = data[data.length - 1];
  const r = {
    seed,
    gMin: Math.min(...groups),
    gMax: Math.max(...groups),
    coverage: +last.coverage,
    neighbours: +last.avg_neighbours,
    states,
    clamps,
    eatenS: eatenAt ? (+eatenAt.step - 120) / 60 : null,
  };
  rows.push(r);
  console.log(
    `seed ${seed}: groups ${r.gMin}..${r.gMax}, coverage ${r.coverage.toFixed(2)}, mean neighbours ` +
      `${r.neighbours.toFixed(1)}, most fish in cruise/sprint/hover/startle ${states.join('/')}, clamps ${clamps}, ` +
      `pellet eaten ${r.eatenS === null ? 'not within 6 s' : 'after ' + r.eatenS.toFixed(2) + ' s'}`,
  );
}
const splitMerge = rows.filter((r) => r.gMin === 1 && r.gMax >= 3).length;
const eaten = rows.filter((r) => r.eatenS !== null && r.eatenS <= 6).length;
console.log(`\n| what | target | measured |\n|---|---|---|`);
console.log(`| groups min / max | 1 / >= 3 in >= 8 of 10 seeds | ${splitMerge} of 10 |`);
console.log(
  `| coverage at the end | >= 70 % in every seed | min ${(100 * Math.min(...rows.map((r) => r.coverage))).toFixed(0)} % |`,
);
console.log(`| mean neighbours at the end, median | <= 25 | ${median(rows.map((r) => r.neighbours)).toFixed(1)} |`);
console.log(`| states | all four in every seed | ${rows.every((r) => r.states.every((n) => n > 0)) ? 'yes' : 'no'} |`);
console.log(`| fallback clamps | 0 | ${Math.max(...rows.map((r) => r.clamps))} |`);
console.log(`| pellet eaten within 6 s (feed@2:800,450) | >= 8 of 10 | ${eaten} of 10 |`);
fs.rmSync(tmp, { recursive: true });
