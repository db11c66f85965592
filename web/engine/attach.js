// A school's start on its canvas, in two parts so that the page's main thread can run them a task apart: the C++
// Pond attached to the canvas (its GL context and the renderers' programs), then the school (school.js) and its first
// frame, with its commands (commands.js) under its guard (guard.js). serve.js holds what this returns.
import { errorText } from '../core/index.js';
import { command } from './commands.js';
import { giveBack } from './context.js';
import { guard } from './guard.js';
import { EngineSchool } from './school.js';

/** @typedef {import('../core/protocol.js').PostToHost} PostToHost */
/** @typedef {import('./wasm.js').EngineModule} EngineModule */
/** @typedef {import('../core/protocol.js').Ready['table']} Table */
/** @typedef {OffscreenCanvas | HTMLCanvasElement} Canvas */
/**
 * A school attached to its canvas: start() makes the school and its first frame, cancel() gives all of it back.
 * @typedef {{start: (table: Table, channel: import('../core/protocol.js').EngineChannel) =>
 *   ReturnType<typeof startEngineSchool>, cancel: () => void}} Attached
 */

// `init`: {id, canvas, options, ours (our part of the hash), box, flags, view, antialias, once (a <miro-fish>)}.
// In two parts, so that the page's main thread can run them a task apart: the GL context and the renderers' programs
// here, then the school and its first frame in start(table, channel) (the engine's end of the channel to the host),
// which returns the school. Returns {error} without WebGL2.
/**
 * @param {EngineModule} M @param {import('../core/protocol.js').Mount} init
 * @param {EngineModule['specialHTMLTargets']} targets
 * @returns {Attached | {error: string}}
 */
export function attachEngineSchool(M, init, targets) {
  const selector = '#mirofish-engine-' + init.id;
  const pond = new M.Pond();
  targets[selector] = init.canvas; // Emscripten's GL finds the canvas by selector: a worker has no document
  let error = '';
  try {
    error = pond.attach(selector, init.antialias === true);
  } catch (e) {
    error = 'WebGL2 could not start (' + errorText(e) + ')';
  }
  if (error) {
    delete targets[selector];
    pond.delete();
    return { error };
  }
  const gl = M.currentGL(); // the context C++ made on this canvas (never getContext() again: Firefox throws)
  return {
    start: (/** @type {Table} */ table, /** @type {import('../core/protocol.js').EngineChannel} */ channel) =>
      startEngineSchool(M, table, init, channel, targets, selector, pond, gl),
    cancel: () => {
      delete targets[selector];
      try {
        pond.release();
      } finally {
        pond.delete();
      }
      giveBack(gl);
    },
  };
}

/**
 * @param {EngineModule} M @param {Table} table @param {import('../core/protocol.js').Mount} init
 * @param {import('../core/protocol.js').EngineChannel} channel @param {EngineModule['specialHTMLTargets']} targets
 * @param {string} selector @param {import('./wasm.js').Pond} pond @param {WebGL2RenderingContext} gl
 */
function startEngineSchool(M, table, init, channel, targets, selector, pond, gl) {
  /** @type {PostToHost} */
  const out = (msg, transfer) => channel.send(msg, transfer);
  const attach = (/** @type {Canvas} */ canvas) => {
    targets[selector] = canvas;
    return pond.attach(selector, init.antialias === true);
  };
  const s = new EngineSchool(M, table, init, out, pond, gl, attach);
  s.start(init);
  /** @param {Parameters<typeof command>[1]} msg @param {import('../core/channel.js').CallContext} [ctx] */
  const handle = (msg, ctx) => command(s, msg, ctx);
  return {
    school: s,
    handle: (/** @type {Parameters<typeof handle>[0]} */ msg, /** @type {Parameters<typeof handle>[1]} */ ctx) =>
      guard(s, handle, null, msg, ctx), // every command under the school's guard (guard.js)
    destroy: () => {
      s.destroy();
      delete targets[selector];
    },
  };
}
