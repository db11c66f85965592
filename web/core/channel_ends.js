// The channel's far ends (channel.js is the channel itself): a dedicated Worker (`openWorker`, served there by
// `serve`), or the same code on the page's main thread behind a local port that delivers each message a microtask
// later (`openLocal`, `localEnd`), so that a page sees one order and one timing on either path.
import { answerCall, Caller, Channel, WORKER_START_MS } from './channel.js';
import { refusalText, watchRefusals } from './csp.js';
import { errorText, note } from './util.js';

/** @typedef {import('./channel.js').Side} Side */

/**
 * @template {Side} Here
 * @template {Side} There
 * @typedef {object} WorkerStart
 * @property {() => Worker | null} make starts the Worker (null: none may start here); a throw is a refusal
 * @property {string} what whose Worker ("the engine"), for the one message where the page's CSP refused it
 * @property {There['calls'][keyof There['calls']][0]} hello the first call: its answer says the Worker is ready
 * @property {(channel: Caller<Here, There>) => void} [install] this end's handlers, before any message comes
 * @property {(error: Error) => void} [refused] the first call's error: the Worker cannot serve (given up)
 */

// Resolves to the Worker's channel and its answer to the first call, or to null (the main thread then): no Worker may
// start here, the page's CSP refused it (said once, as a note: the main thread is a fallback, not an error), it failed
// to start, its answer was an error, or it was silent for WORKER_START_MS.
/**
 * @template {Side} Here
 * @template {Side} There
 * @param {WorkerStart<Here, There>} start
 * @returns {Promise<{channel: Caller<Here, There>, answer: *} | null>}
 */
export function openWorker(start) {
  return new Promise((resolve) => {
    const watch = typeof document !== 'undefined' ? watchRefusals('') : null;
    /** @type {Worker | null} */
    let worker = null;
    /** @type {Caller<Here, There> | null} */
    let channel = null;
    let settled = false;
    let timer = setTimeout(giveUp, WORKER_START_MS);
    try {
      worker = start.make();
    } catch (e) {
      worker = null; // a CSP or an origin that forbids it, or no URL to start it from
    }
    if (!worker) {
      giveUp();
      return;
    }
    const w = worker;
    channel = new Caller('worker', (msg, transfer) => w.postMessage(msg, transfer || []));
    channel.terminate = () => w.terminate();
    function giveUp() {
      clearTimeout(timer);
      if (settled) return;
      settled = true; // nothing more from this Worker
      if (channel) channel.fail('given up');
      if (!watch) return resolve(null);
      watch.refused().then((r) => {
        if (r) note(refusalText(start.what + "'s Worker", r) + ': it runs on the main thread instead');
        resolve(null);
      });
    }
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault(); // no uncaught-error report: the main thread takes over
      if (settled) channel.fail('the Worker stopped (' + errorText((e && (e.error || e.message)) || 'error') + ')');
      else giveUp();
    };
    w.onmessageerror = () => channel.fail('a message from the Worker could not be read');
    w.onmessage = (e) => channel.receive(e.data);
    if (start.install) start.install(channel);
    channel.call(/** @type {*} */ (start.hello)).then(
      (answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (watch) watch.stop();
        resolve({ channel, answer });
      },
      (e) => {
        if (!settled && start.refused && !channel.dead) start.refused(e);
        giveUp();
      },
    );
  });
}

// The far end on this thread: `far(post)` makes it (localEnd, from the product that answers), posting to this end with
// `post`, and returns the function that takes this end's messages. Each message is a microtask later either way, as a
// Worker's would be a task later. Returns this end.
/**
 * @template {Side} Here
 * @template {Side} There
 * @param {(post: (msg: *) => void) => (msg: *) => void} far
 * @returns {Caller<Here, There>}
 */
export function openLocal(far) {
  /** @type {Caller<Here, There> | null} */
  let near = null;
  // a microtask later: `near` is made by then
  const toFar = far((msg) => queueMicrotask(() => /** @type {Caller<Here, There>} */ (near).receive(msg)));
  near = new Caller('main', (msg) => queueMicrotask(() => toFar(msg)));
  return near;
}

// The answering end on the page's own thread, for openLocal: `install(channel)` puts its handlers on it.
/**
 * @template {Side} Here
 * @template {Side} There
 * @param {(channel: Channel<Here, There>) => void} install
 * @returns {(post: (msg: *) => void) => (msg: *) => void}
 */
export function localEnd(install) {
  return (post) => {
    /** @type {Channel<Here, There>} */
    const channel = new Channel('main', post);
    channel.answerer = answerCall;
    install(channel);
    return (msg) => channel.receive(msg);
  };
}

// In a dedicated Worker: the page's messages come to self, and `install(channel)` answers them. Whatever escapes
// every handler here (an error, a rejection nobody caught: ours, as the page has no code here) fails the whole
// channel: the page hears it once, and its calls reject.
/**
 * @template {Side} Here
 * @template {Side} There
 * @param {(channel: Channel<Here, There>) => void} install
 * @returns {Channel<Here, There>}
 */
export function serve(install) {
  /** @type {Channel<Here, There>} */
  const channel = new Channel('worker', (msg, transfer) => self.postMessage(msg, transfer || []));
  channel.answerer = answerCall;
  self.onmessage = (e) => channel.receive(e.data);
  let told = false;
  /** @param {Event} e @param {*} why */
  const fatal = (e, why) => {
    e.preventDefault();
    if (told) return;
    told = true;
    channel.own({ t: 'fatal', error: errorText(why) });
  };
  self.addEventListener('error', (e) => fatal(e, e.error || e.message));
  self.addEventListener('unhandledrejection', (e) => fatal(e, e.reason));
  install(channel);
  return channel;
}

// Whether this code runs in a dedicated Worker (the engine's or the recorder's), not on a page.
export function inWorker() {
  return typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope;
}
