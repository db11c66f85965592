// The page's side: one recorder Worker per page (started on the first record(), kept for the next), else the same
// recorder on the main thread: where a Worker cannot start (a script from another origin, a CSP) or cannot draw
// WebGL2 on an OffscreenCanvas. Either way it is the kernel's channel (core/channel.js) carrying the recorder's
// protocol (core/record_protocol.js), and the school on screen and its engine are never asked for anything.
import { openLocal, openWorker } from '../core/index.js';
import { serveRecorder } from './serve.js';

/**
 * @typedef {import('../core/record_protocol.js').RecorderToPage} RecorderToPage
 * @typedef {import('../core/record_protocol.js').PageToRecorder} PageToRecorder
 * @typedef {import('../core/channel.js').Channel<RecorderToPage, PageToRecorder>} RecorderChannel
 */

let source = { worker: () => null };
/** @type {Promise<RecorderChannel | null> | null} */
let worker = null; // the Worker's channel, or null (the main thread then)
/** @type {RecorderChannel | null} */
let local = null; // the main thread's recorder
let ids = 0;

// The entry says how to start the Worker (the classic file from its own src, the module by `new URL`).
/** @param {{worker: () => Worker | null}} s */
export function setWorkerSource(s) {
  source = s;
}

// Runs `job`; resolves to a Blob. `onProgress(done, total)`; `signal` an AbortSignal (or undefined). `thread`: the
// school's engine's: a school on the main thread (its `thread: 'main'`, a Worker refused) records there too, trying
// no Worker (docs/recording.md).
/**
 * @param {import('../core/record_protocol.js').RecordJob} job
 * @param {((done: number, total: number) => void) | undefined} onProgress
 * @param {AbortSignal | undefined} signal
 * @param {'worker' | 'main'} [thread]
 * @returns {Promise<Blob>}
 */
export function runRecording(job, onProgress, signal, thread) {
  if (thread === 'main') return send(openMain(), job, onProgress, signal);
  if (!worker) {
    worker = openWorker({
      make: source.worker,
      what: 'the recorder',
      ready: (/** @type {RecorderToPage} */ msg) => msg.t === 'hello', // the Worker's first word
    });
  }
  return worker.then((channel) =>
    channel && !channel.dead
      ? send(channel, job, onProgress, signal).catch((e) =>
          e.local ? send(openMain(), job, onProgress, signal) : Promise.reject(e),
        )
      : send(openMain(), job, onProgress, signal),
  );
}

/**
 * @param {RecorderChannel} channel
 * @param {import('../core/record_protocol.js').RecordJob} job
 * @param {((done: number, total: number) => void) | undefined} onProgress
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<Blob>}
 */
function send(channel, job, onProgress, signal) {
  const id = ++ids;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      channel.post({ t: 'abort', id });
      finish();
      reject(signal.reason !== undefined ? signal.reason : new DOMException('record(): cancelled', 'AbortError'));
    };
    const finish = () => {
      channel.forget(id);
      if (signal) signal.removeEventListener('abort', onAbort);
    };
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    channel.listen(id, (msg) => {
      if (msg.t === 'progress') {
        if (onProgress) {
          try {
            onProgress(msg.done, msg.total);
          } catch (e) {
            /* the page's callback: its error is its own */
          }
        }
        return;
      }
      finish();
      if (msg.t === 'done') {
        resolve(new Blob([msg.buffer], { type: msg.mime }));
      } else if (msg.t === 'error') {
        // a RecordError, or the channel's own failure (the Worker stopped)
        const said = /** @type {import('../core/record_protocol.js').RecordError} */ (msg);
        const e = said.name === 'AbortError' ? new DOMException(said.error, 'AbortError') : new Error(said.error);
        if (said.local) Object.assign(e, { local: true });
        reject(e);
      }
    });
    channel.post({ t: 'record', id, job });
  });
}

function openMain() {
  if (!local) local = openLocal(serveRecorder);
  return local;
}
