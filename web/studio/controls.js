// The parameter controls, generated from the parameter table (MiroFish.table(), straight from C++): one labelled
// slider and number box per row, grouped as the table groups them, with its unit, range and help, on the scale the
// table gives (C++ ParamScale: a log slider for counts and sizes, a number box and "new seed" for the seed, a number
// box alone for the world's size). No parameter is named here.
import { clamp, el, formatValue } from './util.js';

/** @typedef {import('../mirofish.d.ts').MiroFishParamInfo} ParamInfo */
/**
 * A slider's range and its position <-> value mapping.
 * @typedef {{min: number, max: number, step: number, to: (v: number) => number, from: (p: number | string) => number}}
 *   SliderScale
 */
/**
 * One parameter's row: show(v) puts the school's value in it; busy() while a value typed or slid there is on its way.
 * @typedef {{info: ParamInfo, range: HTMLInputElement, number: HTMLInputElement, show: (v: number) => void,
 *   busy: () => boolean}} ControlRow
 */

export const LOG_STEPS = 1000;

// A slider's position <-> a value. Linear: the value itself. Log: 0..LOG_STEPS over log(value) from the range's
// bottom (or, for a range from 0, from a floor: 1 for a count, max/1000 otherwise; position 0 is the range's min),
// rounded to 3 significant digits (whole for integers), so each step lands on a value the hash writes.
/** @param {Pick<ParamInfo, 'scale' | 'min' | 'max' | 'integer'>} info @returns {SliderScale} */
export function sliderScale(info) {
  if (info.scale !== 'log') return { min: info.min, max: info.max, step: sliderStep(info), to: (v) => v, from: Number };
  const floor = info.min > 0 ? info.min : info.integer ? 1 : info.max / 1000;
  const span = Math.log(info.max / floor);
  return {
    min: 0,
    max: LOG_STEPS,
    step: 1,
    to: (v) => (v <= floor ? (v <= info.min ? 0 : 1) : Math.round((Math.log(v / floor) / span) * LOG_STEPS)),
    from: (p) => {
      if (Number(p) <= 0) return info.min;
      const v = Number((floor * Math.exp((Number(p) / LOG_STEPS) * span)).toPrecision(3));
      return info.integer ? Math.round(v) : v;
    },
  };
}

/** @type {Object<string, string>} */
const GROUP_TITLES = { sim: 'Simulation', pointer: 'Pointer and scares', view: 'Look', page: 'Page settings' };

// A slider step that lands on the values the hash can carry: whole numbers, or about 1/200 of the range rounded to
// 1, 2 or 5 times a power of ten (never finer than the 3 decimals kept).
/** @param {Pick<ParamInfo, 'min' | 'max' | 'integer'>} info @returns {number} */
export function sliderStep(info) {
  if (info.integer) return 1;
  const raw = (info.max - info.min) / 200;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = raw / p < 2 ? p : raw / p < 5 ? 2 * p : 5 * p;
  return Math.max(step, 0.001);
}

// Builds the controls into `container`; returns {rows, refresh(params)}. `onSet(name, value)` applies a value and
// resolves to the one held (the school's set(), which clamps as the table says).
/**
 * @param {HTMLElement} container
 * @param {ParamInfo[]} table
 * @param {(name: import('../mirofish.d.ts').MiroFishParamName, value: number) => Promise<number | undefined>} onSet
 */
export function buildControls(container, table, onSet) {
  /** @type {Map<import('../mirofish.d.ts').MiroFishParamName, ControlRow>} */
  const rows = new Map();
  /** @type {string[]} */
  const groups = [];
  for (const info of table) if (!groups.includes(info.group)) groups.push(info.group);
  for (const group of groups) {
    const details = el('details', { open: group === 'sim' }, el('summary', {}, GROUP_TITLES[group] || group));
    for (const info of table.filter((x) => x.group === group)) {
      const id = 'mf-' + info.name;
      const scale = sliderScale(info);
      const range = el('input', {
        type: 'range',
        id,
        min: String(scale.min),
        max: String(scale.max),
        step: String(scale.step),
        'aria-describedby': id + '-help',
      });
      range.hidden = info.scale === 'seed' || info.scale === 'box'; // a number box: no slider position means anything
      const again =
        info.scale === 'seed' ? el('button', { type: 'button', className: 'new-seed', textContent: 'New seed' }) : null;
      const number = el('input', {
        type: 'number',
        min: String(info.min),
        max: String(info.max),
        step: info.integer ? '1' : 'any',
        'aria-label': info.name + (info.unit !== '-' ? ' (' + info.unit + ')' : ''),
      });
      const label = el(
        'label',
        { htmlFor: id },
        el('span', {}, info.name),
        el('span', { className: 'unit' }, (info.unit !== '-' ? info.unit + ', ' : '') + info.min + '..' + info.max),
      );
      const help = el(
        'div',
        { className: 'help', id: id + '-help' },
        info.help + (info.inHash ? '' : ' (page only: not in links)'),
      );
      const row = el('div', { className: 'param' }, label, again || range, number, help);
      if (again) row.append(range); // hidden, kept for the row's shape
      let held = info.def; // the school's value (the slider shows it snapped to its step; the box exactly)
      let pending = 0; // this row's sets on their way: the school's older values, pushed meanwhile, are not shown
      /** @param {number} v */
      const show = (v) => {
        held = v;
        range.value = String(scale.to(v));
        if (/** @type {Document | ShadowRoot} */ (number.getRootNode()).activeElement !== number)
          number.value = formatValue(info, v);
      };
      /** @param {number | string} raw a slider's value, a typed one, a new seed */
      const apply = (raw) => {
        const v = Number(raw);
        if (raw === '' || !Number.isFinite(v)) return show(held); // not a number: the value stays
        // Clamped to the table's range here, as set() would clamp it, so a typed 1e9 is not also a console warning.
        pending++;
        onSet(info.name, info.integer ? Math.round(clamp(v, info.min, info.max)) : clamp(v, info.min, info.max)).then(
          (now) => {
            if (--pending === 0 && typeof now === 'number') show(now);
          },
        );
      };
      range.addEventListener('input', () => apply(scale.from(range.value)));
      if (again) again.addEventListener('click', () => apply(1 + Math.floor(Math.random() * 0xfffffffe)));
      number.addEventListener('change', () => {
        apply(number.value);
        number.value = formatValue(info, held);
      });
      rows.set(info.name, { info, range, number, show, busy: () => pending > 0 });
      details.append(row);
    }
    container.append(details);
  }
  return {
    rows,
    // Shows the school's values (after a preset, a reset, a rule toggle or a pasted link).
    /** @param {import('../mirofish.d.ts').MiroFishParams} params */
    refresh(params) {
      for (const [name, r] of rows) if (typeof params[name] === 'number' && !r.busy()) r.show(params[name]);
    },
  };
}
