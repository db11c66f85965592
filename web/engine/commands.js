// The engine's protocol: what each of the host's messages about one school does (flags, view, set, step, hash,
// form, a new canvas, the studio, the test bundle's hooks) and the replies it sends with the caller's seq. The school
// itself (its pond, loop, snapshots, teardown) is school.js; a lost context, context.js.
import { describe, errorText, findInfo, FORM_HOLD, STUDIO_ARRAYS } from '../core/index.js';
import { applyHash, checkSanity, checkTone, optionNumber, readConfig } from './config.js';
import { giveBack } from './context.js';
import { guarded } from './guard.js';
import { within } from './loop.js';
import { soon } from './pump.js';
import { recordTrajectory } from './trajectory.js';

const MAX_STEP_CALL = 36000; // step(n) cap per call: 10 minutes of simulation
const CHUNK_MS = 8; // a long step(n) or trajectory() works this long, then lets frames and the page run

// The host's messages about this school. Replies carry the caller's seq; every command that changes what the host
// shows ends with a fresh snapshot.
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').HostMessage} msg
 * @param {import('../core/protocol.js').PostToHost} out
 */
export function command(s, msg, out) {
  // A fresh snapshot first: once the page's Promise resolves, every reading method sees this moment.
  const reply = (value, transfer) => {
    s.snapshots.now();
    out({ t: 'reply', id: s.id, seq: /** @type {import('../core/protocol.js').Call} */ (msg).seq, value }, transfer);
  };
  switch (msg.t) {
    case 'flags':
      Object.assign(s.flags, msg.flags);
      if ('text' in msg.flags) {
        checkTone(s); // the page's colour scheme changed: the water follows, paused or not
        if (!s.loop.animating()) {
          s.loop.presented = false; // and shows: WebKit shows a Worker's still frame only from an animation frame
          s.loop.drawOnce();
        }
      }
      s.loop.update();
      s.context.shownAgain(); // a new canvas that waited while hidden is asked for now
      s.snapshots.now(); // a pause, a hidden tab: the steps and the state as they stopped
      return;
    case 'view':
      Object.assign(s.view, msg.view);
      s.resolution.resize(!!msg.force);
      return;
    case 'pointer':
      s.pond.pointer(!!msg.present, msg.x, msg.y);
      return;
    case 'poke': // a click or tap (the click option decides), or feed()/scare() from the page: a closed set
      if (msg.what === 'click') s.pond.click(msg.x, msg.y);
      else if (msg.what === 'feed') s.pond.feed(msg.x, msg.y);
      else if (msg.what === 'scare') s.pond.scare(msg.x, msg.y);
      else {
        s.warn('unknown poke ' + describe(msg.what) + ' ignored');
        return;
      }
      s.showChange();
      return;
    case 'obstacles':
      for (let k = 0; k < msg.n; k++)
        s.pond.stageObstacle(k, msg.boxes[k * 4], msg.boxes[k * 4 + 1], msg.boxes[k * 4 + 2], msg.boxes[k * 4 + 3]);
      s.pond.commitObstacles(msg.n);
      s.snapshots.changed();
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
      // Drawn once at the end, and at most once a display frame however many calls come (loop.still()).
      chunks(s, msg, n, s.loop.stepN, () =>
        s.loop.still(() => {
          s.snapshots.changed();
          reply(n);
        }),
      );
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
      s.showChange();
      reply(true);
      return;
    case 'trajectory':
      trajectory(s, msg, out, reply);
      return;
    case 'canvas': // the host's fresh canvas, in the old one's place on the page
      s.context.replace(msg.canvas);
      return;
    case 'studio': // mirofish-studio.js attached (either thread): the arrays it reads go to the page after each frame
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

// S-DEV-6 trajectory(): the school's hash run off screen in chunks; over the limits, a RangeError for the page.
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').TrajectoryCall} msg
 * @param {import('../core/protocol.js').PostToHost} out
 * @param {(value: *, transfer?: Transferable[]) => void} reply
 */
function trajectory(s, msg, out, reply) {
  let rec;
  try {
    rec = recordTrajectory(s.M, s.pond.encodeHash(), msg.steps, msg.every);
  } catch (e) {
    s.snapshots.now();
    out({ t: 'reply', id: s.id, seq: msg.seq, error: errorText(e), range: e instanceof RangeError });
    return;
  }
  const done = () => {
    const value = rec.done();
    reply(value, [value.data.buffer]);
  };
  chunks(s, msg, rec.total, rec.work, done, rec.free);
}

// set(name, value): the value held, after the table's clamping (or undefined for an unknown name, with a warning).
/** @param {import('./school.js').EngineSchool} s */
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
/** @param {import('./school.js').EngineSchool} s */
function afterChange(s, name) {
  readConfig(s);
  const info = name ? findInfo(s.table, name) : null;
  if (!info || info.group === 'sim' || info.group === 'pointer') checkSanity(s);
  if (!info || ['water', 'palette', 'waterTone'].includes(name)) checkTone(s);
  if (!info || ['maxDpr', 'quality', 'maxFps', 'budget'].includes(name)) s.resolution.resize(true);
  if (name === 'seed') s.seek.left = 0;
  if (name === 'layer' || name === 'antialias') s.warn(name + ' is read at mount: it applies to the next mount', name);
  if (name === 'width' || name === 'height') s.view.autoWorld = false;
  s.loop.update();
  s.showChange(); // colours and sizes show at once even when paused
}

/** @param {import('./school.js').EngineSchool} s */
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

// `total` units of work(n) in CHUNK_MS slices, each its own task right after what already waits (pump.js: the page's
// tasks, or the Worker's frames, run between), then done(); `progress` messages after each slice when the page
// asked; dropped (and free()) if destroyed meanwhile.
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').StepCall | import('../core/protocol.js').TrajectoryCall} msg
 * @param {number} total
 * @param {(n: number) => void} work
 * @param {() => void} done
 * @param {() => void} [free]
 */
function chunks(s, msg, total, work, done, free) {
  const est = { stepMs: Infinity, workMs: 0 };
  let left = total;
  // Each slice is a task of its own: under the school's guard like a frame (a throw fails the school, once).
  const slice = guarded(s, () => {
    if (s.destroyed) return free && free();
    left -= within(CHUNK_MS, left, work, est);
    if (msg.progress) s.out({ t: 'progress', id: s.id, seq: msg.seq, done: total - left, total });
    if (left > 0) soon(slice);
    else {
      s.lastWorkMs = est.workMs; // the steps' own time in this call (handle._test.lastWork)
      done();
    }
    return undefined;
  });
  slice();
}

// S-CHO lands the school on a formation now; the text is drawn by fish and never enters the page's DOM.
/** @param {import('./school.js').EngineSchool} s */
function form(s, options) {
  const o = options !== null && typeof options === 'object' ? options : {};
  if (typeof o.type !== 'string' || !o.type) {
    s.warn("form({type, text, hold}): type must be a string such as 'qr', 'text' or 'ring'; ignored");
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
  s.showChange();
  return r.ok;
}

// Copies of what the studio reads (Pond::studioArray, by the constants table's kStudio* indices), moved to the page,
// not copied again; the main thread's local link hands over the same message, as the heap's views would change under
// the studio once the heap grows. Only while a studio is attached.
/** @param {import('./school.js').EngineSchool} s @param {import('../core/protocol.js').PostToHost} out */
function postStudioFrame(s, out) {
  const arrays = [],
    transfer = [];
  for (let k = 0; k < STUDIO_ARRAYS; k++) {
    const view = s.pond.studioArray(k);
    const copy = view ? view.slice() : null;
    arrays.push(copy);
    if (copy) transfer.push(copy.buffer);
  }
  out({ t: 'studioFrame', id: s.id, count: s.pond.count(), arrays }, transfer);
}

// The test bundle's hooks (handle._test): a fixed frame cost, shorter windows, a level callback, a lost context,
// failures (a wasm trap now or in the next frame's step, a throw in the next set()).
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').TestCall} msg
 * @param {import('../core/protocol.js').PostToHost} out
 */
function testHook(s, msg, out) {
  const t = s.governor.tuning;
  if (msg.fn === 'trap') {
    if (!msg.inFrame) s.M.trap(); // a real `unreachable` in the wasm (bindings.cpp): this command never replies
    s.pond.advance = () => s.M.trap(); // own property over Embind's prototype method: the next frame's step
  } else if (msg.fn === 'throwOnSet') {
    s.pond.set = () => {
      throw new Error('test: set() throws');
    };
  } else if (msg.fn === 'fakeCost') {
    t.cost = typeof msg.ms === 'number' && msg.ms >= 0 ? msg.ms : -1;
    t.judgeFrames = !!msg.on; // the frame rate still judged: a cheap render call whose frames are not
  } else if (msg.fn === 'holdFrames') s.loop.holdMsPerMp = typeof msg.ms === 'number' && msg.ms > 0 ? msg.ms : 0;
  else if (msg.fn === 'windows')
    Object.assign(t, {
      windowMs: msg.ms,
      windowFrames: msg.frames,
      upWindows: msg.upWindows,
      holdWindows: msg.holdWindows || t.holdWindows,
    });
  else if (msg.fn === 'onLevel') t.onLevel = msg.on ? (stats) => out({ t: 'level', id: s.id, stats }) : null;
  else if (msg.fn === 'loseContext') {
    if (s.context.gl.isContextLost()) return false;
    // Taken while the context lives: a lost context hands out no extensions, so the restore needs this one.
    s.context.loseExt = s.context.gl.getExtension('WEBGL_lose_context');
    s.context.loseExt.loseContext();
  } else if (msg.fn === 'restoreContext' && s.context.gl.isContextLost() && s.context.loseExt) {
    s.context.loseExt.restoreContext();
  } else if (msg.fn === 'evict') {
    // contexts of the engine's own thread (a Worker's are apart from the page's)
    s.extra = s.extra || [];
    for (let k = 0; k < msg.n; k++) s.extra.push(new OffscreenCanvas(1, 1).getContext('webgl2'));
  } else if (msg.fn === 'lastWork') {
    // ms the last step(n) or trajectory() spent in its steps, slices summed
    return s.lastWorkMs;
  } else if (msg.fn === 'timeStep') {
    // the step alone: n steps in one go, no slices, no frame (bench/browser)
    const t0 = performance.now();
    s.pond.step(msg.n);
    return performance.now() - t0;
  } else if (msg.fn === 'wasmBytes') {
    // the engine's wasm memory (bench/browser/hour.mjs)
    return s.M.HEAP8.length;
  } else if (msg.fn === 'unevict') {
    for (const gl of s.extra || []) giveBack(gl);
    s.extra = [];
  }
  return true;
}
