// scripts/sweep-plot and scripts/sweep-table on a small hand-made sweep CSV (node only, no browser): the plot has one
// line and one min..max band per value of the other parameter, the table the median over seeds per label.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const h = require('./helpers');

const PLOT = path.join(h.ROOT, 'scripts', 'sweep-plot');
const TABLE = path.join(h.ROOT, 'scripts', 'sweep-table');

// wcoh 0 and 1, wali 0 and 1, three seeds each; mean_groups = 10 * wcoh + wali + seed, mode_state by wali.
function sweepCsv() {
  const lines = [
    '# mirofish sweep; base=n=10; steps=60; shard=0/1; runs=12',
    'run,label,seed,wcoh,wali,hash,state_hash,step,mean_groups,mode_state',
  ];
  let run = 0;
  for (const wcoh of [0, 1]) {
    for (const wali of [0, 1]) {
      for (const seed of [1, 2, 3]) {
        lines.push(
          [
            run++,
            `wcoh=${wcoh} wali=${wali}`,
            seed,
            wcoh,
            wali,
            `n=10&seed=${seed}`,
            '0'.repeat(16),
            60,
            10 * wcoh + wali + seed,
            wali ? 'cohesive' : 'dispersed',
          ].join(','),
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}

describe('sweep scripts', () => {
  let dir, csv;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-sweep-scripts-'));
    csv = path.join(dir, 'runs.csv');
    fs.writeFileSync(csv, sweepCsv());
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sweep-plot: a line and a band per other value, points at the mean over seeds', () => {
    const svg = execFileSync(PLOT, [csv, '--x', 'wcoh', '--y', 'mean_groups'], { encoding: 'utf8' });
    assert.match(svg, /^<svg /);
    assert.equal((svg.match(/<polyline /g) || []).length, 2, 'wali=0 and wali=1');
    assert.equal((svg.match(/<polygon /g) || []).length, 2, 'one min..max band each');
    assert.equal((svg.match(/<circle /g) || []).length, 4, 'two wcoh values per line');
    assert.match(svg, />wali=0</);
    assert.match(svg, />wali=1</);
    assert.match(svg, /mean of 3 seeds/);
    // Means over seeds 1..3: wali=0 at wcoh 0, 1 is 2, 12; wali=1 is 3, 13. Up the page is a larger value.
    const ys = [...svg.matchAll(/<circle cx="[\d.]+" cy="([\d.]+)"/g)].map((m) => Number(m[1]));
    const [w0c0, w0c1, w1c0, w1c1] = ys;
    assert.ok(w1c1 < w0c1 && w0c1 < w1c0 && w1c0 < w0c0, 'points at 13, 12, 3, 2 from the top: ' + ys.join(' '));
    const out = path.join(dir, 'plot.svg');
    execFileSync(PLOT, [csv, '--y', 'mean_groups', '--out', out]); // --x defaults to the first swept parameter
    assert.match(fs.readFileSync(out, 'utf8'), />wcoh</);
  });

  it('sweep-plot: a bad column is one line and exit 2', () => {
    const r = spawnSync(PLOT, [csv, '--x', 'frob'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^sweep-plot: --x frob: not a swept parameter/);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });

  it('sweep-table: the median over seeds per label, the most frequent category', () => {
    const table = execFileSync(TABLE, [csv, '--metrics', 'mean_groups,mode_state'], { encoding: 'utf8' });
    const rows = table.trim().split('\n');
    assert.equal(rows.length, 2 + 4);
    assert.equal(rows[0], '| run | seeds | mean_groups | mode_state |');
    assert.equal(rows[2], '| wcoh=0 wali=0 | 3 | 2.000 | dispersed |'); // seeds 1, 2, 3: median 2
    assert.equal(rows[5], '| wcoh=1 wali=1 | 3 | 13.000 | cohesive |');
  });
});
