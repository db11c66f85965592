// The teaching view's controls (S-DEV-3): the three rules one at a time, the overlays, and what the selected fish
// sees. The rules are switched by their weights (0, then the weight they had back), so the hash says what is on.
import { el, grouped } from './util.js';

/** @typedef {import('./core.js').Inspection} Inspection */
/**
 * What the teaching view shows (the panel's toggles) and the fish it follows.
 * @typedef {object} TeachState
 * @property {boolean} select a click selects the nearest fish, instead of scaring the school
 * @property {boolean} grid the neighbour grid
 * @property {boolean} heading each fish coloured by where it swims
 * @property {number} selected the fish followed, -1 for none
 * @property {Object<string, number>} saved a rule's weight before it was switched off, by the weight's name
 */
/**
 * What the teaching view reads of its studio, and calls on it: the toggles' state, the table and the parameters, the
 * state names; set() for a rule's weight, select() and redraw() for the overlay.
 * @typedef {Pick<import('./studio.js').Studio, 'teach' | 'table' | 'params' | 'core' | 'set' | 'select' | 'redraw'>}
 *   TeachStudio
 */

// Each rule and the weight parameter that switches it (the table must have them; otherwise no toggles).
/** @type {{key: string, label: string, weight: import('../mirofish.d.ts').MiroFishParamName}[]} */
const RULES = [
  { key: 'sep', label: 'separation', weight: 'sepWeight' },
  { key: 'ali', label: 'alignment', weight: 'aliWeight' },
  { key: 'coh', label: 'cohesion', weight: 'cohWeight' },
];
// "One at a time": separation alone, then + alignment, then + cohesion.
const RULE_STAGES = [
  [true, false, false],
  [true, true, false],
  [true, true, true],
];

/**
 * A checkbox in its label; `onchange` hears whether it is checked.
 * @param {string} label @param {string} className @param {boolean} checked @param {(on: boolean) => void} onchange
 * @returns {[HTMLInputElement, HTMLLabelElement]}
 */
function check(label, className, checked, onchange) {
  const box = el('input', { type: 'checkbox', checked, onchange: () => onchange(box.checked) });
  return [box, el('label', { className }, box, label)];
}

// The rules' checkboxes and the button that turns them on one at a time. A rule is on while its weight is above 0;
// off keeps the weight it had, to restore.
/** @param {TeachStudio} s @param {typeof RULES} rules */
function ruleControls(s, rules) {
  const t = s.teach;
  /** @param {(typeof RULES)[number]} r @param {boolean} on */
  const setRule = (r, on) => {
    const weight = s.table.find((x) => x.name === r.weight);
    if (!weight) return; // none: `rules` holds the table's weights only
    const now = s.params[r.weight];
    if (on === now > 0) return; // already so: a weight tuned meanwhile stays
    if (!on) t.saved[r.weight] = now;
    s.set(r.weight, on ? (t.saved[r.weight] > 0 ? t.saved[r.weight] : weight.def) : 0);
  };
  /** @type {Map<string, HTMLInputElement>} by the rule's key */
  const boxes = new Map();
  const row = el('div', { className: 'checks', role: 'group', 'aria-label': 'rules' });
  for (const r of rules) {
    const [box, label] = check(r.label, r.key, true, (on) => setRule(r, on));
    boxes.set(r.key, box);
    row.append(label);
  }
  let stage = -1;
  const stageButton = el('button', { type: 'button', textContent: 'One at a time: separation' });
  stageButton.onclick = () => {
    stage = (stage + 1) % RULE_STAGES.length;
    rules.forEach((r, k) => setRule(r, RULE_STAGES[stage][k]));
    const next = RULE_STAGES[(stage + 1) % RULE_STAGES.length];
    stageButton.textContent =
      'One at a time: ' +
      rules
        .filter((r, k) => next[k])
        .map((r) => r.label)
        .join(' + ');
  };
  return { boxes, row, stageButton };
}

// Builds the view into `container`; returns refresh() (the toggles from the weights) and show() (the numbers).
/** @param {HTMLElement} container @param {TeachStudio} s */
export function buildTeach(container, s) {
  const t = s.teach;
  const rules = RULES.filter((r) => s.table.find((x) => x.name === r.weight));
  const { boxes, row: ruleRow, stageButton } = ruleControls(s, rules);

  // Overlays: all drawn on the studio's own canvas over the fish's; none costs anything while off.
  const [, selectLabel] = check('click selects a fish', '', t.select, (on) => {
    t.select = on;
    if (!on) s.select(-1);
  });
  const [, gridLabel] = check('grid', '', t.grid, (on) => {
    t.grid = on;
    s.redraw();
  });
  const [, headingLabel] = check('colour by heading', '', t.heading, (on) => {
    t.heading = on;
    s.redraw();
  });
  const readout = el('div', { className: 'readout', 'aria-live': 'off' });
  container.append(
    el('h3', {}, 'Teaching view'),
    ruleRow,
    el('div', { className: 'row' }, stageButton),
    el('div', { className: 'checks' }, selectLabel, gridLabel, headingLabel),
    readout,
  );

  return {
    // The toggles follow the weights, whoever changed them (the sliders, a preset, a pasted link).
    refresh() {
      for (const r of rules) {
        const box = boxes.get(r.key); // each rule's, made above
        if (box) box.checked = s.params[r.weight] > 0;
      }
    },
    // The numbers beside the overlay: the selected fish, the grid's distance checks against brute force (null: none
    // yet), among `n` fish, and the overlay's own time in the last frame.
    /** @param {Inspection | null} fish @param {number | null} checks @param {number} n @param {number} overlayMs */
    show(fish, checks, n, overlayMs) {
      const lines = [];
      if (fish && fish.fish >= 0) {
        lines.push(...fishLines(fish, n, s.core.stateNames));
      } else if (t.select) {
        lines.push('click a fish to select it');
      }
      if (checks !== null) {
        const brute = n * (n - 1);
        lines.push(
          'distance checks per step: grid ' +
            grouped(checks) +
            ', brute force n(n-1) ' +
            grouped(brute) +
            (checks > 0 ? ' (' + (brute / checks).toFixed(1) + 'x)' : ''),
        );
      }
      if (overlayMs > 0) lines.push('overlay ' + overlayMs.toFixed(2) + ' ms a frame');
      readout.textContent = lines.join('\n');
    },
  };
}

// What the selected fish sees and feels, from the C++ inspection (studio_core.cpp's FIELDS).
/** @param {Inspection} fish @param {number} n @param {string[]} stateNames @returns {string[]} */
function fishLines(fish, n, stateNames) {
  /** @param {number} v */
  const f = (v) => v.toFixed(0);
  return [
    'fish ' + fish.fish + (fish.panicked ? ' (panicked)' : '') + '  ' + (stateNames[fish.behaviour] || ''),
    'neighbours: separation ' + fish.sepN + ', alignment ' + fish.aliN + ', cohesion ' + fish.cohN,
    'forces px/s2: sep ' +
      f(Math.hypot(fish.sepX, fish.sepY)) +
      ', ali ' +
      f(Math.hypot(fish.aliX, fish.aliY)) +
      ', coh ' +
      f(Math.hypot(fish.cohX, fish.cohY)) +
      ' (limit ' +
      f(fish.limit) +
      ')',
    'its distance checks: grid ' + fish.gridChecks + ', brute force ' + Math.max(0, n - 1),
  ];
}
