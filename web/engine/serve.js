// The engine's end of the channel: loads the wasm once (from the URL the host's `hello` names, else the entry's),
// then mounts, drives and destroys schools as the host's messages say. The same code serves a Worker
// (self.postMessage) and the main-thread fallback (a local port).
import { errorText, loadModule, VERSION } from '../core/index.js';
import { attachEngineSchool } from './school.js';

// `post(msg, transfer)` sends to the host; returns the function that takes the host's messages, and the live schools.
/** @param {import('../core/protocol.js').PostToHost} post */
export function serveEngine(post) {
  const schools = new Map();
  let loaded = null;
  const log = (text) => post({ t: 'warn', text });
  const receive = (/** @type {import('../core/protocol.js').HostMessage} */ msg) => {
    if (msg.t === 'ping') {
      // the host's watchdog (host/heal.js): this thread still answers
      post({ t: 'pong', id: msg.id });
      return;
    }
    if (msg.t === 'hello') {
      loadModule(log, msg.wasm, msg.fresh)
        .then(({ M, table }) =>
          bakeKoi(M).then(() => {
            for (const row of table) row.values = row.values ? row.values.split('|') : []; // C++ kParamValues
            loaded = { M, table };
            post({ t: 'ready', table, version: VERSION });
          }),
        )
        .catch((e) => post({ t: 'failed', error: errorText(e) }));
      return;
    }
    if (!loaded) return;
    if (msg.t === 'mount') {
      mount(msg);
      return;
    }
    const made = schools.get(msg.id);
    if (!made) return;
    if (made.queue) {
      // still mounting (the main thread's second task): in order, once it runs
      if (msg.t === 'destroy') made.cancelled = true;
      else made.queue.push(msg);
      return;
    }
    if (msg.t === 'destroy') {
      schools.delete(msg.id);
      try {
        made.destroy();
      } catch (e) {
        // a failed school's wasm may throw again on the way out: it is gone either way
      }
      return;
    }
    made.handle(msg); // under the school's guard (guard.js)
  };
  // The context and programs in this task; the school and its first frame in this one too in a Worker, in the next
  // on the page's main thread (each half of a first mount is a long task there on a slow machine).
  const mount = (msg) => {
    const failed = (e) => post({ t: 'mounted', id: msg.id, error: 'mount failed (' + errorText(e) + ')' });
    let attached;
    try {
      attached = attachEngineSchool(loaded.M, msg, loaded.M.specialHTMLTargets);
    } catch (e) {
      failed(e);
      return;
    }
    if (attached.error) {
      post({ t: 'mounted', id: msg.id, error: attached.error });
      return;
    }
    const pending = { queue: [], cancelled: false };
    schools.set(msg.id, pending);
    const start = () => {
      if (pending.cancelled) {
        schools.delete(msg.id);
        attached.cancel();
        return;
      }
      let made;
      try {
        made = attached.start(loaded.table, post);
      } catch (e) {
        schools.delete(msg.id);
        attached.cancel();
        failed(e);
        return;
      }
      schools.set(msg.id, made);
      post({ t: 'mounted', id: msg.id, renderer: made.school.renderer });
      for (const queued of pending.queue) receive(queued);
    };
    if (inWorker()) start();
    else setTimeout(start, 0);
  };
  return { receive, schools };
}

// The koi textures' bake, in its small slices (koi_bake.cpp). On the page's main thread a task runs slices for
// BAKE_SLICE_MS at most, then lets the page run: the first school's mount would otherwise hold the page for the whole
// bake (tens of ms in wasm, more on a busy or slow machine). A Worker holds no page: it bakes in one go, without
// timer clamps between its 41 slices.
const BAKE_SLICE_MS = 8;

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

// In a dedicated Worker: the host's messages come to self.
// Whatever escapes every school's guard (guard.js) fails the whole engine: the host hears it once ({t:'fatal'}) and
// mounts its schools again on the main thread. An unhandled rejection here is one of ours: the page has no code here.
export function serveWorker() {
  /** @type {import('../core/protocol.js').PostToHost} */
  const post = (msg, transfer) => self.postMessage(msg, transfer || []);
  const engine = serveEngine(post);
  self.onmessage = (e) => engine.receive(e.data);
  let told = false;
  const fatal = (e, why) => {
    e.preventDefault();
    if (told) return;
    told = true;
    post({ t: 'fatal', error: errorText(why) });
  };
  self.addEventListener('error', (e) => fatal(e, e.error || e.message));
  self.addEventListener('unhandledrejection', (e) => fatal(e, e.reason));
}

export function inWorker() {
  return typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope;
}
