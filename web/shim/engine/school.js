// One school as the engine runs it: a C++ Pond drawing on its canvas (an OffscreenCanvas in the Worker, or the page's
// canvas on the main thread), its frame loop, frame budget and resolution. It knows nothing of the DOM: the host tells
// it the page's state in messages (flags, view, pointer, obstacles, hash) and it answers with snapshots.
import { FORM_HOLD } from '../constants.js';
import { describe, errorText, findInfo } from '../util.js';
import { applyHash, applyOptions, checkSanity, optionNumber, readConfig } from './config.js';
import { SOFTWARE_GL, createGpuTimer, probeRenderer } from './gl_probe.js';
import { Loop, within } from './loop.js';
import { Governor } from './quality.js';
import { Resolution } from './resolution.js';
import { recordTrajectory } from './trajectory.js';

const SNAPSHOT_MS = 250;       // a snapshot to the host at most this often while animating (and after every change)
const MAX_STEP_CALL = 36000;   // step(n) cap per call: 10 minutes of simulation
const CHUNK_MS = 8;            // a long step(n) or trajectory() works this long, then lets frames and the page run
const LOST_WAIT_MS = 2000;     // a context not restored by then (an evicted one never is) is replaced; doubled per try
const ASK_GAP_MS = 1000;       // at most one new canvas asked for a second (a wait that ended while hidden, then shown)

// `init`: {id, canvas, options, ours (our part of the hash), box, flags, view, antialias, once (a <miro-fish>)}.
// `out(msg, transfer)` posts to the host. Returns the school, or null (after posting why) without WebGL2.
export function createEngineSchool(M, table, init, out, targets) {
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
  const gl = init.canvas.getContext('webgl2');  // the context C++ made on this canvas
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
    seek: { left: 0, stepMs: Infinity },
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
  readConfig(s);
  checkSanity(s);
  s.resolution.resize(false);
  s.started = true;
  s.loop.update();
  s.changed();
  return {
    school: s,
    handle: (msg) => command(s, msg, out),
    destroy: () => {
      teardown(s);
      snap.stop();
      delete targets[selector];
    },
  };
}

// The host's messages about this school. Replies carry the caller's seq; every command that changes what the host
// shows ends with a fresh snapshot.
function command(s, msg, out) {
  // A fresh snapshot first: once the page's Promise resolves, every reading method sees this moment.
  const reply = (value, transfer) => {
    s.snapshotNow();
    out({ t: 'reply', id: s.id, seq: msg.seq, value }, transfer);
  };
  switch (msg.t) {
    case 'flags':
      Object.assign(s.flags, msg.flags);
      s.loop.update();
      shownAgain(s);  // a new canvas that waited while hidden is asked for now
      s.snapshotNow();  // a pause, a hidden tab: the steps and the state as they stopped
      return;
    case 'view':
      Object.assign(s.view, msg.view);
      s.resolution.resize(!!msg.force);
      return;
    case 'pointer':
      s.pond.pointer(!!msg.present, msg.x, msg.y);
      return;
    case 'poke':  // a click or tap (the click option decides), or feed()/scare() from the page
      s.pond[msg.what](msg.x, msg.y);
      if (!s.loop.animating()) s.loop.drawOnce();
      s.changed();
      return;
    case 'obstacles':
      for (let k = 0; k < msg.n; k++) s.pond.stageObstacle(k, msg.boxes[k * 4], msg.boxes[k * 4 + 1], msg.boxes[k * 4 + 2],
        msg.boxes[k * 4 + 3]);
      s.pond.commitObstacles(msg.n);
      s.changed();
      return;
    case 'hash':
      if (!applyHash(s, msg.ours)) return;
      afterChange(s, '');
      s.resolution.resize(true);
      return;
    case 'set':
      reply(setOption(s, msg.name, msg.value));
      return;
    case 'step': {
      const n = stepCount(s, msg.n);
      chunks(s, msg, n, s.loop.stepN, () => {
        if (!s.loop.animating()) s.loop.drawOnce();
        s.changed();
        reply(n);
      });
      return;
    }
    case 'stateHash':
      reply(s.pond.stateHash());
      return;
    case 'form':
      reply(form(s, msg.options));
      return;
    case 'release':
      s.pond.releaseForm();
      if (!s.loop.animating()) s.loop.drawOnce();
      s.changed();
      reply(true);
      return;
    case 'trajectory': {
      let rec;
      try {
        rec = recordTrajectory(s.M, s.pond.encodeHash(), msg.steps, msg.every);
      } catch (e) {
        s.snapshotNow();
        out({ t: 'reply', id: s.id, seq: msg.seq, error: errorText(e), range: e instanceof RangeError });
        return;
      }
      chunks(s, msg, rec.total, rec.work, () => {
        const value = rec.done();
        reply(value, [value.data.buffer]);
      }, rec.free);
      return;
    }
    case 'canvas':  // the host's fresh canvas, in the old one's place on the page
      replace(s, msg.canvas);
      return;
    case 'studio':  // mirofish-studio.js on a Worker school: the arrays it reads go to the page after each frame
      s.studio = msg.on ? { frame: () => postStudioFrame(s, out) } : null;
      s.pond.setMetrics(!!msg.on);
      return;
    case 'test':
      if (MIROFISH_TEST) reply(testHook(s, msg, out));
      return;
    default:
      s.warn('unknown engine message ' + describe(msg.t));
  }
}

