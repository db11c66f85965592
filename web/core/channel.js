// One channel between the page and a thread of ours (the engine, the recorder), after pdf.js's MessageHandler: the
// same class on both ends, the page's with the calling side added (Caller). A call is a request paired with its one
// answer by an id (`call()`, answered by the handler `on()` registered for its type: what the handler returns is the
// answer, what it throws the error); progress and an abort belong to the call; everything else is an event, one way.
// The far end is a dedicated Worker or the same code on the page's main thread (channel_ends.js). A channel that fails
// (the Worker's error, a message it could not read, an error that escaped every handler there) says so once: its
// owner's `onFail`, then every call still waiting rejects. What travels is each product's protocol (protocol.js: the
// engine's; record_protocol.js: the recorder's), which lists its calls as request -> answer pairs.
import { errorText } from './util.js';

export const WORKER_START_MS = 15000; // a Worker that has not answered its first call by then is given up

/**
 * What one end answers and hears: its calls, each `[request, answer]` (the request carries its `t`), and the events
 * (one-way messages, each with its `t`) it takes.
 * @typedef {{calls: Object<string, [{t: string}, *]>, events: {t: string}}} Side
 */
/**
 * @typedef {object} CallOptions
 * @property {(done: number, total: number) => void} [progress] hears the handler's progress
 * @property {AbortSignal} [signal] aborts the call: it rejects with the signal's reason, and the handler's signal fires
 * @property {Transferable[]} [transfer] moved with the request
 */
/**
 * What a handler of a call gets besides the request.
 * @typedef {object} CallContext
 * @property {(done: number, total: number) => void} progress tells the caller (nothing if it did not ask)
 * @property {AbortSignal} signal fires when the caller aborts
 * @property {(list: Transferable[]) => void} transfer what the answer moves rather than copies
 */
/**
 * The channel's own messages: a call's answer (`value`, or `error` with the error's `name` and own fields), its
 * progress, an abort, and the far end's fatal error.
 * @typedef {{t: 'reply', c: number, value?: *, error?: string, name?: string, fields?: Object<string, *>}} Reply
 * @typedef {{t: 'progress', c: number, done: number, total: number}} Progress
 * @typedef {{t: 'abort', c: number}} Abort
 * @typedef {{t: 'fatal', error: string}} Fatal
 */
/** @typedef {{resolve: (v: *) => void, reject: (e: *) => void, progress?: CallOptions['progress'], done: () => void}}
 * Waiting */
/**
 * A whole end's handlers (Channel.handle): each call's returns its answer (or a Promise of it), each event's nothing.
 * @template {Side} S
 * @typedef {{[K in (keyof S['calls'] | S['events']['t']) & string]: K extends Reserved
 *   ? never
 *   : K extends keyof S['calls']
 *     ? (msg: S['calls'][K][0], ctx: CallContext) => S['calls'][K][1] | Promise<S['calls'][K][1]>
 *     : (msg: Extract<S['events'], {t: K}>) => void}} Handlers
 */
/** The channel's own message types, which no protocol may use. @typedef {'reply' | 'progress' | 'abort' | 'fatal'}
 * Reserved */

/**
 * One end. `Here`: what this end answers and hears; `There`: what the far end answers and hears. The page's ends make
 * calls (Caller, below); the far ends (serve, localEnd) only answer them, so the engine's and the recorder's bundles
 * carry none of the calling side.
 * @template {Side} Here
 * @template {Side} There
 */
export class Channel {
  /**
   * @param {'worker' | 'main'} thread where the far end runs (the page's side), or where this end runs (the far side)
   * @param {(msg: *, transfer?: Transferable[]) => void} post to the far end
   */
  constructor(thread, post) {
    this.thread = thread;
    this.post = post;
    this.dead = false;
    this.ids = 0;
    /** @type {Map<number, Waiting>} the calls made here, waiting for their answers */
    this.waiting = new Map();
    /** @type {Map<number, AbortController>} the calls answered here, still running */
    this.running = new Map();
    /** @type {typeof answerCall | null} set on the ends that answer calls (serve, localEnd): the page's end never does,
     * and its bundles carry none of it */
    this.answerer = null;
    /** @type {Map<string, Function>} */
    this.handlers = new Map();
    /** @type {(() => void) | null} a Worker's terminate() */
    this.terminate = null;
    /** @type {((cause: string) => void) | null} the owner's part of a failure (before the waiting calls reject) */
    this.onFail = null;
  }

