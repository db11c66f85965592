// MiroFishStudio.attach(school): the panel, the teaching view and the live metrics on one mounted school, through the
// handle's _studio() hooks (web/host/handle.js): the school's arrays after each frame and its parameters after
// each change come by message, the same on both threads; the overlay draws on a canvas of its own. The classic script
// (classic.js) also installs the global and
// attaches by itself to the page's school when the URL hash has studio=1; the ES module (index.js) does neither.
import { VERSION } from '../core/index.js';
import { buildControls } from './controls.js';
import { FISH_ARRAYS, METRICS_ARRAY, STATES_ARRAY, X, Y, framePond } from './arrays.js';
import { loadCore } from './core.js';
import { createMetrics, download } from './metrics.js';
import { drawOverlay } from './overlay.js';
import { buildPanel } from './panel.js';
import { buildRecord } from './record.js';
import { STUDIO_KEY, STUDIO_PARAM, scriptTag, shareLink } from './share.js';
import { buildTeach } from './teach.js';
import { copyText, warn } from './util.js';

const studios = new Map(); // school handle -> Promise of its studio

// Resolves to the studio of `school` (the same one when called again), or null with one warning.
export function attach(school) {
  if (!school || typeof school._studio !== 'function') {
    warn('attach() needs a mounted school (MiroFish.current, or what mount() resolved to), not ' + String(school));
    return Promise.resolve(null);
  }
  if (!studios.has(school)) {
    const made = loadCore().then((core) => (core ? createStudio(school, core) : null));
    studios.set(school, made);
    made.then((st) => {
      if (!st) studios.delete(school);
    });
  }
  return studios.get(school);
}

function createStudio(school, core) {
  // The hooks run inside the school's frame loop and input handlers: a failure here must not stop the fish. It
  // detaches the studio, with one warning.
  const guard =
    (fn, otherwise) =>
    (...args) => {
      try {
        return fn(...args);
      } catch (e) {
        warn('detached after an error (' + ((e && e.message) || e) + ')');
        teardown();
        return otherwise;
      }
    };
  // Each frame's arrays arrive with the frame hook's call; the parameters with the params hook's, after any change,
  // whoever made it (the panel, the page's own set(), a pasted link).
  const hook = {
    frame: guard((msg) => {
      s.pond.update(msg);
      if (!s.checked) checkBuild(s);
      onFrame(s, hook, metrics, teach);
    }),
    params: guard((params, hash) => s.syncParams(params, hash)),
    click: guard((x, y, e) => onClick(s, ui, x, y, e), false),
  };
  const link = school._studio(hook);
  if (!link) {
    warn('attach(): that school has been destroyed');
    return null;
  }
  const table = link.table.map((info, i) => Object.assign({}, info, { help: info.help || core.help(i) }));
  if (core.paramCount !== table.length) {
    warn('mirofish.js and mirofish-studio.js come from different builds: the panel may not match the school');
  }
  const s = {
    school,
    core,
    table,
    pond: framePond(),
    overlayCanvas: overlayCanvas(school.canvas),
    params: school.params(),
    hash: '',
    grid: null,
    overlayMs: 0,
    lastUi: 0,
    checked: false,
    teach: { select: false, grid: false, heading: false, selected: -1, saved: {} },
  };
  const ui = buildPanel();
  const controls = buildControls(ui.params, table, (name, v) => s.set(name, v));
  const teach = buildTeach(ui.teach, s);
  const metrics = createMetrics(s, ui.graph, ui.legend);
  const recordPanel = buildRecord(ui.record, s);

  // The school's parameters into the panel and the core, and the numbers at the next frame.
  s.syncParams = (params, hash) => {
    s.hash = hash;
    s.params = Object.assign({}, params);
    core.setParams(table.map((info) => s.params[info.name]));
    controls.refresh(s.params);
    teach.refresh();
    s.lastUi = 0;
  };
  s.set = (name, v) => school.set(name, v); // resolves once held; the params hook has shown it by then
  // A paused school draws one still frame (with the overlay, and the numbers beside it); a running one draws anyway.
  s.redraw = () => {
    s.lastUi = 0;
    school.step(0);
  };
  s.select = (i) => {
    s.teach.selected = i;
    s.redraw();
  };
  s.syncParams(school.params(), school.hash());
  wireButtons(s, ui, metrics, Object.assign({}, s.params));

  const watch = setInterval(() => {
    if (!school.canvas) teardown();
  }, 1000); // the school was destroyed
  // Takes back all the studio added (its overlay was never in the school's picture: nothing to redraw).
  function teardown() {
    clearInterval(watch);
    recordPanel.detach();
    ui.host.remove();
    if (s.overlayGL) s.overlayGL.release();
    s.overlayCanvas.remove();
    studios.delete(school);
    if (school.canvas) school._studio(null);
  }
  (document.body || document.documentElement).append(ui.host);
  s.redraw();
  return studioHandle(s, ui, metrics, teardown);
}