// set(name, value): the value held, after the table's clamping (or undefined for an unknown name, with a warning).
function setOption(s, name, value) {
  const info = findInfo(s.table, name);
  const r = s.pond.set(name, optionNumber(s, name, value));
  if (r.status === s.M.ParamStatus.Unknown) {
    s.warn('unknown option ' + describe(name) + ' ignored');
    return undefined;
  }
  if (r.warning) s.warn('set(' + describe(name) + ', ' + describe(value) + '): ' + r.warning, name);
  afterChange(s, info.name);
  return r.value;
}

// What a set() or a hash changes beyond the value: sanity, resolution, a pending seek, the world's origin.
function afterChange(s, name) {
  readConfig(s);
  const info = name ? findInfo(s.table, name) : null;
  if (!info || info.group === 'sim' || info.group === 'pointer') checkSanity(s);
  if (!info || ['maxDpr', 'quality', 'maxFps', 'budget'].includes(name)) s.resolution.resize(true);
  if (name === 'seed') s.seek.left = 0;
  if (name === 'layer' || name === 'antialias') s.warn(name + ' is read at mount: it applies to the next mount', name);
  if (name === 'width' || name === 'height') s.view.autoWorld = false;
  s.loop.update();
  if (!s.loop.animating()) s.loop.drawOnce();  // colours and sizes show at once even when paused
  s.changed();
}

function stepCount(s, n) {
  let count = Math.floor(Number(n === undefined ? 1 : n));
  if (!Number.isFinite(count) || count < 0) {
    s.warn('step(' + describe(n) + '): needs a whole number of steps >= 0; ignored');
    return 0;
  }
  if (count > MAX_STEP_CALL) {
    s.warn('step(' + count + '): capped at ' + MAX_STEP_CALL + ' steps per call');
    count = MAX_STEP_CALL;
  }
  return count;
}

// `total` units of work(n) in CHUNK_MS slices a task apart (the page's, or the Worker's frames, run between), then
// done(); `progress` messages after each slice when the page asked; dropped (and free()) if destroyed meanwhile.
function chunks(s, msg, total, work, done, free) {
  const est = {};
  let left = total;
  const slice = () => {
    if (s.destroyed) return free && free();
    left -= within(CHUNK_MS, left, work, est);
    if (msg.progress) s.out({ t: 'progress', id: s.id, seq: msg.seq, done: total - left, total });
    if (left > 0) setTimeout(slice, 0);
    else done();
  };
  slice();
}

// S-CHO lands the school on a formation now; the text is drawn by fish and never enters the page's DOM.
function form(s, options) {
  const o = options !== null && typeof options === 'object' ? options : {};
  if (typeof o.type !== 'string' || !o.type) {
    s.warn('form({type, text, hold}): type must be a string such as \'qr\', \'text\' or \'ring\'; ignored');
    return false;
  }
  const text = o.text === undefined || o.text === null ? '' : String(o.text);
  let hold = o.hold === undefined ? FORM_HOLD : Number(o.hold);
  if (!Number.isFinite(hold) || hold < 0) {
    s.warn('form(): hold ' + describe(o.hold) + ' is not a number of seconds >= 0; holding ' + FORM_HOLD + ' s');
    hold = FORM_HOLD;
  }
  const r = s.pond.form(o.type, text, hold);
  if (r.warning) s.warn(r.warning);
  if (!s.loop.animating()) s.loop.drawOnce();
  s.changed();
  return r.ok;
}

// Context loss and restore, on the canvas the engine draws on (events fire on an OffscreenCanvas too). While lost the
// school neither steps nor draws (state 'lost'); not restored within LOST_WAIT_MS, it asks the host for a new canvas
// (a hidden school waits until it shows) and draws on there from the same School. Each new canvas makes the next
// wait twice as long (2 s .. 32 s), until a context lives 30 s.
function watchContext(s) {
  s.onLost = (e) => {
    e.preventDefault();  // tells the browser we will restore: without it there is no webglcontextrestored
    lost(s);
  };
  s.onRestored = () => {
    const err = s.pond.contextRestored();
    if (err) {
      s.warn(err);
      return;
    }
    found(s);
  };
  s.canvas.addEventListener('webglcontextlost', s.onLost);
  s.canvas.addEventListener('webglcontextrestored', s.onRestored);
}

