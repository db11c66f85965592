// Live metrics (S-DEV-4): the last 30 s of polarization, mean neighbours, groups and the school's state as a small
// graph (with the fish in each behaviour state now), and "download CSV": the rows since the school's parameters last
// changed, formatted by the simulation's own code (sim/metrics_csv.cpp, in the studio's wasm), so the file has the
// columns and header of `mirofish run --metrics`. One row per drawn frame (the frame's last step); the step column
// says which.
import { METRICS_ARRAY } from './arrays.js';
import { el } from './util.js';

export const GRAPH_MS = 30000;
export const MAX_ROWS = 36000; // ten minutes of rows at 60 a second
/** @type {Object<string, string>} by the state column's words */
const STATE_COLOURS = { cohesive: '#5fd47a', dispersed: '#7b8a90', oscillating: '#ffa94d' };
const SERIES = [
  // colour: the graph's line; the legend's swatch has the same colour in STUDIO_CSS (.s0 .. .s2)
  { column: 'polarization', label: 'polarization', colour: '#ffd166' },
  { column: 'avg_neighbours', label: 'mean neighbours', colour: '#5fc4e0' },
  { column: 'groups', label: 'groups', colour: '#e07be0' },
];

/**
 * One drawn frame's numbers, as the graph and the teaching view read them.
 * @typedef {object} Sample
 * @property {number} t when, performance.now()
 * @property {number[]} values each of SERIES's columns
 * @property {string} state the school's state (the CSV's state column)
 * @property {boolean} mark the first row of new parameters
 * @property {number} checks the step's distance checks
 * @property {string[]} fishStates "name count" for each behaviour state
 */

/**
 * What the metrics read of their studio: the last frame's StepMetrics, the core that formats them, the school's hash.
 * @typedef {Pick<import('./studio.js').Studio, 'lastFrame' | 'core' | 'hash'>} MetricsStudio
 */

export class Metrics {
  #studio;
  #canvas;
  #ctx;
  #legend;
  /** @type {Sample[]} the last GRAPH_MS */
  #samples = [];
  /** @type {string[]} the CSV's rows since the parameters last changed, each with its newline */
  #rows = [];
  #header = '';
  /** @type {string[]} the header's column names */
  #columns = [];
  #hash = ''; // the rows' run
  #lastStep = '';

  /**
   * @param {MetricsStudio} studio
   * @param {HTMLCanvasElement} canvas the graph's
   * @param {HTMLElement} legend its numbers, in words
   */
  constructor(studio, canvas, legend) {
    this.#studio = studio;
    this.#canvas = canvas;
    this.#legend = legend;
    this.#ctx = canvas.getContext('2d');
  }

  // Reads the frame's last step (if it is new) into the graph and the CSV.
  /** @param {number} now performance.now() */
  sample(now) {
    const s = this.#studio;
    const bytes = s.lastFrame.bytes(METRICS_ARRAY);
    const row = bytes ? s.core.csvRow(bytes) : '';
    const step = row.slice(0, row.indexOf(','));
    if (!row || step === '0' || (step === this.#lastStep && s.hash === this.#hash)) return;
    this.#lastStep = step;
    const hash = s.hash; // the school's, kept current by the params hook
    const mark = hash !== this.#hash;
    if (mark) {
      // new parameters: a new run, as a CLI file has one hash
      this.#hash = hash;
      this.#rows = [];
      this.#header = s.core.csvHeader(hash);
      this.#columns = this.#header.split('\n')[1].split(',');
    }
    this.#rows.push(row);
    if (this.#rows.length > MAX_ROWS) this.#rows.splice(0, this.#rows.length - MAX_ROWS);
    const cells = row.trim().split(',');
    /** @param {string} name */
    const at = (name) => cells[this.#columns.indexOf(name)];
    this.#samples.push({
      t: now,
      values: SERIES.map((x) => Number(at(x.column))),
      state: at('state'),
      mark,
      checks: Number(at('distance_checks')),
      fishStates: s.core.stateNames.map((name) => name + ' ' + at(name)),
    });
    while (this.#samples.length && this.#samples[0].t < now - GRAPH_MS) this.#samples.shift();
  }

  /** @returns {Sample | null} */
  latest() {
    return this.#samples.length ? this.#samples[this.#samples.length - 1] : null;
  }

  // The CSV file: the header, then the rows since the parameters last changed.
  /** @returns {string} */
  csv() {
    return this.#header + this.#rows.join('');
  }

  // Polarization on its own 0..1 scale; neighbours and groups each scaled to their largest value in the window.
  /** @param {number} now */
  draw(now) {
    const canvas = this.#canvas,
      ctx = this.#ctx,
      samples = this.#samples;
    if (!ctx) return; // a canvas that gives no 2D context draws no graph
    const W = canvas.width,
      H = canvas.height,
      band = 10;
    ctx.clearRect(0, 0, W, H);
    /** @param {number} t */
    const xs = (t) => W - ((now - t) / GRAPH_MS) * W;
    const n = samples.length;
    for (let i = 0; i < n; i++) {
      const a = samples[i],
        b = samples[i + 1];
      ctx.fillStyle = STATE_COLOURS[a.state] || '#555';
      ctx.fillRect(xs(a.t), H - band, Math.max(1, (b ? xs(b.t) : W) - xs(a.t)), band);
      if (a.mark && i > 0) {
        ctx.fillStyle = 'rgba(255,255,255,0.35)';
        ctx.fillRect(xs(a.t), 0, 1, H - band);
      }
    }
    /** @type {[typeof SERIES[number], string][]} */
    const texts = [];
    SERIES.forEach((series, k) => {
      const top = k === 0 ? 1 : Math.max(1e-6, ...samples.map((x) => x.values[k]));
      ctx.strokeStyle = series.colour;
      ctx.lineWidth = 2;
      ctx.beginPath();
      samples.forEach((x, i) => {
        const y = (H - band - 4) * (1 - x.values[k] / top) + 2;
        if (i) ctx.lineTo(xs(x.t), y);
        else ctx.moveTo(xs(x.t), y);
      });
      ctx.stroke();
      const last = this.latest();
      if (last)
        texts.push([
          series,
          last.values[k].toFixed(k === 2 ? 0 : 2) + (k ? ' (max ' + top.toFixed(k === 2 ? 0 : 1) + ')' : ''),
        ]);
    });
    const last = this.latest();
    this.#legend.replaceChildren(
      ...texts.map(([series, v], k) => el('span', {}, el('b', { className: 's' + k }, series.label), ' ' + v)),
      el('span', {}, 'state ' + (last ? last.state : '-')),
      el('span', {}, last ? last.fishStates.join(', ') : ''),
    );
  }
}

// Saves text as a file (a Blob URL and a link's download attribute: nothing inline, nothing a strict CSP refuses).
/** @param {string} name @param {string} text */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
