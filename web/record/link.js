// The page's side: one recorder Worker per page (started on the first record(), kept for the next), else the same
// recorder on the main thread: where a Worker cannot start (a script from another origin, a CSP) or cannot draw
// WebGL2 on an OffscreenCanvas. Either way the school on screen and its engine are never asked for anything.
import { serveRecorder } from './serve.js';

const WORKER_START_MS = 15000;

let source = { worker: () => null };
let worker = null; // Promise of the Worker's port, or of null (the main thread then)
let local = null; // the main thread's recorder
let ids = 0;

// The entry says how to start the Worker (the classic file from its own src, the module by `new URL`).
export function setWorkerSource(s) {
  source = s;
}

// Runs `job`; resolves to a Blob. `onProgress(done, total)`; `signal` an AbortSignal (or undefined).
export function runRecording(job, onProgress, signal) {
  return openWorker().then((port) =>
    port
      ? send(port, job, onProgress, signal).catch((e) =>
          e.local ? send(openLocal(), job, onProgress, signal) : Promise.reject(e),
        )
      : send(openLocal(), job, onProgress, signal),
  );
}

function send(port, job, onProgress, signal) {
  const id = ++ids;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      port.post({ t: 'abort', id });
      finish();
      reject(signal.reason !== undefined ? signal.reason : new DOMException('record(): cancelled', 'AbortError'));
    };
    const finish = () => {
      port.forget(id);
      if (signal) signal.removeEventListener('abort', onAbort);
    };
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    port.listen(id, (msg) => {
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
      } else {
        const e = msg.name === 'AbortError' ? new DOMException(msg.error, 'AbortError') : new Error(msg.error);
        if (msg.local) e.local = true;
        reject(e);
      }
    });
    port.post({ t: 'record', id, job });
  });
}

// A port: post(msg), listen(id, fn), forget(id); messages from the recorder go to the listener of their id.
function makePort(thread, post) {
  const listeners = new Map();
  return {
    thread,
    post,
    listen: (id, fn) => listeners.set(id, fn),
    forget: (id) => listeners.delete(id),
    receive: (msg) => {
      if (listeners.has(msg.id)) listeners.get(msg.id)(msg);
    },
  };
}

function openWorker() {
  if (!worker) {
    worker = new Promise((resolve) => {
      let w = null;
      try {
        w = source.worker();
      } catch (e) {
        /* a CSP or an origin that forbids it */
      }
      if (!w) return resolve(null);
      const port = makePort('worker', (msg, transfer) => w.postMessage(msg, transfer || []));
      let said = false;
      const timer = setTimeout(() => give(null), WORKER_START_MS);
      const give = (p) => {
        clearTimeout(timer);
        if (said) return;
        said = true;
        if (!p) w.terminate();
        resolve(p);
      };
      w.onerror = (e) => {
        if (e && e.preventDefault) e.preventDefault();
        give(null);
      };
      w.onmessage = (e) => {
        if (e.data && e.data.t === 'hello') give(port);
        else port.receive(e.data);
      };
    });
  }
  return worker;
}

function openLocal() {
  if (!local) {
    let port = null;
    const receive = serveRecorder((msg) => queueMicrotask(() => port.receive(msg)));
    port = makePort('main', (msg) => queueMicrotask(() => receive(msg)));
    local = port;
  }
  return local;
}
