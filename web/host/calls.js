// A school's calls to its engine that the page awaits (set, step, stateHash, form, release, trajectory, the test
// hooks): each goes with a seq, and the engine's one `reply` with that seq settles it. Never rejects for what the
// page passes (handle.js sends plain values only); a trajectory over the limits rejects with the engine's RangeError.
import { errorText, warn } from '../core/index.js';
import { settleFailed } from './heal.js';

/**
 * @typedef {{resolve: (v: *) => void, reject: (e: Error) => void, progress?: (done: number, total: number) => void,
 *   t: string}} Pending
 */

export class Calls {
  /** @param {import('../core/protocol.js').PostFromSchool} post */
  constructor(post) {
    this.post = post;
    this.seq = 0;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
  }

  // `progress(done, total)`, if a function, hears a long step() or trajectory() after each chunk. `closed`: the
  // school is gone (undefined at once) or failed (the cause: the method's failure value at once).
  /**
   * @param {import('../core/protocol.js').Call} msg
   * @param {*} progress
   * @param {{destroyed: boolean, failed: string | null}} school
   */
  ask(msg, progress, school) {
    return new Promise((resolve, reject) => {
      if (school.destroyed) {
        resolve(undefined);
        return;
      }
      if (school.failed) {
        settleFailed({ t: msg.t, resolve, reject }, school.failed);
        return;
      }
      msg.seq = ++this.seq;
      msg.progress = typeof progress === 'function';
      this.pending.set(msg.seq, { resolve, reject, progress, t: msg.t });
      try {
        this.post(msg);
      } catch (e) {
        this.pending.delete(msg.seq);
        warn('the school could not be asked (' + errorText(e) + ')');
        resolve(undefined);
      }
    });
  }

  /** @param {import('../core/protocol.js').Progress} msg */
  progress(msg) {
    const pending = this.pending.get(msg.seq);
    if (pending) pending.progress(msg.done, msg.total);
  }

  /** @param {import('../core/protocol.js').Reply} msg */
  reply(msg) {
    const pending = this.pending.get(msg.seq);
    if (!pending) return;
    this.pending.delete(msg.seq);
    if (msg.error) pending.reject(msg.range ? new RangeError(msg.error) : new Error(msg.error));
    else pending.resolve(msg.value);
  }

  // Every call still waiting, settled now: the school went (undefined) or failed (each method's failure value).
  /** @param {string} [cause] a failure's */
  settleAll(cause) {
    const pending = Array.from(this.pending.values());
    this.pending.clear();
    for (const p of pending) {
      if (cause) settleFailed(p, cause);
      else p.resolve(undefined);
    }
  }
}