function lost(s) {
  const now = performance.now();
  if (now - s.since > 30000) s.tries = 0;
  s.flags.lost = true;
  if (s.gpuTimer) s.gpuTimer.drop();
  s.pond.contextLost();
  s.loop.update();
  s.changed();
  clearTimeout(s.lostTimer);
  s.lostTimer = setTimeout(() => ask(s), LOST_WAIT_MS << Math.min(s.tries, 4));
}

// Hidden (a background tab, scrolled out of view): no work at all, so the new canvas waits until it shows.
function away(s) {
  return s.flags.hidden || s.flags.offscreen;
}

function ask(s) {
  s.askDue = away(s);
  if (s.askDue || s.destroyed) return;
  s.askedAt = performance.now();
  s.out({ t: 'canvas', id: s.id });
}

// After the host's flags: a wait that ran out while hidden asks now that the school shows, but never within
// ASK_GAP_MS of the last ask.
function shownAgain(s) {
  if (!s.askDue || away(s)) return;
  clearTimeout(s.lostTimer);
  const since = s.askedAt === undefined ? Infinity : performance.now() - s.askedAt;
  s.lostTimer = setTimeout(() => ask(s), Math.max(0, ASK_GAP_MS - since));
}

function found(s) {
  clearTimeout(s.lostTimer);
  s.askDue = false;
  s.flags.lost = false;
  s.since = performance.now();
  s.gpuTimer = createGpuTimer(s.gl);
  s.resolution.resize(true);
  s.loop.update();
  s.changed();
}

// The same School on a new canvas: the old context is given back, the renderers start again on a new one.
function replace(s, canvas) {
  if (s.destroyed) return;
  if (!s.tries++) s.warn('the WebGL context was lost: drawing on a new canvas');
  unwatch(s);
  const old = s.gl;
  const err = s.attach(canvas);
  giveBack(old);
  s.canvas = canvas;
  s.gl = canvas.getContext('webgl2');
  watchContext(s);
  if (err || !s.gl) lost(s);
  else found(s);
}

function unwatch(s) {
  s.canvas.removeEventListener('webglcontextlost', s.onLost);
  s.canvas.removeEventListener('webglcontextrestored', s.onRestored);
}

// A context given back now rather than at garbage collection (browsers cap live contexts).
function giveBack(gl) {
  try {
    gl.getExtension('WEBGL_lose_context').loseContext();
  } catch (e) { /* already gone */ }
}

// Copies of what the studio reads (Pond::studioArray 0..7 the fish's floats, 8 the step's metrics, 9 the states),
// moved to the page, not copied again. Only while a studio is attached.
function postStudioFrame(s, out) {
  const arrays = [], transfer = [];
  for (let k = 0; k < 10; k++) {
    const view = s.pond.studioArray(k);
    const copy = view ? view.slice() : null;
    arrays.push(copy);
    if (copy) transfer.push(copy.buffer);
  }
  out({ t: 'studioFrame', id: s.id, count: s.pond.count(), arrays }, transfer);
}

// The test bundle's hooks (handle._test): a fixed frame cost, shorter windows, a level callback, a lost context.
function testHook(s, msg, out) {
  const t = s.governor.test;
  if (msg.fn === 'fakeCost') t.cost = typeof msg.ms === 'number' && msg.ms >= 0 ? msg.ms : -1;
  else if (msg.fn === 'windows') Object.assign(t, { windowMs: msg.ms, windowFrames: msg.frames, upWindows: msg.upWindows });
  else if (msg.fn === 'onLevel') t.onLevel = msg.on ? (stats) => out({ t: 'level', id: s.id, stats }) : null;
  else if (msg.fn === 'loseContext') {
    if (s.gl.isContextLost()) return false;
    // Taken while the context lives: a lost context hands out no extensions, so the restore needs this one.
    s.loseExt = s.gl.getExtension('WEBGL_lose_context');
    s.loseExt.loseContext();
  } else if (msg.fn === 'restoreContext' && s.gl.isContextLost() && s.loseExt) {
    s.loseExt.restoreContext();
  } else if (msg.fn === 'evict') {  // contexts of the engine's own thread (a Worker's are apart from the page's)
    s.extra = s.extra || [];
    for (let k = 0; k < msg.n; k++) s.extra.push(new OffscreenCanvas(1, 1).getContext('webgl2'));
  } else if (msg.fn === 'wasmBytes') {  // the engine's wasm memory (bench/browser/hour.mjs)
    return s.M.HEAP8.length;
  } else if (msg.fn === 'unevict') {
    for (const gl of s.extra || []) giveBack(gl);
    s.extra = [];
  }
  return true;
}

// Snapshots for the host: what the handle's reading methods answer at once (stats, params, hash, obstacles).
// At most one every SNAPSHOT_MS while frames run, with a trailing one so the last state always arrives; params and
// the hash ride only when something changed them.
function createSnapshots(s, out) {
  let last = 0, timer = 0, dirty = true;
  const post = () => {
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
  };
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
