// One school as the engine runs it: a C++ Pond drawing on its canvas (an OffscreenCanvas in the Worker, or the page's
// canvas on the main thread), its frame loop, frame budget and resolution. It knows nothing of the DOM: the host tells
// it the page's state in messages (flags, view, pointer, obstacles, hash) and it answers with snapshots.
import { errorText } from '../util.js';
import { command } from './commands.js';
import { applyHash, applyOptions, checkSanity, readConfig } from './config.js';
import { guard, guarded } from './guard.js';
import { giveBack, unwatch, watchContext } from './context.js';
import { SOFTWARE_GL, createGpuTimer, probeRenderer } from './gl_probe.js';
import { Loop } from './loop.js';
import { Governor } from './quality.js';
import { Resolution } from './resolution.js';

const SNAPSHOT_MS = 250;       // a snapshot to the host at most this often while animating (and after every change)

// `init`: {id, canvas, options, ours (our part of the hash), box, flags, view, antialias, once (a <miro-fish>)}.
// In two parts, so that the page's main thread can run them a task apart: the GL context and the renderers' programs
// here, then the school and its first frame in start(table, out) (`out(msg, transfer)` posts to the host), which
// returns the school. Returns {error} without WebGL2.
export function attachEngineSchool(M, init, targets) {
  const selector = '#mirofish-engine-' + init.id;
  const pond = new M.Pond();
  targets[selector] = init.canvas;  // Emscripten's GL finds the canvas by selector: a worker has no document
  let error = '';
  try {
    error = pond.attach(selector, init.antialias === true);
  } catch (e) {
    error = 'WebGL2 could not start (' + errorText(e) + ')';
  }
  if (error) {
    delete targets[selector];
    pond.delete();
    return { error };
  }
  const gl = M.currentGL();  // the context C++ made on this canvas (never getContext() again: Firefox throws)
  return {
    start: (table, out) => startEngineSchool(M, table, init, out, targets, selector, pond, gl),
    cancel: () => {
      delete targets[selector];
      try {
        pond.release();
      } finally {
        pond.delete();
      }
      giveBack(gl);
    },
  };
}

function startEngineSchool(M, table, init, out, targets, selector, pond, gl) {
  const renderer = probeRenderer(gl);
  const s = {
    M, table, pond, gl, renderer, canvas: init.canvas, id: init.id, out, tries: 0,
    attach: (canvas) => {
      targets[selector] = canvas;
      return pond.attach(selector, init.antialias === true);
    },
    softwareGL: SOFTWARE_GL.test(renderer),
    gpuTimer: createGpuTimer(gl),
    governor: new Governor(),
    cfg: { maxFps: 60, idleFps: 30, reducedMotion: 1, water: 0, fish: 0 },  // readConfig(): what each frame reads
    flags: Object.assign({ paused: false, hidden: false, offscreen: false, away: false, reduced: false, lost: false },
      init.flags),
    view: Object.assign({ cssWidth: 0, cssHeight: 0, devicePixels: null, dpr: 1, autoWorld: true }, init.view),
    timing: { frames: 0, frameTimes: [], simMs: 0, renderMs: 0, gpuMs: null },
    seek: { left: 0, stepMs: Infinity, workMs: 0 },
    destroyed: false, started: false, lastSanity: '', studio: null,
    once: init.once && {},
    // A <miro-fish> school says one warning per name (an attribute changed 1 000 times a second warns once).
    warn: (text, name) => {
      if (s.once && name !== undefined) {
        if (s.once[name]) return;
        s.once[name] = 1;
      }
      out({ t: 'warn', text });
    },
  };
  s.loop = new Loop(s);
  s.resolution = new Resolution(s);
  const snap = createSnapshots(s, out);
  s.onFrame = snap.frame;
  s.changed = snap.changed;
  s.snapshotNow = snap.now;
  // Draws the school, then what an attached studio (mirofish-studio.js) overlays in the same frame (on the main
  // thread), or the arrays it needs (from a Worker).
  s.draw = (now) => {
    const drawn = pond.render(now / 1000);
    if (drawn && s.studio) s.studio.frame();
    return drawn;
  };
  watchContext(s);
  // Configuration first (options < hash), then the school, then what follows the page.
  applyOptions(s, init.options, init.box);
  applyHash(s, init.ours);
  pond.begin();
  // A school mounted again after a failure (host/heal.js) seeks back to the steps it had: same hash, same steps,
  // same state.
  if (init.steps > 0) s.seek.left = init.steps;
  readConfig(s);
  checkSanity(s);
  s.resolution.resize(false);
  s.started = true;
  s.loop.update();
  s.changed();
  const handle = (msg) => command(s, msg, out);
  return {
    school: s,
    handle: (msg) => guard(s, handle, null, msg),  // every command under the school's guard (guard.js)
    destroy: () => {
      teardown(s);
      snap.stop();
      delete targets[selector];
    },
  };
}

