// The configurator's controls: the few options a page owner picks, on scales a person can use (the palette by name;
// a slider on the parameter table's own scale, MiroFish.table()'s `scale`: the count is a log one), their ranges
// inside the table's, narrowed to what a background asks for.
// The count is the one option whose absence is not the table's default: a tag without `fish` gets one by the
// screen's area (200 at 1600 x 900, 46 on a phone: docs/hosting.md#phones), which a page should keep unless its
// owner wants a number. So the panel says which it is: `auto` ticked, the snippets carry no count and the number
// shows, greyed, the count the preview got by the same rule; a number typed or dragged unticks it and goes into
// the snippets. (A panel showing the table's 200 over a tag without `fish` promised 200 and gave 142 on a laptop.)
const CONTROLS = [
  {
    name: 'fish',
    label: 'Fish',
    kind: 'range',
    min: 5,
    max: 3000,
    step: 1,
    auto: "Follow the screen's size",
    hint:
      "Ticked: each visitor's screen gets fish by its area, fewer on a phone (greyed: this preview's count). " +
      'A number: that many on every screen.',
  },
  { name: 'palette', label: 'Palette', kind: 'select' },
  { name: 'opacity', label: 'Opacity over the text', kind: 'range', min: 0.05, max: 1, step: 0.05 },
  { name: 'fishSize', label: 'Fish size', kind: 'range', min: 0.3, max: 3, step: 0.1 },
  { name: 'maxSpeed', label: 'Speed (px/s)', kind: 'range', min: 20, max: 300, step: 5 },
  { name: 'water', label: 'Water under the fish', kind: 'check' },
  { name: 'layer', label: 'Where it sits', kind: 'select', hint: 'behind: the page background; element: in a box' },
  { name: 'click', label: 'A click or tap', kind: 'select' },
  {
    name: 'reducedMotion',
    label: 'Visitors who ask for reduced motion',
    kind: 'select',
    choices: [
      [1, 'see the school still'],
      [0, 'see it swim anyway'],
    ],
  },
  { name: 'seed', label: 'Seed', kind: 'seed', hint: 'the same seed gives the same school' },
];

const LOG_STEPS = 1000;

function node(tag, props = {}, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith('aria-') || k === 'for') n.setAttribute(k, v);
    else n[k] = v;
  }
  n.append(...children);
  return n;
}

// One control: its input(s) and show(value, seen); `change(value)` gets the value the owner chose (undefined: none,
// for an `auto` one); `seen` is the preview's own value, where it has one.
function control(spec, info, change) {
  const id = 'c-' + spec.name;
  const label = node('label', { for: id }, spec.label);
  const row = node('div', { className: 'row' });
  const extra = [];
  let show;
  if (spec.kind === 'select') {
    const choices = spec.choices || info.values.map((name, i) => [name, name + (i === info.def ? ' (default)' : '')]);
    const select = node('select', { id });
    for (const [value, text] of choices) select.append(node('option', { value: String(value) }, text));
    select.addEventListener('change', () => change(spec.choices ? Number(select.value) : select.value));
    show = (v) => (select.value = String(typeof v === 'number' && !spec.choices ? info.values[v] : v));
    row.append(select);
  } else if (spec.kind === 'check') {
    const box = node('input', { id, type: 'checkbox' });
    box.addEventListener('change', () => change(box.checked ? 1 : 0));
    show = (v) => (box.checked = !!v);
    row.append(box);
  } else if (spec.kind === 'seed') {
    const num = node('input', { id, type: 'number', min: info.min, max: info.max, step: 1 });
    const again = node('button', { type: 'button' }, 'New seed');
    num.addEventListener('change', () => change(Math.round(Number(num.value)) || 0));
    again.addEventListener('click', () => change(1 + Math.floor(Math.random() * 999999)));
    show = (v) => (num.value = String(v));
    row.append(num, again);
  } else {
    const lo = Math.max(info.min, spec.min),
      hi = Math.min(info.max, spec.max);
    const log = info.scale === 'log';
    const toSlider = (v) => (log ? Math.round((Math.log(v / lo) / Math.log(hi / lo)) * LOG_STEPS) : v);
    const fromSlider = (s) => (log ? Math.round(lo * Math.pow(hi / lo, s / LOG_STEPS)) : Number(s));
    const range = node('input', {
      id,
      type: 'range',
      min: log ? 0 : lo,
      max: log ? LOG_STEPS : hi,
      step: log ? 1 : spec.step,
    });
    const num = node('input', { type: 'number', min: info.min, max: info.max, step: info.integer ? 1 : 'any' });
    num.setAttribute('aria-label', spec.label + ' (exact)');
    range.addEventListener('input', () => change(fromSlider(range.value)));
    num.addEventListener('change', () => {
      const v = Number(num.value);
      if (num.value !== '' && Number.isFinite(v)) change(Math.min(info.max, Math.max(info.min, v)));
    });
    // An `auto` one: ticked, no value (undefined); unticked, the count the preview has now, so the school stays.
    const follow = spec.auto ? node('input', { id: id + '-auto', type: 'checkbox' }) : null;
    if (follow) {
      follow.addEventListener('change', () => change(follow.checked ? undefined : Number(num.placeholder) || info.def));
      extra.push(node('label', { className: 'hint', for: follow.id }, follow, ' ' + spec.auto));
    }
    show = (v, seen) => {
      const auto = v === undefined;
      if (follow) follow.checked = auto;
      range.value = String(toSlider(Math.min(hi, Math.max(lo, auto ? (seen ?? info.def) : v))));
      if (document.activeElement !== num) num.value = auto ? '' : String(v);
      num.placeholder = auto && seen !== undefined ? String(seen) : '';
    };
    row.append(range, num);
  }
  const parts = [label, row, ...extra];
  if (spec.hint) parts.push(node('p', { className: 'hint' }, spec.hint));
  return { parts, show };
}

// Builds the controls into `form`; returns show(look, seen) to display a look's values (defaults for the rest, but
// an `auto` one's absence as such), `seen` the preview school's values by name where known.
export function buildControls(form, table, change) {
  const byName = new Map(table.map((info) => [info.name, info]));
  const shows = [];
  for (const spec of CONTROLS) {
    const info = byName.get(spec.name);
    const c = control(spec, info, (v) => change(spec.name, v));
    form.append(...c.parts);
    shows.push((look, seen) =>
      c.show(spec.auto ? look.options[spec.name] : (look.options[spec.name] ?? info.def), seen[spec.name]),
    );
  }
  return (look, seen = {}) => shows.forEach((show) => show(look, seen));
}
