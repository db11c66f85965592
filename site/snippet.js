// The three snippets a page owner copies (script tag, npm + mount(), <miro-fish>), written from a look: the options
// that differ from the parameter table's defaults (MiroFish.table()), by their public names. A background carries
// the look, not the window: no width/height unless `exact` (a replay of this very school at this world size).

// sepRadius -> sep-radius (the data-* and attribute form).
export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

// A value as an attribute or a JS literal: a named option by its name (palette 'ink'), numbers as the hash writes
// them (integers whole, else up to three decimals).
function shown(info, v) {
  if (info.values.length && info.values[v]) return info.values[v];
  if (info.integer) return String(Math.round(v));
  const s = Number(v)
    .toFixed(3)
    .replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

// The options worth writing, in the table's order: [info, shownValue, isName]. `fish` whenever the look has one, even
// the table's 200: a tag without it takes a count by the screen's area, which the panel then says it does
// (configure_controls.js); width, height and seed only for an exact replay.
export function lookEntries(look, table, { exact = false, world = null } = {}) {
  const out = [];
  for (const info of table) {
    let v = look.options[info.name];
    if (exact && world && (info.name === 'width' || info.name === 'height')) v = world[info.name];
    if (v === undefined) continue;
    if (typeof v === 'string') v = Math.max(0, info.values.indexOf(v));
    const always =
      info.name === 'fish' || (exact && (info.name === 'width' || info.name === 'height' || info.name === 'seed'));
    if (!always && v === info.def) continue;
    out.push([info, shown(info, v), info.values.length > 0 && !!info.values[v]]);
  }
  return out;
}

// The landing of the page's address (without its hash: a shared link's hash would overfill the code).
const QR_CALL = "form({ type: 'qr', text: location.origin + location.pathname })";

// <script src="mirofish.js" data-fish="120" data-palette="ink"></script>
export function scriptTag(look, table, { src = 'mirofish.js', exact = false, world = null } = {}) {
  const attrs = lookEntries(look, table, { exact, world }).map(
    ([info, v]) => ' data-' + kebab(info.name) + '="' + v + '"',
  );
  let html = '<script src="' + src + '"' + attrs.join('') + '></' + 'script>';
  if (look.qr)
    html += '\n<script>\n  MiroFish.ready.then((school) => school && school.' + QR_CALL + ');\n</' + 'script>';
  return html;
}

// npm install mirofish, then mount() with the options as an object literal.
export function mountSnippet(look, table) {
  const entries = lookEntries(look, table);
  const element = look.options.layer === 'element';
  const props = entries.map(([info, v, named]) => info.name + ': ' + (named ? "'" + v + "'" : v));
  const lines = [
    '// npm install mirofish',
    "import { mount } from 'mirofish';",
    '',
    (look.qr ? 'const school = ' : '') +
      'await mount(' +
      (element ? "'#hero'" : 'null') +
      ', { ' +
      props.join(', ') +
      ' });' +
      (element ? ' // inside #hero' : ' // behind the page'),
  ];
  if (look.qr) lines.push('await school.' + QR_CALL + ';');
  return lines.join('\n');
}

// <script src="mirofish.js"></script> and <miro-fish fish="120" palette="ink" style="..."></miro-fish>: fixed
// behind the page, or a block in the flow.
export function elementSnippet(look, table) {
  const attrs = lookEntries(look, table)
    .filter(([info]) => info.name !== 'layer')
    .map(([info, v]) => ' ' + kebab(info.name) + '="' + v + '"');
  const style =
    look.options.layer === 'element' ? 'display: block; height: 60vh' : 'position: fixed; inset: 0; z-index: -1';
  // The bare tag defines the element (and mounts no background of its own beside it).
  let html =
    '<script src="mirofish.js"></' + 'script>\n<miro-fish' + attrs.join('') + ' style="' + style + '"></miro-fish>';
  // The element's `ready` event hands over its school (el.school), as MiroFish.ready does the tag's.
  if (look.qr) {
    html +=
      "\n<script>\n  document.querySelector('miro-fish').addEventListener('ready', (e) =>\n    e.detail.school." +
      QR_CALL +
      ');\n</' +
      'script>';
  }
  return html;
}
