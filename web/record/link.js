// The page's side: one recorder Worker per page (started on the first record(), kept for the next), else the same
// recorder on the main thread: where a Worker cannot start (a script from another origin, a CSP) or cannot draw
// WebGL2 on an OffscreenCanvas. Either way it is the kernel's channel (core/channel.js) carrying the recorder's
// protocol (core/record_protocol.js), and the school on screen and its engine are never asked for anything.
import { localEnd, openLocal, openWorker } from '../core/index.js';
import { serveRecorder } from './serve.js';

/**
 * @typedef {import('../core/record_protocol.js').PageChannel} PageChannel
 * @typedef {import('../core/record_protocol.js').PageSide} PageSide
 * @typedef {import('../core/record_protocol.js').RecorderSide} RecorderSide
 */

/** @type {{worker: () => Worker | null}} */
let source = { worker: () => null };
/** @type {Promise<PageChannel | null> | null} */
let worker = null; // the Worker's channel, or null (the main thread then)
/** @type {PageChannel | null} */
let local = null; // the main thread's recorder

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
    /** @type {import('../core/channel_ends.js').WorkerStart<PageSide, RecorderSide>} */
    const start = { make: source.worker, what: 'the recorder', hello: { t: 'hello' } };
    worker = openWorker(start).then((opened) => opened && opened.channel);
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
 * @param {PageChannel} channel
 * @param {import('../core/record_protocol.js').RecordJob} job
 * @param {((done: number, total: number) => void) | undefined} onProgress
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<Blob>}
 */
function send(channel, job, onProgress, signal) {
  return channel
    .call({ t: 'record', job }, { progress: onProgress, signal })
    .then((made) => new Blob([made.buffer], { type: made.mime }));
}

function openMain() {
  if (!local) local = openLocal(localEnd(serveRecorder));
  return local;
}
