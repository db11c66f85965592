// The studio's live metrics (web/studio/metrics.js): the CSV it downloads is `mirofish run --metrics`'s file for the
// same run, byte for byte, one row per drawn frame, a new file when the parameters change. The rows and headers are
// the native CLI's own (the studio's wasm formats them with the same C++); a stand-in core hands them over.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CLI } from './support/cli.mjs';
import './support/register.mjs';

const { METRICS_ARRAY } = await import('../../web/studio/arrays.js');
const { MAX_ROWS, Metrics } = await import('../../web/studio/metrics.js');

// The CLI's metrics file for `hash`, run `steps` steps: its header (two lines) and its rows, each with its newline.
function cliRun(hash, steps) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-metrics-'));
  const file = path.join(dir, 'm.csv');
  try {
    execFileSync(CLI, ['run', '--hash', hash, '--steps', String(steps), '--metrics', file]);
    const text = fs.readFileSync(file, 'latin1');
    const lines = text.split(/(?<=\n)/);
    return { text, header: lines.slice(0, 2).join(''), rows: lines.slice(2) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A studio whose frames carry step k's StepMetrics as one byte, k, which the stand-in core formats as the CLI's row k.
function studioOf(runs) {
  const studio = {
    hash: '',
    step: 0,
    lastFrame: {
      bytes(k) {
        assert.equal(k, METRICS_ARRAY, 'the metrics are read from their own array');
        return studio.step === null ? null : new Uint8Array([studio.step]);
      },
    },
    core: {
      stateNames: [],
      csvRow: (bytes) => (bytes[0] === 0 ? '0,' : runs[studio.hash].rows[bytes[0] - 1]),
      csvHeader: (hash) => runs[hash].header,
    },
  };
  const metrics = new Metrics(studio, { getContext: () => null }, null);
  let now = 0;
  const frame = (step) => {
    studio.step = step;
    metrics.sample((now += 16));
  };
  return { studio, metrics, frame };
}

test("the CSV is the CLI's file for the same run: one row a step, none for step 0 or a frame drawn again", () => {
  const a = cliRun('n=60&seed=3', 12);
  assert.equal(a.rows.length, 12);
  const { studio, metrics, frame } = studioOf({ 'n=60&seed=3': a });
  studio.step = null;
  metrics.sample(1);
  assert.equal(metrics.csv(), '', 'no frame yet: nothing');
  studio.hash = 'n=60&seed=3';
  frame(0);
  for (let k = 1; k <= 12; k++) {
    frame(k);
    if (k % 4 === 0) frame(k); // a still frame (a paused school redrawn): its step again
  }
  assert.equal(metrics.csv(), a.text);
  const last = metrics.latest();
  const columns = a.header.split('\n')[1].split(',');
  const cells = a.rows[11].trim().split(',');
  const at = (name) => cells[columns.indexOf(name)];
  assert.deepEqual(last.values, [Number(at('polarization')), Number(at('avg_neighbours')), Number(at('groups'))]);
  assert.equal(last.state, at('state'));
  assert.equal(last.checks, Number(at('distance_checks')));
});

test('new parameters start a new file (their header, their rows), the first sample of it marked', () => {
  const runs = { 'n=60&seed=3': cliRun('n=60&seed=3', 6), 'n=40&seed=9': cliRun('n=40&seed=9', 6) };
  const { studio, metrics, frame } = studioOf(runs);
  studio.hash = 'n=60&seed=3';
  for (let k = 1; k <= 6; k++) frame(k);
  assert.equal(metrics.latest().mark, false);
  studio.hash = 'n=40&seed=9';
  frame(6); // the same step under a new hash is a new run's row
  assert.equal(metrics.latest().mark, true);
  frame(6);
  assert.equal(metrics.csv(), runs['n=40&seed=9'].header + runs['n=40&seed=9'].rows[5]);
  assert.notEqual(runs['n=40&seed=9'].header, runs['n=60&seed=3'].header);
});

test('the file keeps the last MAX_ROWS rows', () => {
  const run = cliRun('n=20&seed=1', 1);
  const row = run.rows[0];
  const runs = { h: { header: run.header, rows: [] } };
  const { studio, metrics, frame } = studioOf(runs);
  studio.hash = 'h';
  // step k's row: the CLI's row with k in its step column (a byte carries 1..255, so the steps go round)
  for (let k = 1; k <= 255; k++) runs.h.rows.push(k + row.slice(row.indexOf(',')));
  for (let n = 0; n < MAX_ROWS + 300; n++) frame((n % 255) + 1);
  const rows = metrics
    .csv()
    .slice(run.header.length)
    .split(/(?<=\n)/);
  assert.equal(rows.length, MAX_ROWS);
  assert.equal(rows[rows.length - 1], runs.h.rows[(MAX_ROWS + 299) % 255]);
  assert.equal(rows[0], runs.h.rows[300 % 255], 'the oldest rows went first');
});