  /**
   * The handler of one call or event type. A call's handler returns its answer (or a Promise of it) and throws its
   * error; an event's handler returns nothing.
   * @template {(keyof Here['calls'] | Here['events']['t']) & string} K
   * @param {K} type
   * @param {K extends keyof Here['calls']
   *   ? (msg: Here['calls'][K][0], ctx: CallContext) => Here['calls'][K][1] | Promise<Here['calls'][K][1]>
   *   : (msg: Extract<Here['events'], {t: K}>) => void} handler
   */
  on(type, handler) {
    this.handlers.set(type, handler);
  }

  /**
   * Every handler of this end at once: one entry per call and event type of its protocol, so that a type left out
   * (or misspelt) is a tsc error, not a message that goes nowhere. The channel's own types (reply, progress, abort,
   * fatal) are reserved: a protocol that names one cannot be handled.
   * @param {Handlers<Here>} table
   */
  handle(table) {
    for (const [type, handler] of Object.entries(table)) this.handlers.set(type, handler);
  }

  /**
   * One way: no answer.
   * @param {There['events']} msg
   * @param {Transferable[]} [transfer]
   */
  send(msg, transfer) {
    if (!this.dead) this.post(msg, transfer);
  }

  /**
   * The channel's own messages (answers, progress, a fatal error), whatever the protocol.
   * @param {Reply | Progress | Fatal} msg
   * @param {Transferable[]} [transfer]
   */
  own(msg, transfer) {
    if (!this.dead) this.post(msg, transfer);
  }

  /**
   * A message from the far end.
   * @param {*} msg
   */
  receive(msg) {
    if (!msg || typeof msg !== 'object' || typeof msg.t !== 'string') return;
    const t = msg.t;
    if (t === 'reply' || t === 'progress') return this.answered(msg);
    if (t === 'abort') {
      const running = this.running.get(msg.c);
      this.running.delete(msg.c); // its answer, whenever it comes, goes nowhere
      if (running) running.abort(new DOMException('the caller aborted', 'AbortError'));
      return;
    }
    if (t === 'fatal') return this.fail(msg.error);
    const handler = this.handlers.get(t);
    if (typeof msg.c !== 'number') {
      if (handler) handler(msg);
    } else if (this.answerer) this.answerer(this, msg, handler);
  }

  // An answer to a call made here, or its progress: only an end that makes calls (Caller) has any.
  /** @param {Reply | Progress} msg */
  answered(msg) {}

  // The whole channel is gone: a Worker is terminated, its owner hears it, and every call still waiting rejects.
  /** @param {string} cause */
  fail(cause) {
    if (this.dead) return;
    this.dead = true;
    if (this.terminate) this.terminate();
    if (this.onFail) this.onFail(cause);
    for (const waiting of Array.from(this.waiting.values())) {
      waiting.done();
      waiting.reject(new Error(cause));
    }
    for (const running of this.running.values()) running.abort(new Error(cause));
    this.running.clear();
  }
}

/**
 * An end that makes calls: the page's (openWorker, openLocal).
 * @template {Side} Here
 * @template {Side} There
 * @extends {Channel<Here, There>}
 */
