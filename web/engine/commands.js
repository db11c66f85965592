// The engine's protocol: what each of the host's messages about one school does (flags, view, set, step, hash,
// form, a new canvas, the studio, the test bundle's hooks) and what each call answers. The school
// itself (its pond, loop, snapshots, teardown) is school.js; a lost context, context.js.
import { describe, findInfo, FORM_HOLD, STUDIO_ARRAYS } from '../core/index.js';
import { applyHash, optionNumber } from './config.js';
import { guarded } from './guard.js';
import { within } from './loop.js';
import { soon } from './pump.js';
import { testHook } from './test_hooks.js';
import { recordTrajectory } from './trajectory.js';

const MAX_STEP_CALL = 36000; // step(n) cap per call: 10 minutes of simulation
const CHUNK_MS = 8; // a long step(n) or trajectory() works this long, then lets frames and the page run

// The host's messages about this school: events return nothing; a call returns its answer (or a Promise of it),
// after a fresh snapshot (`answer`), so that once the page's Promise resolves every reading method sees this moment.
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {SchoolMessage} msg
 * @param {import('../core/channel.js').CallContext} [ctx] a call's
 * @returns {*}
 */
export function command(s, msg, ctx) {
  const run = COMMANDS[msg.t];
  if (run) return /** @type {(s: *, msg: *, ctx: *) => *} */ (run)(s, msg, ctx);
  s.warn('unknown engine message ' + describe(/** @type {{t: string}} */ (msg).t));
  return undefined;
}

/**
 * What comes for one school: the host's events (its end aside, serve.js's) and the calls addressed to it. One entry
 * per type, so that a type left out is a tsc error.
 * @typedef {Exclude<import('../core/protocol.js').HostEvent, {t: 'destroy'}> |
 *   Exclude<CallRequest, {t: 'mount' | 'ping'}>} SchoolMessage
 * @type {{[K in SchoolMessage['t']]: (s: import('./school.js').EngineSchool, msg: Extract<SchoolMessage, {t: K}>,
 *   ctx: import('../core/channel.js').CallContext) => *}}
 */
const COMMANDS = {
  flags: (s, msg) => s.setFlags(msg.flags),
  view: (s, msg) => s.setView(msg.view, !!msg.force),
  pointer: (s, msg) => s.pond.pointer(!!msg.present, msg.x, msg.y),
  poke: (s, msg) => {
    // a click or tap (the click option decides), or feed()/scare() from the page: a closed set
    if (msg.what === 'click') s.pond.click(msg.x, msg.y);
    else if (msg.what === 'feed') s.pond.feed(msg.x, msg.y);
    else if (msg.what === 'scare') s.pond.scare(msg.x, msg.y);
    else return s.warn('unknown poke ' + describe(msg.what) + ' ignored');
    s.showChange();
  },
  obstacles: (s, msg) => {
    for (let k = 0; k < msg.n; k++)
      s.pond.stageObstacle(k, msg.boxes[k * 4], msg.boxes[k * 4 + 1], msg.boxes[k * 4 + 2], msg.boxes[k * 4 + 3]);
    s.pond.commitObstacles(msg.n);
    s.changed();
  },
  hash: (s, msg) => {
    if (!applyHash(s, msg.ours)) return;
    s.afterChange('');
    s.resize(true);
  },
  canvas: (s, msg) => s.replaceCanvas(msg.canvas), // the host's fresh canvas, in the old one's place on the page
  // mirofish-studio.js attached (either thread): the arrays it reads go to the page after each frame
  studio: (s, msg) => s.setStudio(msg.on ? { frame: () => postStudioFrame(s) } : null),
  set: (s, msg) => answer(s, setOption(s, msg.name, msg.value)),
  step: (s, msg, ctx) => {
    const n = stepCount(s, msg.n);
    // Drawn once at the end, and at most once a display frame however many calls come (loop.still()).
    return chunks(
      s,
      ctx,
      n,
      (k) => s.pond.step(k),
      (resolve) =>
        s.still(() => {
          s.changed();
          resolve(answer(s, n));
        }),
    );
  },
  stateHash: (s) => answer(s, s.pond.stateHash()),
  carry: (s, msg) => {
    const bytes = s.pond.snapshot(); // a view into the heap: copied out at once
    if (msg.picture) s.takePicture(); // the school as it is now, from its next frame
    return bytes ? bytes.slice() : null;
  },
  picture: (s) => s.pictureTaken(),
  form: (s, msg) => answer(s, form(s, msg.options)),
  release: (s) => {
    s.pond.releaseForm();
    s.showChange();
    return answer(s, true);
  },
  trajectory: (s, msg, ctx) => trajectory(s, msg, ctx),
  test: (s, msg) => (MIROFISH_TEST ? answer(s, testHook(s, msg)) : undefined),
};