// Snapshots for the host: what the handle's reading methods answer at once (stats, params, hash, obstacles).
// At most one every SNAPSHOT_MS while frames run, with a trailing one so the last state always arrives; params and
// the hash ride only when something changed them.
function createSnapshots(s, out) {
  let last = 0, timer = 0, dirty = true;
  const post = guarded(s, () => {
    if (timer) clearTimeout(timer);
    timer = 0;
    if (s.destroyed) return;
    last = performance.now();
    const msg = { t: 'snap', id: s.id, stats: liveStats(s) };
    if (dirty) {
      dirty = false;
      msg.params = s.pond.params();
      msg.hash = s.pond.encodeHash();
      msg.obstacles = obstacleBoxes(s);
    }
    out(msg);
  });
  return {
    frame() {
      if (timer) return;
      const wait = SNAPSHOT_MS - (performance.now() - last);
      if (wait <= 0) post();
      else timer = setTimeout(post, wait);
    },
    changed() {
      dirty = true;
      post();
    },
    now: post,
    stop() {
      if (timer) clearTimeout(timer);
      timer = 0;
    },
  };
}

// The school's obstacles in canvas CSS px (the host adds the canvas's place on the page).
function obstacleBoxes(s) {
  const out = [];
  for (let k = 0; k < s.pond.obstacleCount(); k++) {
    out.push([s.pond.obstacleEdge(k, 0), s.pond.obstacleEdge(k, 1), s.pond.obstacleEdge(k, 2), s.pond.obstacleEdge(k, 3)]);
  }
  return out;
}

function liveStats(s) {
  const st = s.pond.stats(), tm = s.timing;
  const now = performance.now();
  while (tm.frameTimes.length && tm.frameTimes[0] < now - 1000) tm.frameTimes.shift();
  return {
    fish: st.fish,
    steps: st.steps,
    frames: tm.frames,
    fps: tm.frameTimes.length,
    simMs: tm.simMs,
    renderMs: tm.renderMs,
    gpuMs: tm.gpuMs,
    state: s.loop.state(),
    seeking: s.seek.left > 0,
    rendering: st.rendering && !s.flags.lost,
    scares: st.scares,
    feeds: st.feeds,
    pellets: st.pellets,
    eaten: st.eaten,
    states: { cruise: st.cruise, sprint: st.sprint, hover: st.hover, startle: st.startle },
    form: { type: st.form, phase: st.formPhase, targets: st.formTargets, settled: st.formSettled, added: st.formAdded },
    maxFps: s.cfg.maxFps,
    quality: s.governor.stats(),  // {mode, level, levels, dpr, detail, fps, reason, changes, stalls}
    softwareGL: s.softwareGL,
    renderer: s.renderer,
    canvas: { width: s.canvas.width, height: s.canvas.height },  // the backing store (the engine owns the canvas)
  };
}

// Stops the loop and takes back everything the engine made: the wasm objects and the GPU context.
function teardown(s) {
  s.destroyed = true;
  s.loop.dispose();
  s.resolution.teardown();
  clearTimeout(s.lostTimer);
  unwatch(s);
  if (s.gpuTimer && !s.flags.lost) s.gpuTimer.release();
  try {
    s.pond.release();
  } finally {
    s.pond.delete();  // frees the school and renderer memory in the wasm heap
  }
  giveBack(s.gl);
}
