// One channel between the page and a thread of ours (the engine, the recorder), after pdf.js's MessageHandler: a
// dedicated Worker, or the same code on the page's main thread through a local port that delivers each message a
// microtask later, so that a page sees one order and one timing on either path. One start limit for a Worker, the
// other side's messages routed to their listener by `id`, and one error path: a channel that fails (a Worker's error,
// a message it could not read, the other side's own word) tells each listener once, {t: 'error', id, error}. What
// travels is each side's protocol (protocol.js: the engine's; record_protocol.js: the recorder's).
import { refusalText, watchRefusals } from './csp.js';
import { errorText, note } from './util.js';

export const WORKER_START_MS = 15000; // a Worker that has not said it is ready by then is given up for the main thread

/** @typedef {{t: 'error', id: number, error: string}} ChannelError what each listener hears when the channel fails */

/**
 * A port to the other side. `In`: what it posts; `Out`: what this side does.
 * @template In, Out
 */
export class Channel {
  /**
   * @param {'worker' | 'main'} thread
   * @param {(msg: Out, transfer?: Transferable[]) => void} post
   * @param {(msg: In, channel: Channel<In, Out>) => void} [other] what has no listener (a message without an id: a
   *   warning, a fatal error)
   */
  constructor(thread, post, other) {
    this.thread = thread;
    this.post = post;
    this.other = other || null;
    this.dead = false;
    /** @type {Map<number, (msg: In | ChannelError) => void>} */
    this.listeners = new Map();
    /** @type {(() => void) | null} a Worker's terminate() */
    this.terminate = null;
    /** @type {(() => void) | null} the owner's part of a failure (before the listeners hear it) */
    this.onFail = null;
  }

  /** @param {number} id @param {(msg: In | ChannelError) => void} fn */
  listen(id, fn) {
    this.listeners.set(id, fn);
  }

  /** @param {number} id */
  forget(id) {
    this.listeners.delete(id);
  }

  /** @param {In} msg */
  receive(msg) {
    const id = msg && typeof msg === 'object' && 'id' in msg ? /** @type {{id: number}} */ (msg).id : undefined;
    const fn = id === undefined ? undefined : this.listeners.get(id);
    if (fn) fn(msg);
    else if (this.other) this.other(msg, this);
  }

  // The whole channel is gone: a Worker is terminated, and every listener hears it once.
  /** @param {string} cause */
  fail(cause) {
    if (this.dead) return;
    this.dead = true;
    if (this.terminate) this.terminate();
    if (this.onFail) this.onFail();
    for (const [id, fn] of Array.from(this.listeners)) fn({ t: 'error', id, error: cause });
  }
}

/**
 * @template In, Out
 * @typedef {object} WorkerStart
 * @property {() => Worker | null} make starts the Worker (null: none may start here); a throw is a refusal
 * @property {string} what whose Worker ("the engine"), for the one message where the page's CSP refused it
 * @property {Out} [hello] posted at once (the engine's `hello`)
 * @property {(msg: In) => boolean | Error} ready true: the Worker is ready; an Error: it cannot serve (given up);
 *   false: a message for the channel
 * @property {(msg: In, channel: Channel<In, Out>) => void} [other] the channel's `other`
 */

// Resolves to the Worker's channel once it says it is ready, or to null (the main thread then): no Worker may start
// here, the page's CSP refused it (said once, as a note: the main thread is a fallback, not an error), it failed to
// start, it said it cannot serve, or it was silent for WORKER_START_MS.
/**
 * @template In, Out
 * @param {WorkerStart<In, Out>} start
 * @returns {Promise<Channel<In, Out> | null>}
 */
export function openWorker(start) {
  return new Promise((resolve) => {
    const watch = typeof document !== 'undefined' ? watchRefusals('') : null;
    /** @type {Worker | null} */
    let worker = null;
    try {
      worker = start.make();
    } catch (e) {
      worker = null; // a CSP or an origin that forbids it, or no URL to start it from
    }
    if (!worker) {
      giveUp();
      return;
    }
    /** @type {Channel<In, Out>} */
    const channel = new Channel('worker', (msg, transfer) => worker.postMessage(msg, transfer || []), start.other);
    let ready = false;
    const timer = setTimeout(() => giveUp(), WORKER_START_MS);
    function giveUp() {
      clearTimeout(timer);
      if (ready) return;
      ready = true; // settled: nothing more from this Worker
      if (worker) worker.terminate();
      if (!watch) return resolve(null);
      watch.refused().then((r) => {
        if (r) note(refusalText(start.what + "'s Worker", r) + ': it runs on the main thread instead');
        resolve(null);
      });
    }
    worker.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault(); // no uncaught-error report: the main thread takes over
      if (ready) channel.fail('the Worker stopped (' + errorText((e && (e.error || e.message)) || 'error') + ')');
      else giveUp();
    };
    worker.onmessageerror = () => {
      if (ready) channel.fail('a message from the Worker could not be read');
    };
    channel.terminate = () => worker.terminate();
    worker.onmessage = (e) => {
      if (ready) return channel.receive(e.data);
      const said = start.ready(e.data);
      if (said === true) {
        ready = true;
        clearTimeout(timer);
        if (watch) watch.stop();
        resolve(channel);
      } else if (said) giveUp();
      else channel.receive(e.data);
    };
    if (start.hello) channel.post(start.hello);
  });
}

// The same code on this thread: `serve(post)` is the other side (it posts with `post`), and returns the function
// that takes this side's messages. Each way is a microtask later, as a Worker's would be a task later.
/**
 * @template In, Out
 * @param {(post: (msg: In, transfer?: Transferable[]) => void) => (msg: Out) => void} serve
 * @param {(msg: In, channel: Channel<In, Out>) => void} [other]
 * @returns {Channel<In, Out>}
 */
export function openLocal(serve, other) {
  /** @type {Channel<In, Out>} */
  let channel = null;
  const receive = serve((msg) => queueMicrotask(() => channel.receive(msg)));
  channel = new Channel('main', (msg) => queueMicrotask(() => receive(msg)), other);
  return channel;
}
