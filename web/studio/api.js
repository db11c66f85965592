// MiroFishStudio.attach(school): the panel, the teaching view and the live metrics on one mounted school, through the
// handle's _studio() hook (web/shim/host/handle.js). The classic script (classic.js) also installs the global and
// attaches by itself to the page's school when the URL hash has studio=1; the ES module (index.js) does neither.
import { VERSION } from '../shim/constants.js';
import { buildControls } from './controls.js';
import { FISH_ARRAYS, METRICS_ARRAY, STATES_ARRAY, loadCore } from './core.js';
import { createMetrics, download } from './metrics.js';
import { drawOverlay } from './overlay.js';
import { buildPanel } from './panel.js';
import { buildRecord } from './record.js';
import { STUDIO_KEY, scriptTag, shareLink } from './share.js';
import { buildTeach } from './teach.js';
import { copyText, warn } from './util.js';

const studios = new Map();  // school handle -> Promise of its studio

// Resolves to the studio of `school` (the same one when called again), or null with one warning.
export function attach(school) {
  if (!school || typeof school._studio !== 'function') {
    warn('attach() needs a mounted school (MiroFish.current, or what mount() resolved to), not ' + String(school));
    return Promise.resolve(null);
  }
  if (!studios.has(school)) {
    const made = loadCore().then((core) => (core ? createStudio(school, core) : null));
    studios.set(school, made);
    made.then((st) => { if (!st) studios.delete(school); });
  }
  return studios.get(school);
}

function createStudio(school, core) {
  // The hooks run inside the school's frame loop and input handlers: a failure here must not stop the fish. It
  // detaches the studio, with one warning.
  const guard = (fn, otherwise) => (...args) => {
    try {
      return fn(...args);
    } catch (e) {
      warn('detached after an error (' + (e && e.message || e) + ')');
      teardown(false);
      return otherwise;
    }
  };
  // On the Worker path each frame's arrays arrive with the hook's call (a remote pond holds them).
  const hook = { frame: guard((msg) => {
    if (msg) s.pond.update(msg);
    onFrame(s, hook, metrics, teach, checkParams);
  }), click: guard((x, y, e) => onClick(s, ui, x, y, e), false) };
  const link = school._studio(hook);
  if (!link) {
    warn('attach(): that school has been destroyed');
    return null;
  }
  const table = link.table.map((info, i) => Object.assign({}, info, { help: info.help || core.help(i) }));
  const pond = link.worker ? remotePond() : link.pond;
  const metricsBytes = pond.studioArray(METRICS_ARRAY);
  if (core.paramCount !== table.length || (metricsBytes && metricsBytes.length !== core.metricsSize)) {
    warn('mirofish.js and mirofish-studio.js come from different builds: the metrics may stay empty');
  }
  const s = {
    school, core, table, pond, overlayCanvas: link.worker ? overlayCanvas(school.canvas) : null,
    params: school.params(), hash: '', grid: null, overlayMs: 0, lastUi: 0,
    teach: { select: false, grid: false, heading: false, selected: -1, saved: {} },
  };
  const ui = buildPanel();
  const controls = buildControls(ui.params, table, (name, v) => s.set(name, v));
  const teach = buildTeach(ui.teach, s);
  const metrics = createMetrics(s, ui.graph, ui.legend);
  const recordPanel = buildRecord(ui.record, s);

  // The school's parameters into the panel and the core (after any change, whoever made it).
  s.syncParams = () => {
    s.hash = school.hash();
    s.params = school.params();
    core.setParams(table.map((info) => s.params[info.name]));
    controls.refresh(s.params);
    teach.refresh();
  };
  // Changes made elsewhere (the page's own set(), a pasted link) are found a few times a second by the hash; the
  // panel's own changes at once.
  const checkParams = () => {
    const hash = school.hash();
    if (hash === s.hash) return;
    s.hash = hash;
    s.syncParams();
  };
  s.set = (name, v) => school.set(name, v).then((held) => {  // the school's set() resolves once the value is held
    s.syncParams();
    return held;
  });
  // A paused school draws one still frame (with the overlay, and the numbers beside it); a running one draws anyway.
  s.redraw = () => {
    s.lastUi = 0;
    school.step(0);
  };
  s.select = (i) => {
    s.teach.selected = i;
    s.redraw();
  };
  s.syncParams();
  wireButtons(s, ui, metrics, Object.assign({}, s.params));

  const onHash = () => {
    checkParams();
    s.redraw();
  };
  window.addEventListener('hashchange', onHash);
  const watch = setInterval(() => { if (!school.canvas) teardown(false); }, 1000);  // the school was destroyed
  // Takes back all the studio added; `redraw` draws the school once without the overlay (not from inside a frame).
  function teardown(redraw) {
    clearInterval(watch);
    recordPanel.detach();
    window.removeEventListener('hashchange', onHash);
    ui.host.remove();
    if (s.overlayCanvas) s.overlayCanvas.remove();
    if (s.overlayGL) s.overlayGL.release();  // its program and texture in the school's context
    studios.delete(school);
    if (school.canvas) {
      school._studio(null);
      if (redraw) school.step(0);
    }
  }
  (document.body || document.documentElement).append(ui.host);
  s.redraw();
  return studioHandle(s, ui, metrics, teardown);
}

