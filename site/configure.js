// The configurator: a look (its options in the URL hash) previewed over a sample page in light, dark and at phone
// width, and written out as the three snippets, a share link, an exact replay and a studio link. The preview is a
// fresh mount of the look (MiroFish.mount, layer 'element') after each change of what moves the fish, so the copied
// snippet, alone on a page of the preview's size, is the same school; opacity, palette and water are set() live.
import { buildControls } from './configure_controls.js';
import { lookHash, readLookHash } from './look_hash.js';
import { scriptTag, mountSnippet, elementSnippet } from './snippet.js';

const LIVE = new Set(['opacity', 'palette', 'water']); // colours only: set() on the running school
const $ = (id) => document.getElementById(id);

let table = [];
let look = { options: {}, qr: false };
let school = null;
let mounting = null; // the mount on its way
let remountTimer = 0;
let showControls = () => {};
let seen = {}; // the preview school's own values the controls show beside the look's (its count by area)

// The preview's options: the look with the layer the frame needs, the configurator's own hash left alone.
function previewOptions() {
  return Object.assign({}, look.options, { layer: 'element', hash: false });
}

async function remount() {
  remountTimer = 0;
  if (mounting) await mounting;
  if (school) school.destroy();
  school = null;
  mounting = MiroFish.mount($('preview'), previewOptions()).then((s) => {
    school = s;
    mounting = null;
    if (s && look.qr) s.form({ type: 'qr', text: location.href });
    seen = s ? { fish: s.get('fish') } : {};
    showControls(look, seen);
    return s;
  });
  return mounting;
}

function setStatus(text) {
  $('status').textContent = text;
}

// The snippets, the share link and the studio's link, from the look.
function write() {
  $('snippet-script').textContent = scriptTag(look, table);
  $('snippet-mount').textContent = mountSnippet(look, table);
  $('snippet-element').textContent = elementSnippet(look, table);
  const hash = lookHash(look);
  $('share-link').textContent = new URL('#' + hash, location.href).href;
  history.replaceState(history.state, '', '#' + hash);
  const keys = [];
  for (const info of table) {
    let v = look.options[info.name];
    if (typeof v === 'string') v = info.values.indexOf(v);
    if (info.inHash && typeof v === 'number' && v !== info.def) keys.push(info.key + '=' + v);
  }
  $('open-studio').href = 'studio.html#' + keys.concat('studio=1').join('&');
}

// `value` undefined: the option is left out (the count then follows the screen: configure_controls.js).
function change(name, value) {
  if (value === undefined) delete look.options[name];
  else look.options[name] = value;
  showControls(look, seen);
  write();
  if (LIVE.has(name) && school) school.set(name, value);
  else {
    clearTimeout(remountTimer);
    remountTimer = setTimeout(remount, 200);
  }
}

// The exact replay: this preview's world size and seed on the tag, so any screen letterboxes the same school.
function exactTag() {
  const world = school ? { width: school.get('width'), height: school.get('height') } : null;
  return scriptTag(look, table, { exact: true, world });
}

async function copy(id) {
  const text = id === 'snippet-exact' ? exactTag() : $(id).textContent;
  if (id === 'snippet-exact') {
    $('snippet-exact').textContent = text;
    $('snippet-exact').hidden = false;
  }
  try {
    await navigator.clipboard.writeText(text);
    setStatus('Copied.');
  } catch (e) {
    setStatus('This browser did not let the page copy: select the text and copy it.');
  }
}

function view(which) {
  const sample = $('sample'),
    frame = $('frame');
  if (which === 'phone') frame.classList.toggle('phone');
  else sample.classList.toggle('dark', which === 'dark');
  $('view-light').setAttribute('aria-pressed', String(!sample.classList.contains('dark')));
  $('view-dark').setAttribute('aria-pressed', String(sample.classList.contains('dark')));
  $('view-phone').setAttribute('aria-pressed', String(frame.classList.contains('phone')));
  if (which === 'phone') remount(); // a world from the new size, as a phone's page would take it
}

// "Record a clip": mirofish-record.js, fetched on the first press, records the preview's school to a WebM.
function loadRecorder() {
  if (window.MiroFishRecord) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'mirofish-record.js';
    s.onload = resolve;
    s.onerror = () => reject(new Error('mirofish-record.js did not load'));
    document.head.append(s);
  });
}

async function record() {
  if (!school) return setStatus('No school to record yet.');
  $('record').disabled = true;
  try {
    await loadRecorder();
    const blob = await MiroFishRecord.record(school, {
      seconds: 6,
      fps: 30,
      width: 1280,
      height: 720,
      onProgress: (done, total) => setStatus('Recording: ' + Math.round((100 * done) / total) + ' %'),
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'mirofish-' + (look.options.seed ?? 1) + '.webm';
    a.textContent = 'Download the clip (' + Math.round(blob.size / 1024) + ' KB)';
    $('status').replaceChildren(a);
  } catch (e) {
    setStatus(String((e && e.message) || e));
  } finally {
    $('record').disabled = false;
  }
}

async function init() {
  table = await MiroFish.table();
  look = readLookHash(location.hash, table);
  showControls = buildControls($('controls'), table, change);
  showControls(look);
  write();
  for (const b of document.querySelectorAll('[data-copy]')) b.addEventListener('click', () => copy(b.dataset.copy));
  $('view-light').addEventListener('click', () => view('light'));
  $('view-dark').addEventListener('click', () => view('dark'));
  $('view-phone').addEventListener('click', () => view('phone'));
  $('record').addEventListener('click', record);
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) === lookHash(look)) return;
    look = readLookHash(location.hash, table);
    showControls(look, seen);
    write();
    remount();
  });
  await remount();
}

// For the page's own checks (and a curious visitor): the preview's school once mounted.
window.configurator = { preview: () => mounting || Promise.resolve(school) };
init();
