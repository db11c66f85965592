// Reading a `mirofish sweep` CSV (shared by scripts/sweep-plot and scripts/sweep-table; node, no dependencies).
'use strict';

const fs = require('node:fs');

// {params, rows, columns}: params are the swept parameters' columns (between `seed` and `hash`); every row is an
// object of strings by column name. `#` lines are comments; the first other line is the header.
function readSweep(file) {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  if (!lines.length || !lines[0].startsWith('run,label,seed,')) {
    throw new Error(file + ' is not a mirofish sweep CSV (no run,label,seed,... header)');
  }
  const columns = lines[0].split(',');
  const params = columns.slice(3, columns.indexOf('hash'));
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
  });
  return { columns, params, rows };
}

// The value for a flag (`--x wcoh`), or the fallback.
function flag(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

function median(values) {
  const v = values.slice().sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// The most frequent value (ties: the first seen).
function mode(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  let best = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)) best = v;
  return best;
}

module.exports = { readSweep, flag, median, mode };
