// The panel's shell: a shadow root on its own element (the page's CSS and the panel's cannot meet), the sections in
// focus order (share, teaching view, metrics, parameters, record), collapsing to a small button, Esc to collapse.
import { adoptStyles } from './style.js';
import { el } from './util.js';

const PRESETS = ['default', 'tuned']; // names C++ applyPreset knows (src/sim/params.cpp); each is applied by it

export function buildPanel() {
  const host = document.createElement('mirofish-studio');
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root);
  const collapse = el('button', {
    type: 'button',
    className: 'collapse',
    textContent: 'Hide',
    'aria-expanded': 'true',
    'aria-label': 'Hide the studio (Esc)',
  });
  const open = el('button', {
    type: 'button',
    className: 'open',
    textContent: 'Studio',
    hidden: true,
    'aria-label': 'Open the MiroFish studio',
  });
  const ui = {
    host,
    root,
    open,
    collapse,
    preset: el(
      'select',
      { 'aria-label': 'preset' },
      ...PRESETS.map((name) => el('option', { value: name, textContent: name })),
    ),
    applyPreset: el('button', { type: 'button', textContent: 'Apply preset' }),
    reset: el('button', { type: 'button', textContent: 'Reset', title: 'Back to the school this page started with' }),
    copyLink: el('button', { type: 'button', textContent: 'Copy link' }),
    copyTag: el('button', { type: 'button', textContent: 'Copy script tag' }),
    copyExact: el('button', {
      type: 'button',
      textContent: 'Copy this exact school',
      title: 'The tag with this world size and seed: the same school, letterboxed on other screens',
    }),
    out: el('input', { className: 'out', readOnly: true, 'aria-label': 'the link or tag to copy' }),
    status: el('div', { className: 'status', role: 'status' }),
    teach: el('section', { 'aria-label': 'teaching view' }),
    graph: el('canvas', {
      className: 'graph',
      width: 600,
      height: 180,
      role: 'img',
      'aria-label': 'polarization, mean neighbours and groups over the last 30 seconds',
    }),
    legend: el('div', { className: 'legend' }),
    csv: el('button', { type: 'button', textContent: 'Download CSV' }),
    params: el('section', { 'aria-label': 'parameters' }, el('h3', {}, 'Parameters')),
    record: el('section', { 'aria-label': 'record' }),
  };
  ui.out.hidden = true;
  ui.panel = layout(ui);
  root.append(ui.panel, open);

  ui.setCollapsed = (collapsed) => {
    ui.panel.hidden = collapsed;
    open.hidden = !collapsed;
    collapse.setAttribute('aria-expanded', String(!collapsed));
    (collapsed ? open : collapse).focus();
  };
  collapse.addEventListener('click', () => ui.setCollapsed(true));
  open.addEventListener('click', () => ui.setCollapsed(false));
  ui.panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      ui.setCollapsed(true);
    }
  });
  // Shows what was copied (selected, so Ctrl+C works where the clipboard is not allowed) and says so.
  ui.say = (text, copied) => {
    ui.out.hidden = false;
    ui.out.value = text;
    ui.status.textContent = copied
      ? 'Copied.'
      : 'Select the text above and copy it (the clipboard is not available here).';
    if (!copied) ui.out.select();
  };
  return ui;
}

// The panel's sections in reading order: share, the teaching view, the metrics, the parameters, the recorder.
function layout(ui) {
  return el(
    'div',
    { className: 'panel', role: 'region', 'aria-labelledby': 'mf-title' },
    el('header', {}, el('h2', { id: 'mf-title' }, 'MiroFish studio'), ui.collapse),
    el(
      'section',
      { 'aria-label': 'share' },
      el('div', { className: 'row' }, ui.preset, ui.applyPreset, ui.reset),
      el('div', { className: 'row' }, ui.copyLink, ui.copyTag, ui.copyExact),
      ui.out,
      ui.status,
    ),
    ui.teach,
    el(
      'section',
      { 'aria-label': 'metrics' },
      el('h3', {}, 'Last 30 s'),
      ui.graph,
      ui.legend,
      el('div', { className: 'row' }, ui.csv),
    ),
    ui.params,
    ui.record,
  );
}
