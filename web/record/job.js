// One recording, where it runs (the recorder's Worker, or the page's main thread): a Pond of its own on a canvas of
// the asked size, built from the school's parameters and hash (as school.trajectory() builds its run: the school on
// screen is never touched), stepped to each frame's step and drawn, each frame handed to the encoder. Nothing but
// the encoder's own backpressure paces it: as fast as the machine allows, and never a frame dropped.
import { errorText, STEP_HZ } from '../core/index.js';
import { openOutput, pickCodec } from './encode.js';
import { stepsAt } from './options.js';
import { createUnderlay } from './underlay.js';

/**
 * @typedef {import('../core/record_protocol.js').RecordJob} RecordJob
 * @typedef {import('../core/record_protocol.js').Recording} Recording
 */
/**
 * The C++ Pond as a recording drives it (src/web/bindings.cpp): attach() answers '' or why not; render() whether it
 * drew (false: the context was lost).
 * @typedef {object} Pond
 * @property {(selector: string, antialias: boolean) => string} attach
 * @property {(name: string, value: number) => unknown} set
 * @property {(hash: string) => {hasSeek: boolean, seekSeconds: number}} applyHash
 * @property {() => void} begin
 * @property {(n: number) => void} step
 * @property {(cssWidth: number, cssHeight: number, pixelWidth: number, pixelHeight: number, dpr: number) => void}
 *   setViewport
 * @property {(seconds: number) => boolean} render
 * @property {() => void} release
 * @property {() => void} delete Embind's: the C++ object freed
 */
/**
 * What a recording uses of the engine's wasm module (core/module.js loadModule): its Pond, the canvases Pond::attach
 * finds by selector (a Worker has no document), and the context it made (src/web/glue_post.js).
 * @typedef {object} EngineModule
 * @property {new () => Pond} Pond
 * @property {Object<string, HTMLCanvasElement | OffscreenCanvas>} specialHTMLTargets
 * @property {() => WebGL2RenderingContext} [currentGL]
 */

const YIELD_MS = 50; // a task boundary this often, so an abort (a message, or the page's click) gets in
const SEEK_CHUNK = 600; // steps a slice of the seek to `from.time`

let jobs = 0;

// Resolves to {buffer, mime, codec}; rejects with why. `progress(done, total)`; `aborted()` is checked every frame and
// returns the reason to reject with (or null).
/**
 * @param {EngineModule} M @param {RecordJob} job @param {(done: number, total: number) => void} progress
 * @param {() => Error | null} aborted
 * @returns {Promise<Recording>}
 */
export async function runJob(M, job, progress, aborted) {
  const codec = await pickCodec(job);
  const canvas = makeCanvas(job.width, job.height);
  const selector = '#mirofish-record-' + ++jobs;
  const targets = M.specialHTMLTargets;
  const pond = new M.Pond();
  targets[selector] = canvas;
  /** @type {import('./encode.js').Encoding | null} */
  let out = null,
    /** @type {ReturnType<typeof createUnderlay> | null} */
    underlay = null,
    /** @type {WebGL2RenderingContext | null} */
    gl = null;
  try {
    const error = pond.attach(selector, false);
    if (error) throw new Error('record(): ' + error);
    // The context Pond::attach made: main's glue hands it over (M.currentGL, since Firefox throws on a second
    // getContext() of a Worker's OffscreenCanvas); an older glue has only the canvas to ask.
    gl =
      typeof M.currentGL === 'function'
        ? M.currentGL()
        : /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
    const seek = configure(pond, job);
    for (let left = seek; left > 0; left -= SEEK_CHUNK) {
      // the seek to `from.time`, in slices an abort gets between
      const why = aborted();
      if (why) throw why;
      pond.step(Math.min(SEEK_CHUNK, left));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    pond.setViewport(job.width, job.height, job.width, job.height, 1);
    if (!job.alpha) underlay = createUnderlay(gl, job.background);
    out = await openOutput(job, codec);
    let at = 0,
      yielded = performance.now();
    for (let k = 0; k < job.frames; k++) {
      const why = aborted();
      if (why) throw why;
      const step = stepsAt(k, job.fps);
      pond.step(step - at);
      at = step;
      if (!pond.render((seek + step) / STEP_HZ))
        throw new Error('record(): the WebGL context was lost while recording');
      if (underlay) underlay.draw();
      // Taken in the same task as the drawing, before the canvas is presented (and its drawing buffer cleared).
      const frame = new VideoFrame(canvas, {
        timestamp: Math.round((k * 1e6) / job.fps),
        alpha: job.alpha ? 'keep' : 'discard',
      });
      await out.add(frame, k);
      progress(k + 1, job.frames);
      if (performance.now() - yielded > YIELD_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        yielded = performance.now();
      }
    }
    const why = aborted();
    if (why) throw why;
    const buffer = await out.finish();
    const mime = out.mime;
    out = null;
    return { buffer, mime, codec };
  } catch (e) {
    if (out) await out.cancel();
    throw e instanceof Error || (e && e.name === 'AbortError') ? e : new Error(errorText(e));
  } finally {
    if (underlay) underlay.release();
    pond.release();
    pond.delete();
    delete targets[selector];
    if (gl) {
      const lose = gl.getExtension('WEBGL_lose_context'); // the context back now, not at garbage collection
      if (lose) lose.loseContext();
    }
  }
}

// The page school's parameters (what the hash leaves out: colours, sizes), then the hash over them (as a page's own
// hash goes over its options), then the school at step 0. Returns the steps to take before frame 0 (the seek).
/** @param {Pond} pond @param {RecordJob} job @returns {number} */
function configure(pond, job) {
  const names = Object.keys(job.params);
  if (names.includes('maxFish')) pond.set('maxFish', job.params.maxFish); // a fish count is held to it
  for (const name of names) pond.set(name, job.params[name]);
  let seconds = 0;
  if (job.hash) {
    const r = pond.applyHash(job.hash);
    if (r.hasSeek) seconds = r.seekSeconds;
  }
  if (job.time !== null) seconds = job.time;
  pond.begin();
  return Math.round(seconds * STEP_HZ);
}

/** @param {number} width @param {number} height @returns {OffscreenCanvas | HTMLCanvasElement} */
function makeCanvas(width, height) {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}
