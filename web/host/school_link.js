// A school's line to the engine it runs on (school.js is its page side): what the page says goes out in messages
// (post), the handle's questions as calls (call) on the engine's channel (core/channel.js), each under the school's one
// AbortSignal, so that a school that goes or fails settles them at once (endCalls). The engine is the one it mounted
// on last (mount, again after a failure: heal.js) until it leaves it (leave). Its state is #private: only these
// methods move it to another engine or give its calls a new signal. What the engine says of the school comes back
// through RECEIVE (below), one entry per event.
import { errorText, warn } from '../core/index.js';
import { failedAnswer } from './heal.js';

/**
 * @typedef {import('./engine_link.js').Engine} Engine
 * @typedef {import('../core/protocol.js').EngineCalls} EngineCalls
 * @typedef {(done: number, total: number) => void} Progress a long call's progress: steps done of total
 */
/**
 * The engine channel's call() of one call K.
 * @template {keyof EngineCalls} K
 * @typedef {(msg: EngineCalls[K][0] & {t: K}, opts: import('../core/channel.js').CallOptions) =>
 *   Promise<EngineCalls[K][1]>} CallOf
 */

export class SchoolLink {
  /** @type {Engine} among the engine's `schools` from mount() until leave() */
  #engine;
  // the calls' signal: aborted with {gone: true} when the school goes, {failed: cause} when it fails
  #asking = new AbortController();
  /** @type {Pick<import('./school.js').HostSchool, 'life' | 'watch'>} */
  #h;

  /**
   * @param {number} id the school's, which every message to the engine carries
   * @param {Engine} engine the engine it mounts on first
   * @param {Pick<import('./school.js').HostSchool, 'life' | 'watch'>} h what it reads of its school
   */
  constructor(id, engine, h) {
    /** @readonly */ this.id = id;
    this.#engine = engine;
    this.#h = h;
    this.post = this.post.bind(this); // the parts' way to the engine (pointer_link.js, sizing.js, avoid.js)
  }

  get engine() {
    return this.#engine;
  }

  /** @type {import('../core/protocol.js').PostFromSchool} */
  post(msg, transfer) {
    if (this.#h.life.failed) return; // the engine failed: nothing more goes to it (heal.js)
    this.#engine.send(
      /** @type {import('../core/protocol.js').HostEvent} */ (Object.assign(msg, { id: this.id })),
      transfer,
    );
  }

  // A call of the engine for this school (the handle's methods that return Promises). `progress(done, total)`, if a
  // function, hears a long step() or trajectory() after each slice. Never rejects for what the page passes (handle.js
  // sends plain values only): a school gone answers undefined, a failed one its method's failure value (heal.js); a
  // trajectory over the limits rejects with the engine's RangeError.
  /**
   * @template {keyof EngineCalls} K
   * @param {Omit<EngineCalls[K][0], 'id'> & {t: K}} msg
   * @param {unknown} [progress] the page's onProgress, used only if it is a function
   * @returns {Promise<EngineCalls[K][1] | undefined>}
   */
  call(msg, progress) {
    const h = this.#h;
    if (h.life.destroyed) return Promise.resolve(undefined);
    if (h.life.failed) return failedAnswer(msg.t, h.life.failed);
    const request = /** @type {EngineCalls[K][0] & {t: K}} */ (Object.assign(msg, { id: this.id }));
    // the channel's call() of this K: tsc does not carry one generic's K through another's (`(a.b)(x)` keeps a)
    return /** @type {CallOf<K>} */ (this.#engine.call)(request, {
      progress: typeof progress === 'function' ? /** @type {Progress} */ (progress) : undefined,
      signal: this.#asking.signal,
    }).then(
      (value) => {
        h.watch.heard();
        return value;
      },
      (e) => {
        if (e && e.gone) return undefined;
        if (e && typeof e.failed === 'string') return failedAnswer(msg.t, e.failed);
        if (e && e.name === 'DataCloneError') {
          warn('the school could not be asked (' + errorText(e) + ')');
          return undefined;
        }
        throw e; // the engine's own answer: a RangeError
      },
    );
  }

  // Every call still waiting settles now: the school went ({gone: true}) or failed ({failed: cause}).
  /** @param {{gone: true} | {failed: string}} why */
  endCalls(why) {
    const asking = this.#asking;
    this.#asking = new AbortController();
    asking.abort(why);
  }

  // The watchdog's question (heal.js): does the engine's thread still answer?
  ping() {
    this.#engine.call({ t: 'ping', id: this.id }, { signal: this.#asking.signal }).then(
      () => this.#h.watch.heard(),
      () => {},
    );
  }

  // The school mounts on `engine`, among its schools until it leaves it: resolves to the engine's answer, or why not.
  /**
   * @param {Engine} engine @param {import('./school.js').HostSchool} school the page side the engine's events reach
   * @param {import('../core/protocol.js').Mount} msg @param {Transferable[]} transfer the canvas, to a Worker
   * @returns {Promise<import('../core/protocol.js').Mounted>}
   */
  mount(engine, school, msg, transfer) {
    this.#engine = engine;
    engine.schools.set(this.id, school);
    return engine.call(msg, { transfer }).catch((e) => ({ error: 'the engine failed (' + errorText(e) + ')' }));
  }

  // Leaves the engine the school ran on (teardown, or a failure): its school destroyed there, a Worker with no school
  // left terminated.
  leave() {
    const engine = this.#engine;
    if (!engine.schools.delete(this.id)) return; // left already
    engine.send({ t: 'destroy', id: this.id });
    if (!engine.schools.size && engine.release) engine.release();
  }
}

/**
 * The engine's events for one school (the warnings are the page's: engine_link.js). One entry per type, so that a
 * type left out is a tsc error.
 * @typedef {Exclude<import('../core/protocol.js').EngineEvent, {t: 'warn'}>} SchoolEvent
 * @type {{[K in SchoolEvent['t']]: (h: import('./school.js').HostSchool, msg: Extract<SchoolEvent, {t: K}>) => void}}
 */
const RECEIVE = {
  error: (h, msg) => h.fail(msg.error),
  snap: (h, msg) => h.snapshotIn(msg),
  needCanvas: (h) => {
    if (!h.life.destroyed) h.swapCanvas();
  },
  studioFrame: (h, msg) => {
    if (h.hooks.studio) h.hooks.studio.frame(msg);
  },
  level: (h, msg) => {
    if (MIROFISH_TEST && h.hooks.onLevel) h.hooks.onLevel(msg.stats); // the test bundle's level callback
  },
};

// One of the engine's events, to the school it names (engine_link.js routes them by id; school.js receive).
/** @param {import('./school.js').HostSchool} h @param {SchoolEvent} msg */
export function receive(h, msg) {
  /** @type {(h: import('./school.js').HostSchool, msg: SchoolEvent) => void} */ (RECEIVE[msg.t])(h, msg);
}
