// The page's link to the engine (S-COST-5): a dedicated Worker where the browser can draw WebGL2 on an
// OffscreenCanvas and the script may start one, else the same engine on the main thread. Every school of the page
// shares one engine of each kind. Both speak the same messages; the local one delivers them a microtask later, so a
// page's code sees the same order and timing on either path.
import { errorText, warn } from '../core/util.js';
import { afterPageSettled } from './page_ready.js';

const WORKER_START_MS = 15000; // a worker that has not said ready by then is given up for the main thread

/**
 * @typedef {(post: import('../core/protocol.js').PostToHost) => {receive: (msg: import('../core/protocol.js').HostMessage) =>
 * void,
 *   schools: Map<number, *>}} ServeEngine the engine's serveEngine (engine/serve.js)
 * @typedef {{worker: () => Worker | null, local: () => Promise<ServeEngine>, wasm: string}} EngineSource
 */
/** @type {EngineSource} */
let source = { worker: () => null, local: () => Promise.reject(new Error('no engine')), wasm: '' };
const engines = {}; // thread -> Promise of the engine (or null)
const opened = {}; // thread -> the engine that Promise gave (a failed one is no longer handed out)
let freshMain = false; // a main-thread engine failed: the next one is a new wasm instance (module.js)
let table = null; // the parameter table, from the first engine that is ready
let unloadable = null; // why the Worker's engine could not load its wasm: the main thread would fail alike

// The bundle's entry says where the engine comes from: `worker()` starts the Worker (null where it cannot be one; the
// entry writes the `new Worker(...)` itself, where a bundler can see it), `local()` -> serveEngine, `wasm` the wasm's
// URL (the classic script's, beside it; the ES module's engine knows its own).
/** @param {EngineSource} s */
export function setEngineSource(s) {
  source = s;
}

export function paramTable() {
  return table;
}

// Whether this browser can hand a canvas to a Worker at all (the Worker itself finds out whether WebGL2 runs there).
export function workerCapable() {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

// Resolves to the engine for `thread` ('worker' or 'main'), or null (the worker could not start: use main). Nothing is
// fetched before the page's load event (page_ready.js), whoever asks first (a mount, table(), <miro-fish>).
export function openEngine(thread) {
  if (!engines[thread]) {
    engines[thread] = afterPageSettled()
      .then(() => (thread === 'worker' ? startWorker() : startLocal()))
      .catch((e) => {
        if (thread === 'main') warn(errorText(e));
        return null;
      });
  }
  return engines[thread];
}

// The parameter table from the engine for `thread` (the main thread's when the Worker cannot start); null if none.
export function openTable(thread) {
  return openEngine(thread)
    .then((e) => e || openEngine('main'))
    .then((e) => (e ? e.table : null));
}

// An engine: post(msg, transfer), listen(id, fn) for one school's messages, forget(id), what `ready` said, its live
// schools (the last one out releases a Worker), and fail(cause): the whole engine is gone (a Worker's error, a
// message it could not send, its silence): each of its schools hears {t:'error'} (host/heal.js), a Worker is
// terminated and later mounts go on the main thread.
/** @param {'worker' | 'main'} thread @param {import('../core/protocol.js').PostToEngine} post */
function makeEngine(thread, post) {
  const listeners = new Map();
  const engine = {
    thread,
    post,
    table: null,
    live: 0,
    dead: false,
    listen(id, fn) {
      listeners.set(id, fn);
    },
    forget(id) {
      listeners.delete(id);
    },
    receive(/** @type {import('../core/protocol.js').EngineMessage} */ msg) {
      if (msg.t === 'warn') warn(msg.text);
      else if (msg.t === 'fatal') engine.fail(msg.error);
      else if ('id' in msg && listeners.has(msg.id)) listeners.get(msg.id)(msg);
    },
    fail(cause) {
      if (engine.dead) return;
      engine.dead = true;
      retire(engine);
      if (engine.terminate) engine.terminate();
      if (thread === 'worker') engines.worker = Promise.resolve(null);
      for (const [id, fn] of Array.from(listeners)) fn({ t: 'error', id, error: cause });
    },
  };
  return engine;
}

// A failed engine is handed out no more: the next openEngine(thread) starts another (a main-thread one on a fresh
// wasm instance). Its live schools keep it until they go.
export function retire(engine) {
  if (opened[engine.thread] !== engine) return;
  delete opened[engine.thread];
  delete engines[engine.thread];
  if (engine.thread === 'main') freshMain = true;
}

function hello(engine, resolve, reject) {
  return (msg) => {
    if (msg.t === 'ready') {
      engine.table = msg.table;
      opened[engine.thread] = engine;
      if (!table) table = msg.table;
      resolve(engine);
    } else if (msg.t === 'failed') {
      reject(new Error(msg.error));
    } else {
      engine.receive(msg);
    }
  };
}

function startWorker() {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = source.worker();
    } catch (e) {
      worker = null; // a CSP or an origin that forbids it, or no URL to start it from
    }
    if (!worker) {
      resolve(null); // the main thread, quietly
      return;
    }
    const engine = makeEngine('worker', (msg, transfer) => worker.postMessage(msg, transfer || []));
    let ready = false;
    const timer = setTimeout(() => fail(), WORKER_START_MS);
    const fail = () => {
      clearTimeout(timer);
      if (ready) return;
      worker.terminate();
      resolve(null);
    };
    worker.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault(); // no uncaught-error report: the main thread takes over
      if (ready) engine.fail('the Worker stopped (' + errorText((e && (e.error || e.message)) || 'error') + ')');
      else fail();
    };
    worker.onmessageerror = () => {
      if (ready) engine.fail('a message from the Worker could not be read');
    };
    engine.terminate = () => worker.terminate();
    if (MIROFISH_TEST) engine.kill = () => worker.terminate(); // handle._test.killWorker(): a browser's kill
    const onReady = hello(
      engine,
      (e) => {
        ready = true;
        clearTimeout(timer);
        resolve(e);
      },
      (e) => {
        unloadable = e; // the same files, the same origin rules on the main thread: not fetched twice
        fail();
      },
    );
    worker.onmessage = (e) => (ready ? engine.receive(e.data) : onReady(e.data));
    // The last school gone: the worker goes too (its wasm, its contexts); the next mount starts a new one.
    engine.release = () => {
      worker.terminate();
      retire(engine);
    };
    engine.post({ t: 'hello', wasm: source.wasm });
  });
}

function startLocal() {
  if (unloadable) return Promise.reject(unloadable);
  return source.local().then(
    (serveEngine) =>
      new Promise((resolve, reject) => {
        let toHost = null;
        const served = serveEngine((msg) => queueMicrotask(() => toHost(msg)));
        const engine = makeEngine('main', (msg) => queueMicrotask(() => served.receive(msg)));
        let ready = false;
        const onReady = hello(
          engine,
          (e) => {
            ready = true;
            resolve(e);
          },
          reject,
        );
        toHost = (msg) => (ready ? engine.receive(msg) : onReady(msg));
        engine.post({ t: 'hello', wasm: source.wasm, fresh: freshMain });
      }),
  );
}