/**
 * A call addressed to one school (the engine's own, hello and mount, are serve.js's).
 * @typedef {import('../core/protocol.js').EngineCalls} EngineCalls
 * @typedef {Extract<EngineCalls[keyof EngineCalls][0], {id: number}>} CallRequest
 */

/** @template T @param {import('./school.js').EngineSchool} s @param {T} value @returns {T} */
function answer(s, value) {
  s.snapshot();
  return value;
}

// S-DEV-6 trajectory(): the school's hash run off screen in chunks; over the limits, a RangeError for the page (an
// answer, not the school's failure: it is returned, not thrown under the guard).
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').TrajectoryCall} msg
 * @param {import('../core/channel.js').CallContext} ctx
 */
function trajectory(s, msg, ctx) {
  let rec;
  try {
    rec = recordTrajectory(s.M, s.pond.encodeHash(), msg.steps, msg.every);
  } catch (e) {
    s.snapshot();
    return Promise.reject(e);
  }
  return chunks(
    s,
    ctx,
    rec.total,
    rec.work,
    (resolve) => {
      const value = rec.done();
      ctx.transfer([value.data.buffer]);
      resolve(answer(s, value));
    },
    rec.free,
  );
}

// set(name, value): the value held, after the table's clamping (or undefined for an unknown name, with a warning).
/** @param {import('./school.js').EngineSchool} s @param {string} name @param {*} value */
function setOption(s, name, value) {
  const info = findInfo(s.table, name);
  const r = s.pond.set(name, optionNumber(s, name, value));
  if (r.status === s.M.ParamStatus.Unknown) {
    s.warn('unknown option ' + describe(name) + ' ignored');
    return undefined;
  }
  if (r.warning) s.warn('set(' + describe(name) + ', ' + describe(value) + '): ' + r.warning, name);
  s.afterChange(info.name);
  return r.value;
}

/** @param {import('./school.js').EngineSchool} s @param {*} n the page's */
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
// tasks, or the Worker's frames, run between), then done(resolve); progress after each slice when the page asked.
// Resolves undefined (and free()) if the school is destroyed meanwhile; rejects if a slice fails it.
/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/channel.js').CallContext} ctx
 * @param {number} total
 * @param {(n: number) => void} work
 * @param {(resolve: (value: *) => void) => void} done
 * @param {() => void} [free]
 * @returns {Promise<*>}
 */
function chunks(s, ctx, total, work, done, free) {
  return new Promise((resolve, reject) => {
    const est = { stepMs: Infinity, workMs: 0 };
    let left = total;
    // Each slice is a task of its own: under the school's guard like a frame (a throw fails the school, once).
    const slice = guarded(s, () => {
      left -= within(CHUNK_MS, left, work, est);
      ctx.progress(total - left, total);
    });
    const next = () => {
      if (s.life.destroyed) {
        if (free) free();
        resolve(undefined);
        return;
      }
      slice();
      if (s.life.failed) reject(new Error('the school failed'));
      else if (left > 0) soon(next);
      else {
        s.workDone(est.workMs); // the steps' own time in this call
        done(resolve);
      }
    };
    next();
  });
}

// S-CHO lands the school on a formation now; the text is drawn by fish and never enters the page's DOM.
/** @param {import('./school.js').EngineSchool} s @param {*} options the page's */
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
/** @param {import('./school.js').EngineSchool} s */
function postStudioFrame(s) {
  const arrays = [],
    transfer = [];
  for (let k = 0; k < STUDIO_ARRAYS; k++) {
    const view = s.pond.studioArray(k);
    const copy = view ? view.slice() : null;
    arrays.push(copy);
    if (copy) transfer.push(copy.buffer);
  }
  s.out({ t: 'studioFrame', id: s.id, count: s.pond.count(), arrays }, transfer);
}