// The panel's buttons: presets and reset (the values the page started with), the link, the script tag, the CSV.
function wireButtons(s, ui, metrics, initial) {
  const { school, core, table } = s;
  const setAll = (values) => Promise.all(table.filter((info) => values[info.name] !== s.params[info.name])
    .map((info) => school.set(info.name, values[info.name]))).then(s.syncParams);
  ui.applyPreset.onclick = () => {
    const values = core.preset(ui.preset.value, table.map((info) => s.params[info.name]));
    if (!values) return warn('unknown preset ' + ui.preset.value);
    setAll(Object.fromEntries(table.map((info, k) => [info.name, values[k]])));
    ui.status.textContent = 'Preset ' + ui.preset.value + ' applied.';
  };
  ui.reset.onclick = () => {
    setAll(initial);
    ui.status.textContent = 'Back to the school this page started with.';
  };
  ui.copyLink.onclick = () => {
    const url = shareLink(school);
    copyText(url).then((ok) => ui.say(url, ok));
  };
  ui.copyTag.onclick = () => {
    const tag = scriptTag(school, table);
    copyText(tag).then((ok) => ui.say(tag, ok));
  };
  ui.csv.onclick = () => download('mirofish-metrics.csv', metrics.csv());
}

// A Worker school's arrays, as the last frame sent them: the same two calls as the C++ Pond's.
function remotePond() {
  let count = 0, arrays = [];
  return {
    count: () => count,
    studioArray: (k) => arrays[k] || null,
    update(msg) {
      count = msg.count;
      arrays = msg.arrays;
    },
  };
}

// The overlay's own canvas over a Worker school's (whose context lives in the Worker): same place, same size, never
// in the way of a click.
function overlayCanvas(fish) {
  const c = document.createElement('canvas');
  c.setAttribute('aria-hidden', 'true');
  c.style.cssText = fish.style.cssText;
  c.style.pointerEvents = 'none';
  fish.after(c);
  return c;
}

// The school's fish arrays (and behaviour states) into the studio's core (the wasm heap, or the Worker's copies).
function copyFish(s) {
  const arrays = [];
  for (let k = 0; k < FISH_ARRAYS; k++) arrays.push(s.pond.studioArray(k));
  s.core.setFish(s.pond.count(), arrays, s.pond.studioArray(STATES_ARRAY));
}

// After every drawn frame: the metrics, the selected fish, the overlay, and (a few times a second) the numbers.
function onFrame(s, hook, metrics, teach, checkParams) {
  const now = performance.now();
  if (now - s.lastUi > 200) checkParams();
  metrics.sample(now);
  const t = s.teach;
  const t0 = performance.now();
  let fish = null;
  if (t.selected >= 0 || t.grid) {
    if (t.selected >= 0) copyFish(s);
    const r = s.core.inspect(t.selected);
    s.grid = { cell: r.cell, cols: r.cols, rows: r.rows };
    if (r.fish >= 0) fish = r;
    else t.selected = -1;  // the fish is gone (fewer fish now)
  }
  s.fish = fish;
  const drawn = drawOverlay(s, fish);
  s.overlayMs = drawn ? performance.now() - t0 : 0;
  hook.ms = s.overlayMs;  // the perf overlay (perf=1) shows it beside the frame's draw time
  if (now - s.lastUi > 200) {
    s.lastUi = now;
    metrics.draw(now);
    const last = metrics.latest();
    teach.show(fish, last ? last.checks : null, s.pond.count());
  }
}

// A click or tap on the page (canvas CSS px): the panel's own clicks never scare the fish; in select mode a click
// selects the nearest fish within 24 CSS px (or none), instead of scaring the school.
function onClick(s, ui, x, y, e) {
  if (e && typeof e.composedPath === 'function' && e.composedPath().includes(ui.host)) return true;
  if (!s.teach.select) return false;
  const p = s.params;
  const rect = s.school.canvas.getBoundingClientRect();
  const scale = s.core.view(p.width, p.height, rect.width, rect.height).scale || 1;  // CSS px per world px
  const [wx, wy] = s.core.toWorld(x, y);
  const fx = s.pond.studioArray(0), fy = s.pond.studioArray(1);
  s.core.setFish(s.pond.count(), [fx, fy]);
  const i = s.core.nearest(wx, wy);
  const near = i >= 0 && Math.hypot(fx[i] - wx, fy[i] - wy) * scale <= 24;
  s.select(near ? i : -1);
  return true;
}

// What attach() resolves to.
function studioHandle(s, ui, metrics, teardown) {
  return {
    school: s.school,
    element: ui.host,
    // The school's fish i, as the teaching view inspects it (null when there is no such fish).
    inspect(i) {
      copyFish(s);
      const r = s.core.inspect(i);
      return r.fish >= 0 ? r : null;
    },
    select(i) { s.select(i); },
    get selected() { return s.teach.selected; },
    get overlayMs() { return s.overlayMs; },  // the overlay's own time in the last frame (building and drawing it)
    csv() { return metrics.csv(); },
    collapse(on) { ui.setCollapsed(on !== false); },
    detach() { teardown(true); },
  };
}

// studio=1 in the hash (or added later, as the demo page's "tune" link does): attach to the page's school.
function autoAttach() {
  const go = () => {
    if (!STUDIO_KEY.test(location.hash)) return;
    const MF = window.MiroFish;
    if (!MF) return warn('studio=1: mirofish.js is not on this page');
    MF.ready.then((school) => school || MF.all[0]).then((school) => {
      if (school) attach(school);
      else warn('studio=1: no school is mounted on this page');
    });
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  window.addEventListener('hashchange', go);
}

export const api = Object.freeze({ version: VERSION, attach });

// The classic script's global, window.MiroFishStudio, and its auto-attach (studio=1).
export function installGlobal() {
  if (typeof window === 'undefined') return;
  if (window.MiroFishStudio) warn('mirofish-studio.js was included twice; the second copy does nothing');
  else {
    Object.defineProperty(window, 'MiroFishStudio', { value: api, configurable: true, writable: false });
    autoAttach();
  }
}
