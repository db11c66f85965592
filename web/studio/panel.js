// The panel's shell: a shadow root on its own element (the page's CSS and the panel's cannot meet), the sections in
// focus order (share, teaching view, metrics, parameters, record), collapsing to a small button, Esc to collapse.
import { adoptStyles } from './style.js';
import { el } from './util.js';

const PRESETS = ['default', 'tuned']; // names C++ applyPreset knows (src/sim/params.cpp); each is applied by it

// The panel's elements, by what they do; the other parts fill its sections (teach, graph and legend, params, record)
// and wire its buttons.
export class Panel {
  constructor() {
    /** The element the panel lives in, on the page: <mirofish-studio>, its shadow root holding the rest. */
    this.element = document.createElement('mirofish-studio');
    this.root = this.element.attachShadow({ mode: 'open' });
    adoptStyles(this.root);
    this.collapse = el('button', {
      type: 'button',
      className: 'collapse',
      textContent: 'Hide',
      'aria-expanded': 'true',
      'aria-label': 'Hide the studio (Esc)',
    });
    this.open = el('button', {
      type: 'button',
      className: 'open',
      textContent: 'Studio',
      hidden: true,
      'aria-label': 'Open the MiroFish studio',
    });
    this.preset = el(
      'select',
      { 'aria-label': 'preset' },
      ...PRESETS.map((name) => el('option', { value: name, textContent: name })),
    );
    this.applyPreset = el('button', { type: 'button', textContent: 'Apply preset' });
    this.reset = el('button', {
      type: 'button',
      textContent: 'Reset',
      title: 'Back to the school this page started with',
    });
    this.copyLink = el('button', { type: 'button', textContent: 'Copy link' });
    this.copyTag = el('button', { type: 'button', textContent: 'Copy script tag' });
    this.copyExact = el('button', {
      type: 'button',
      textContent: 'Copy this exact school',
      title: 'The tag with this world size and seed: the same school, letterboxed on other screens',
    });
    this.out = el('input', { className: 'out', readOnly: true, 'aria-label': 'the link or tag to copy' });
    this.status = el('div', { className: 'status', role: 'status' });
    this.teach = el('section', { 'aria-label': 'teaching view' });
    this.graph = el('canvas', {
      className: 'graph',
      width: 600,
      height: 180,
      role: 'img',
      'aria-label': 'polarization, mean neighbours and groups over the last 30 seconds',
    });
    this.legend = el('div', { className: 'legend' });
    this.csv = el('button', { type: 'button', textContent: 'Download CSV' });
    this.params = el('section', { 'aria-label': 'parameters' }, el('h3', {}, 'Parameters'));
    this.record = el('section', { 'aria-label': 'record' });
    this.out.hidden = true;
    this.panel = this.layout();
    this.root.append(this.panel, this.open);

    this.collapse.addEventListener('click', () => this.setCollapsed(true));
    this.open.addEventListener('click', () => this.setCollapsed(false));
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        this.setCollapsed(true);
      }
    });
  }

  /** @param {boolean} collapsed */
  setCollapsed(collapsed) {
    this.panel.hidden = collapsed;
    this.open.hidden = !collapsed;
    this.collapse.setAttribute('aria-expanded', String(!collapsed));
    (collapsed ? this.open : this.collapse).focus();
  }

  // Shows what was copied (selected, so Ctrl+C works where the clipboard is not allowed) and says so.
  /** @param {string} text @param {boolean} copied */
  say(text, copied) {
    this.out.hidden = false;
    this.out.value = text;
    this.status.textContent = copied
      ? 'Copied.'
      : 'Select the text above and copy it (the clipboard is not available here).';
    if (!copied) this.out.select();
  }

  // The panel's sections in reading order: share, the teaching view, the metrics, the parameters, the recorder.
  /** @returns {HTMLDivElement} */
  layout() {
    return el(
      'div',
      { className: 'panel', role: 'region', 'aria-labelledby': 'mf-title' },
      el('header', {}, el('h2', { id: 'mf-title' }, 'MiroFish studio'), this.collapse),
      el(
        'section',
        { 'aria-label': 'share' },
        el('div', { className: 'row' }, this.preset, this.applyPreset, this.reset),
        el('div', { className: 'row' }, this.copyLink, this.copyTag, this.copyExact),
        this.out,
        this.status,
      ),
      this.teach,
      el(
        'section',
        { 'aria-label': 'metrics' },
        el('h3', {}, 'Last 30 s'),
        this.graph,
        this.legend,
        el('div', { className: 'row' }, this.csv),
      ),
      this.params,
      this.record,
    );
  }
}
