// The recorder's end of its channel: the same code in its dedicated Worker and on the page's main thread (the
// fallback). It loads the engine's wasm (its own copy: the page's engine is never asked) once, then runs one job at
// a time as the page's messages say, with progress, an abort, and the file's bytes moved back (not copied).
import { loadModule } from '../core/index.js';
import { runJob } from './job.js';

// The recorder's answers on `channel`: `hello` (it is up), and `record`, one job at a time as the page asks, with
// progress after each frame, the page's abort, and the file's bytes moved back.
/** @param {import('../core/record_protocol.js').RecorderChannel} channel */
export function serveRecorder(channel) {
  channel.handle({
    hello: () => true,
    record: (msg, ctx) => {
      if (!canDraw()) {
        // the page runs it on its own thread instead
        throw Object.assign(new Error('record(): WebGL2 does not run on an OffscreenCanvas here'), { local: true });
      }
      return loadModule(() => {})
        .then(({ M }) => runJob(M, msg.job, ctx.progress, () => (ctx.signal.aborted ? abortError() : null)))
        .then((v) => {
          ctx.transfer([v.buffer]);
          return { buffer: v.buffer, mime: v.mime, codec: v.codec };
        });
    },
  });
}

// In a Worker: WebGL2 on an OffscreenCanvas (what the whole recording needs there), probed once.
/** @type {boolean | null} */
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
