// One guard for everything the engine runs for a school (its commands, frames, long-work slices, snapshots, the
// mount's start): a throw there (a wasm trap, out of memory, a bug) would otherwise end the rAF chain or the reply
// silently, leaving the page's Promises pending and the fish frozen. The first throw stops that school for good and
// tells the host once ({t:'error'}); the host settles what waits and mounts the school again (host/heal.js).
import { errorText } from '../core/index.js';

/**
 * What the guard reads of a school.
 * @typedef {Pick<import('./school.js').EngineSchool, 'failOnce' | 'id' | 'life' | 'out' | 'stopFrames'>} Guarded
 */

// Runs fn.call(self, arg, arg2) for school `s`; nothing runs once the school has failed. No closure per call: a frame
// passes its bound function and its time, a command the school, the message and the call's context.
/** @param {Guarded} s @param {Function} fn @param {*} self @param {*} [arg] @param {*} [arg2] */
export function guard(s, fn, self, arg, arg2) {
  if (s.life.failed) return undefined;
  try {
    return fn.call(self, arg, arg2);
  } catch (e) {
    failed(s, e);
    return undefined;
  }
}

// `fn` for timers and rAF: made once (at the school's start), guarded on every call.
/** @param {Guarded} s @param {Function} fn @param {*} [self] @returns {(arg?: *) => *} */
export function guarded(s, fn, self) {
  return (arg) => guard(s, fn, self, arg);
}

// Stops every loop, slice and snapshot of the school (they all stop for a destroyed one) and says so once. What it
// holds (the pond, the context) goes when the host's `destroy` comes.
/** @param {Guarded} s @param {*} e */
export function failed(s, e) {
  if (!s.failOnce()) return;
  try {
    s.stopFrames();
  } catch (ignored) {
    // the loop's own state is all that is left to lose
  }
  s.out({ t: 'error', id: s.id, error: errorText(e) });
}
