// The recorder's end of its channel: the same code in its dedicated Worker and on the page's main thread (the
// fallback). It loads the engine's wasm (its own copy: the page's engine is never asked) once, then runs one job at
// a time as the page's messages say, with progress, an abort, and the file's bytes moved back (not copied).
import { errorText, loadModule } from '../core/index.js';
import { runJob } from './job.js';

// `post(msg, transfer)` to the page; returns the function that takes the page's messages.
/**
 * @param {import('../core/record_protocol.js').PostToPage} post
 * @returns {(msg: import('../core/record_protocol.js').PageToRecorder) => void}
 */
export function serveRecorder(post) {
  const running = new Map(); // id -> {aborted: reason or null}
  return (msg) => {
    if (msg.t === 'abort') {
      const r = running.get(msg.id);
      if (r) r.aborted = abortError();
      return;
    }
    if (msg.t !== 'record') return;
    const r = { aborted: null };
    running.set(msg.id, r);
    const fail = (e) =>
      post({ t: 'error', id: msg.id, error: errorText(e), name: e && e.name, local: !!(e && e.local) });
    if (!canDraw()) {
      // the page runs it on its own thread instead
      const e = Object.assign(new Error('record(): WebGL2 does not run on an OffscreenCanvas here'), { local: true });
      running.delete(msg.id);
      fail(e);
      return;
    }
    loadModule(() => {})
      .then(({ M }) =>
        runJob(
          M,
          msg.job,
          (done, total) => post({ t: 'progress', id: msg.id, done, total }),
          () => r.aborted,
        ),
      )
      .then((v) => post({ t: 'done', id: msg.id, buffer: v.buffer, mime: v.mime, codec: v.codec }, [v.buffer]), fail)
      .finally(() => running.delete(msg.id));
  };
}

// In a Worker: WebGL2 on an OffscreenCanvas (what the whole recording needs there), probed once.
let drawable = null;
function canDraw() {
  if (drawable === null) {
    drawable = false;
    try {
      const gl = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('webgl2') : null;
      if (gl) {
        drawable = true;
        const lose = gl.getExtension('WEBGL_lose_context');
        if (lose) lose.loseContext();
      }
    } catch (e) {
      /* none */
    }
  }
  return drawable || typeof document !== 'undefined';
}

function abortError() {
  return typeof DOMException === 'function'
    ? new DOMException('record(): cancelled', 'AbortError')
    : Object.assign(new Error('record(): cancelled'), { name: 'AbortError' });
}

export function inWorker() {
  return typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope;
}

// In the recorder's dedicated Worker: the page's messages come to self.
export function serveWorker() {
  /** @type {import('../core/record_protocol.js').PostToPage} */
  const post = (msg, transfer) => self.postMessage(msg, transfer || []);
  const receive = serveRecorder(post);
  self.onmessage = (e) => receive(e.data);
  post({ t: 'hello' }); // the page's link waits for this before it sends a job
}
