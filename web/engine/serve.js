// The engine's end of the channel: loads the wasm once (from the URL the host's `hello` names, else the entry's),
// then mounts, drives and destroys schools as the host's messages say. The same code serves a Worker (core's serve())
// and the main-thread fallback (a local port).
import { errorText, inWorker, loadModule, VERSION } from '../core/index.js';
import { attachEngineSchool } from './attach.js';

/**
 * A school as this end holds it: mounting (its messages wait in `queue`, in order), or started.
 * @typedef {{queue: (() => void)[], cancelled: boolean}} Mounting
 * @typedef {ReturnType<import('./attach.js').Attached['start']>} Made
 * @typedef {Parameters<Made['handle']>[0]} SchoolMessage
 */

// The engine's answers on `channel` (a Worker's end, or the main thread's local one): the wasm once, then each
// school's mount, messages and calls as the host sends them.
/** @param {import('../core/protocol.js').EngineChannel} channel */
export function serveEngine(channel) {
  /** @type {Map<number, Mounting | Made>} */
  const schools = new Map();
  /** @type {{M: import('./wasm.js').EngineModule, table: import('../core/protocol.js').Ready['table']} | null} */
  let loaded = null;
  const log = (/** @type {string} */ text) => channel.send({ t: 'warn', text });
  /** @param {SchoolMessage} msg @param {import('../core/channel.js').CallContext} [ctx] */
  const toSchool = (msg, ctx) => {
    const made = loaded && schools.get(msg.id);
    if (!made) return undefined; // gone: a call answers undefined, which the host no longer waits for
    if ('queue' in made) {
      // still mounting: in order, once it runs
      return new Promise((resolve) => made.queue.push(() => resolve(toSchool(msg, ctx))));
    }
    return made.handle(msg, ctx); // under the school's guard (guard.js)
  };

  // Every message type of the engine's protocol: this end's own (the wasm, a mount, the watchdog's ping, a school's
  // end), the rest for one school (commands.js).
  channel.handle({
    ping: () => true, // the host's watchdog (host/heal.js): this thread still answers
    hello: (msg) =>
      loadModule(log, msg.wasm, msg.fresh).then(({ M, table }) =>
        bakeKoi(M).then(() => {
          for (const row of table) row.values = row.values ? row.values.split('|') : []; // C++ kParamValues
          loaded = { M, table };
          return { table, version: VERSION };
        }),
      ),
    mount: (msg) =>
      loaded ? mount(loaded, schools, channel, msg) : Promise.resolve({ error: 'the engine has no wasm' }),
    destroy: (msg) => destroy(schools, msg),
    flags: toSchool,
    view: toSchool,
    pointer: toSchool,
    poke: toSchool,
    obstacles: toSchool,
    hash: toSchool,
    canvas: toSchool,
    studio: toSchool,
    set: toSchool,
    step: toSchool,
    stateHash: toSchool,
    carry: toSchool,
    picture: toSchool,
    form: toSchool,
    release: toSchool,
    trajectory: toSchool,
    test: toSchool,
  });
  return { schools };
}

// The context and programs in this task; the school and its first frame in this one too in a Worker, in the next on
// the page's main thread (each half of a first mount is a long task there on a slow machine). `schools` holds it
// meanwhile (its messages queue), then the started school.
/**
 * @param {{M: import('./wasm.js').EngineModule, table: import('../core/protocol.js').Ready['table']}} loaded
 * @param {Map<number, Mounting | Made>} schools @param {import('../core/protocol.js').EngineChannel} channel
 * @param {import('../core/protocol.js').Mount} msg @returns {Promise<import('../core/protocol.js').Mounted>}
 */
function mount(loaded, schools, channel, msg) {
  const failed = (/** @type {*} */ e) => ({ error: 'mount failed (' + errorText(e) + ')' });
  const { M, table } = loaded;
  let attached;
  try {
    attached = attachEngineSchool(M, msg, M.specialHTMLTargets);
  } catch (e) {
    return Promise.resolve(failed(e));
  }
  if ('error' in attached) return Promise.resolve({ error: attached.error });
  const started = attached;
  /** @type {Mounting} */
  const pending = { queue: [], cancelled: false };
  schools.set(msg.id, pending);
  return new Promise((resolve) => {
    const start = () => {
      let made = null;
      if (pending.cancelled) {
        started.cancel();
        resolve({ error: 'destroyed while mounting' });
      } else {
        try {
          made = started.start(table, channel);
          resolve({ renderer: made.school.renderer, continued: made.school.life.continued });
        } catch (e) {
          started.cancel();
          resolve(failed(e));
        }
      }
      if (made) schools.set(msg.id, made);
      else schools.delete(msg.id);
      for (const queued of pending.queue) queued(); // a school that did not start answers them undefined
    };
    if (inWorker()) start();
    else setTimeout(start, 0);
  });
}

// A school's end: one still mounting goes once its start runs (the main thread's second task).
/** @param {Map<number, Mounting | Made>} schools @param {import('../core/protocol.js').Destroy} msg */
function destroy(schools, msg) {
  const made = schools.get(msg.id);
  if (!made) return;
  if ('queue' in made) {
    made.cancelled = true;
    return;
  }
  schools.delete(msg.id);
  try {
    made.destroy();
  } catch (e) {
    // a failed school's wasm may throw again on the way out: it is gone either way
  }
}

// The koi textures' bake, in its small slices (koi_bake.cpp). On the page's main thread a task runs slices for
// BAKE_SLICE_MS at most, then lets the page run: the first school's mount would otherwise hold the page for the whole
// bake (tens of ms in wasm, more on a busy or slow machine). A Worker holds no page: it bakes in one go, without
// timer clamps between its 41 slices.
const BAKE_SLICE_MS = 8;

/** @param {import('./wasm.js').EngineModule} M */
function bakeKoi(M) {
  if (inWorker()) {
    while (!M.bakeKoiSlice());
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const task = () => {
      const end = performance.now() + BAKE_SLICE_MS;
      for (;;) {
        if (M.bakeKoiSlice()) return resolve(null);
        if (performance.now() >= end) return setTimeout(task, 0);
      }
    };
    task();
  });
}
