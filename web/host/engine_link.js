// The page's link to the engine (S-COST-5): a dedicated Worker where the browser can draw WebGL2 on an
// OffscreenCanvas and the script may start one, else the same engine on the main thread. Every school of the page
// shares one engine of each kind. Both are the kernel's channel (core/channel.js) carrying the engine's protocol
// (core/protocol.js): the local one delivers each message a microtask later, so a page's code sees the same order and
// timing on either path.
import {
  afterPageSettled,
  errorText,
  metaRefusesWorkers,
  note,
  openLocal,
  openWorker,
  refusalText,
  warn,
} from '../core/index.js';

/**
 * @typedef {import('../core/protocol.js').HostChannel} HostChannel
 * @typedef {import('../core/protocol.js').EngineSide} EngineSide
 * @typedef {'worker' | 'main'} Thread
 * @typedef {Parameters<typeof openLocal>[0]} LocalEngine the engine's end on this thread, as core's openLocal takes it
 *   (the engine's file makes it: core's localEnd over engine/serve.js)
 * @typedef {{worker: () => Worker | null, local: () => Promise<LocalEngine>, wasm: string,
 *   checked?: () => Promise<void>}} EngineSource `checked`: the Worker's script fetched against its hash first
 * @typedef {import('./school.js').HostSchool} School a school of the page: the engine's events reach it
 * @typedef {HostChannel & {table: import('../core/protocol.js').Ready['table'], schools: Map<number, School>,
 *   release?: () => void, kill?: () => void}} Engine an engine's channel, and what its `hello` answered, its live
 *   schools by id (the last one out releases a Worker); a failure (a Worker's error, a message it could not send, its
 *   silence, its `fatal`) fails each of its schools (host/heal.js), and later mounts go on the main thread
 */
/** @type {EngineSource} */
let source = { worker: () => null, local: () => Promise.reject(new Error('no engine')), wasm: '' };
/** @type {{[thread in Thread]?: Promise<Engine | null>}} */
const engines = {}; // thread -> Promise of the engine (or null)
/** @type {{[thread in Thread]?: Engine}} */
const opened = {}; // thread -> the engine that Promise gave (a failed one is handed out no more)
let freshMain = false; // a main-thread engine failed: the next one is a new wasm instance (module.js)
/** @type {import('../mirofish').MiroFishParamInfo[] | null} */
let table = null; // the parameter table, from the first engine that is ready
/** @type {unknown} */
let unloadable = null; // why the Worker's engine could not load its wasm: the main thread would fail alike

// The bundle's entry says where the engine comes from: `worker()` starts the Worker (null where it cannot be one; the
// entry writes the `new Worker(...)` itself, where a bundler can see it), `local()` -> the engine's end on this
// thread, `wasm` the wasm's URL (the classic script's, beside it; the ES module's engine knows its own).
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
/** @param {Thread} thread @returns {Promise<Engine | null>} */
export function openEngine(thread) {
  if (!engines[thread]) {
    engines[thread] = afterPageSettled()
      .then(() => (thread === 'worker' ? startWorker() : startLocal()))
      .catch(
        /** @returns {null} */ (e) => {
          if (thread === 'main') warn(errorText(e));
          return null;
        },
      );
  }
  return engines[thread];
}

// The parameter table from the engine for `thread` (the main thread's when the Worker cannot start); null if none.
/** @param {Thread} thread */
export function openTable(thread) {
  return openEngine(thread)
    .then((e) => e || openEngine('main'))
    .then((e) => (e ? e.table : null));
}

// A failed engine is handed out no more: the next openEngine(thread) starts another (a main-thread one on a fresh
// wasm instance). Its live schools keep it until they go.
/** @param {Engine} engine */
export function retire(engine) {
  if (opened[engine.thread] !== engine) return;
  delete opened[engine.thread];
  delete engines[engine.thread];
  if (engine.thread === 'main') freshMain = true;
}

// The engine's events: each school's to that school, a warning to the console.
/** @param {HostChannel} channel @param {Map<number, School>} schools */
function route(channel, schools) {
  /** @param {import('./school_link.js').SchoolEvent} msg */
  const toSchool = (msg) => {
    const h = schools.get(msg.id);
    if (h) h.receive(msg);
  };
  channel.handle({
    snap: toSchool,
    needCanvas: toSchool,
    studioFrame: toSchool,
    level: toSchool,
    error: toSchool,
    warn: (msg) => warn(msg.text),
  });
}

// The channel whose `hello` was answered, as the engine the schools mount on.
/**
 * @param {HostChannel} channel
 * @param {import('../core/protocol.js').Ready} ready
 * @param {Map<number, School>} schools
 * @returns {Engine}
 */
function open(channel, ready, schools) {
  const engine = Object.assign(channel, { table: ready.table, schools });
  engine.onFail = (cause) => {
    retire(engine);
    if (engine.thread === 'worker') engines.worker = Promise.resolve(null);
    for (const h of Array.from(schools.values())) h.fail(cause);
  };
  opened[engine.thread] = engine;
  if (!table) table = ready.table;
  return engine;
}

// A Worker's script that could not be had against its hash (`checked`) is the engine's failure, as a wasm that
// cannot load is: the main thread would fail alike.
/** @returns {Promise<Engine | null>} */
function startWorker() {
  const refused = metaRefusesWorkers(); // a <meta> policy said so: no attempt, no violation (core/csp.js)
  if (refused) {
    note(
      refusalText("the engine's Worker", { directive: refused, blocked: '' }) + ': it runs on the main thread instead',
    );
    return Promise.resolve(null);
  }
  const checked = source.checked ? source.checked() : Promise.resolve();
  return checked.then(
    startChecked,
    /** @returns {null} */ (e) => {
      unloadable = e;
      return null;
    },
  );
}

/** @returns {Promise<Engine | null>} */
function startChecked() {
  /** @type {Map<number, School>} */
  const schools = new Map();
  /** @type {import('../core/channel_ends.js').WorkerStart<import('../core/protocol.js').HostSide, EngineSide>} */
  const start = {
    make: source.worker,
    what: 'the engine',
    hello: { t: 'hello', wasm: source.wasm },
    install: (channel) => route(channel, schools),
    // the same files, the same origin rules on the main thread: not fetched twice
    refused: (e) => {
      unloadable = e;
    },
  };
  return openWorker(start).then((opened) => {
    if (!opened) return null;
    const channel = opened.channel;
    const engine = open(channel, /** @type {import('../core/protocol.js').Ready} */ (opened.answer), schools);
    // handle._test.killWorker(): a browser's kill (openWorker's channel has its Worker's terminate(), always)
    if (MIROFISH_TEST) engine.kill = () => channel.terminate && channel.terminate();
    // The last school gone: the worker goes too (its wasm, its contexts); the next mount starts a new one.
    engine.release = () => {
      if (channel.terminate) channel.terminate();
      retire(engine);
    };
    return engine;
  });
}

/** @returns {Promise<Engine>} */
function startLocal() {
  if (unloadable) return Promise.reject(unloadable);
  return source.local().then((far) => {
    /** @type {Map<number, School>} */
    const schools = new Map();
    /** @type {HostChannel} */
    const channel = openLocal(far);
    route(channel, schools);
    return channel
      .call({ t: 'hello', wasm: source.wasm, fresh: freshMain })
      .then((ready) => open(channel, ready, schools));
  });
}