// The panel's buttons: presets and reset (the values the page started with), the link, the script tag, the CSV.
function wireButtons(s, ui, metrics, initial) {
  const { school, core, table } = s;
  const setAll = (values) =>
    Promise.all(
      table
        .filter((info) => values[info.name] !== s.params[info.name])
        .map((info) => school.set(info.name, values[info.name])),
    ); // the params hook shows them
  ui.applyPreset.onclick = () => {
    const values = core.preset(
      ui.preset.value,
      table.map((info) => s.params[info.name]),
    );
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
  ui.copyExact.onclick = () => {
    const tag = scriptTag(school, table, true);
    copyText(tag).then((ok) => ui.say(tag, ok));
  };
  ui.csv.onclick = () => download('mirofish-metrics.csv', metrics.csv());
}

// The overlay's own canvas over the school's: same place, same size, never in the way of a click. Its own, on both
// threads: the school's context may live in a Worker, and the studio leaves the one on the page alone too.
function overlayCanvas(fish) {
  const c = document.createElement('canvas');
  c.setAttribute('aria-hidden', 'true');
  c.style.cssText = fish.style.cssText;
  c.style.pointerEvents = 'none';
  fish.after(c);
  return c;
}

// Once, on the first frame: the school's StepMetrics must be the size the studio's wasm reads.
function checkBuild(s) {
  const bytes = s.pond.studioArray(METRICS_ARRAY);
  if (!bytes) return;
  s.checked = true;
  if (bytes.length !== s.core.metricsSize) {
    warn('mirofish.js and mirofish-studio.js come from different builds: the metrics may stay empty');
  }
}

// The school's fish arrays (and behaviour states), as the last frame sent them, into the studio's core.
function copyFish(s) {
  const arrays = [];
  for (let k = 0; k < FISH_ARRAYS; k++) arrays.push(s.pond.studioArray(k));
  s.core.setFish(s.pond.count(), arrays, s.pond.studioArray(STATES_ARRAY));
}

// After every drawn frame: the metrics, the selected fish, the overlay, and (a few times a second) the numbers.
function onFrame(s, hook, metrics, teach) {
  const now = performance.now();
  metrics.sample(now);
  const t = s.teach;
  const t0 = performance.now();
  let fish = null;
  if (t.selected >= 0 || t.grid) {
    if (t.selected >= 0) copyFish(s);
    const r = s.core.inspect(t.selected);
    s.grid = { cell: r.cell, cols: r.cols, rows: r.rows };
    if (r.fish >= 0) fish = r;
    else t.selected = -1; // the fish is gone (fewer fish now)
  }
  s.fish = fish;
  const drawn = drawOverlay(s, fish);
  s.overlayMs = drawn ? performance.now() - t0 : 0;
  hook.ms = s.overlayMs; // the perf overlay (perf=1) shows it beside the frame's draw time
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
  const scale = s.core.view(p.width, p.height, rect.width, rect.height).scale || 1; // CSS px per world px
  const [wx, wy] = s.core.toWorld(x, y);
  const fx = s.pond.studioArray(X),
    fy = s.pond.studioArray(Y),
    arrays = [];
  arrays[X] = fx;
  arrays[Y] = fy;
  s.core.setFish(s.pond.count(), arrays);
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
    select(i) {
      s.select(i);
    },
    get selected() {
      return s.teach.selected;
    },
    get overlayMs() {
      return s.overlayMs;
    }, // the overlay's own time in the last frame (building and drawing it)
    csv() {
      return metrics.csv();
    },
    collapse(on) {
      ui.setCollapsed(on !== false);
    },
    detach() {
      teardown();
    },
  };
}

// studio=1 in the hash (or added later, as the demo page's "tune" link does): attach to the page's school.
function autoAttach() {
  const go = () => {
    if (!STUDIO_KEY.test(location.hash)) return;
    const MF = window.MiroFish;
    if (!MF) return warn(STUDIO_PARAM + ': mirofish.js is not on this page');
    MF.ready
      .then((school) => school || MF.all[0])
      .then((school) => {
        if (school) attach(school);
        else warn(STUDIO_PARAM + ': no school is mounted on this page');
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
