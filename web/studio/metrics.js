// Live metrics (S-DEV-4): the last 30 s of polarization, mean neighbours, groups and the school's state as a small
// graph (with the fish in each behaviour state now), and "download CSV": the rows since the school's parameters last
// changed, formatted by the simulation's own
// code (sim/metrics_csv.cpp, in the studio's wasm), so the file has the columns and header of `mirofish run
// --metrics`. One row per drawn frame (the frame's last step); the step column says which.
import { METRICS_ARRAY } from './arrays.js';
import { el } from './util.js';

const GRAPH_MS = 30000;
const MAX_ROWS = 36000; // ten minutes of rows at 60 a second
const STATE_COLOURS = { cohesive: '#5fd47a', dispersed: '#7b8a90', oscillating: '#ffa94d' };
const SERIES = [
  // colour: the graph's line; the legend's swatch has the same colour in STUDIO_CSS (.s0 .. .s2)
  { column: 'polarization', label: 'polarization', colour: '#ffd166' },
  { column: 'avg_neighbours', label: 'mean neighbours', colour: '#5fc4e0' },
  { column: 'groups', label: 'groups', colour: '#e07be0' },
];

export function createMetrics(s, canvas, legend) {
  const ctx = canvas.getContext('2d');
  const m = {
    samples: [], // {t, values: [per SERIES], state, mark}
    rows: [],
    header: '',
    columns: [],
    hash: '',
    lastStep: '',
    // Reads the frame's last step (if it is new) into the graph and the CSV.
    sample(now) {
      const bytes = s.pond.studioArray(METRICS_ARRAY);
      const row = bytes ? s.core.csvRow(bytes) : '';
      const step = row.slice(0, row.indexOf(','));
      if (!row || step === '0' || (step === m.lastStep && s.hash === m.hash)) return;
      m.lastStep = step;
      const hash = s.hash; // the school's, kept current by api.js (the params hook)
      const mark = hash !== m.hash;
      if (mark) {
        // new parameters: a new run, as a CLI file has one hash
        m.hash = hash;
        m.rows = [];
        m.header = s.core.csvHeader(hash);
        m.columns = m.header.split('\n')[1].split(',');
      }
      m.rows.push(row);
      if (m.rows.length > MAX_ROWS) m.rows.splice(0, m.rows.length - MAX_ROWS);
      const cells = row.trim().split(',');
      const at = (name) => cells[m.columns.indexOf(name)];
      m.samples.push({
        t: now,
        values: SERIES.map((x) => Number(at(x.column))),
        state: at('state'),
        mark,
        checks: Number(at('distance_checks')),
        fishStates: s.core.stateNames.map((name) => name + ' ' + at(name)),
      });
      while (m.samples.length && m.samples[0].t < now - GRAPH_MS) m.samples.shift();
    },
    latest() {
      return m.samples.length ? m.samples[m.samples.length - 1] : null;
    },
    csv() {
      return m.header + m.rows.join('');
    },
    // Polarization on its own 0..1 scale; neighbours and groups each scaled to their largest value in the window.
    draw(now) {
      const W = canvas.width,
        H = canvas.height,
        band = 10;
      ctx.clearRect(0, 0, W, H);
      const xs = (t) => W - ((now - t) / GRAPH_MS) * W;
      const n = m.samples.length;
      for (let i = 0; i < n; i++) {
        const a = m.samples[i],
          b = m.samples[i + 1];
        ctx.fillStyle = STATE_COLOURS[a.state] || '#555';
        ctx.fillRect(xs(a.t), H - band, Math.max(1, (b ? xs(b.t) : W) - xs(a.t)), band);
        if (a.mark && i > 0) {
          ctx.fillStyle = 'rgba(255,255,255,0.35)';
          ctx.fillRect(xs(a.t), 0, 1, H - band);
        }
      }
      const texts = [];
      SERIES.forEach((series, k) => {
        const top = k === 0 ? 1 : Math.max(1e-6, ...m.samples.map((x) => x.values[k]));
        ctx.strokeStyle = series.colour;
        ctx.lineWidth = 2;
        ctx.beginPath();
        m.samples.forEach((x, i) => {
          const y = (H - band - 4) * (1 - x.values[k] / top) + 2;
          if (i) ctx.lineTo(xs(x.t), y);
          else ctx.moveTo(xs(x.t), y);
        });
        ctx.stroke();
        const last = m.latest();
        if (last)
          texts.push([
            series,
            last.values[k].toFixed(k === 2 ? 0 : 2) + (k ? ' (max ' + top.toFixed(k === 2 ? 0 : 1) + ')' : ''),
          ]);
      });
      const last = m.latest();
      legend.replaceChildren(
        ...texts.map(([series, v], k) => el('span', {}, el('b', { className: 's' + k }, series.label), ' ' + v)),
        el('span', {}, 'state ' + (last ? last.state : '-')),
        el('span', {}, last ? last.fishStates.join(', ') : ''),
      );
    },
  };
  return m;
}

// Saves text as a file (a Blob URL and a link's download attribute: nothing inline, nothing a strict CSP refuses).
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