export class Caller extends Channel {
  /**
   * A request; resolves to the far end's answer, rejects with its error (of the same name, with its own fields), with
   * the signal's reason once aborted, or with the channel's failure.
   * @template {keyof There['calls'] & string} K
   * @param {There['calls'][K][0] & {t: K}} msg
   * @param {CallOptions} [opts]
   * @returns {Promise<There['calls'][K][1]>}
   */
  call(msg, opts) {
    const signal = opts && opts.signal;
    if (this.dead) return Promise.reject(new Error('the channel is closed'));
    if (signal && signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const c = ++this.ids;
      const onAbort = () => {
        done();
        if (!this.dead) this.post({ t: 'abort', c });
        reject(/** @type {AbortSignal} */ (signal).reason); // it listens only where there is a signal
      };
      const done = () => {
        this.waiting.delete(c);
        if (signal) signal.removeEventListener('abort', onAbort);
      };
      this.waiting.set(c, { resolve, reject, progress: opts && opts.progress, done });
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      try {
        this.post(Object.assign(msg, opts && opts.progress ? { c, p: 1 } : { c }), opts && opts.transfer);
      } catch (e) {
        done(); // a value that cannot be sent (a function, a DOM node): the caller's
        reject(e);
      }
    });
  }

  /** @param {Reply | Progress} msg */
  answered(msg) {
    const waiting = this.waiting.get(msg.c);
    if (!waiting) return; // aborted, or settled by a failure
    if (msg.t === 'progress') {
      if (waiting.progress) {
        try {
          waiting.progress(msg.done, msg.total);
        } catch (e) {
          /* the caller's callback: its error is its own */
        }
      }
      return;
    }
    waiting.done();
    if (msg.error === undefined) waiting.resolve(msg.value);
    else waiting.reject(rebuild(msg));
  }
}

// A call's answer: what its handler returns (or the Promise of it), or the error it throws; nothing once aborted.
/**
 * @param {Channel<*, *>} channel
 * @param {{t: string, c: number}} msg
 * @param {Function | undefined} handler
 */
export function answerCall(channel, msg, handler) {
  const c = msg.c;
  const controller = new AbortController();
  /** @type {Transferable[] | undefined} */
  let moved;
  channel.running.set(c, controller);
  /** @type {CallContext} */
  const ctx = {
    progress: /** @type {*} */ (msg).p
      ? (done, total) => {
          if (!controller.signal.aborted) channel.own({ t: 'progress', c, done, total });
        }
      : () => {},
    signal: controller.signal,
    transfer: (list) => {
      moved = list;
    },
  };
  new Promise((resolve) => {
    if (!handler) throw new Error('no handler for ' + JSON.stringify(msg.t));
    resolve(handler(msg, ctx));
  })
    .then(
      /** @returns {Reply} */ (value) => ({ t: 'reply', c, value }),
      /** @returns {Reply} */ (e) => ({
        t: 'reply',
        c,
        error: errorText(e),
        name: (e && e.name) || 'Error',
        fields: ownFields(e),
      }),
    )
    .then((reply) => {
      channel.running.delete(c);
      if (!controller.signal.aborted) channel.own(reply, moved);
    });
}

// An error reply as the error the far end threw: the same name (a RangeError, an AbortError), its own fields.
/** @param {Reply} msg */
function rebuild(msg) {
  const text = msg.error || '';
  /** @type {Error} */
  let e;
  if (msg.name === 'RangeError') e = new RangeError(text);
  else if (msg.name === 'TypeError') e = new TypeError(text);
  else if (msg.name === 'AbortError' && typeof DOMException === 'function') e = new DOMException(text, 'AbortError');
  else {
    e = new Error(text);
    if (msg.name && msg.name !== 'Error') e.name = msg.name;
  }
  return msg.fields ? Object.assign(e, msg.fields) : e;
}

// The plain fields an error carries besides its message (the recorder's `local`), for its copy on the other side.
/** @param {*} e @returns {Object<string, *> | undefined} */
function ownFields(e) {
  if (!e || typeof e !== 'object') return undefined;
  /** @type {Object<string, *>} */
  const fields = {};
  let any = false;
  for (const key of Object.keys(e)) {
    const v = e[key];
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
      fields[key] = v;
      any = true;
    }
  }
  return any ? fields : undefined;
}
