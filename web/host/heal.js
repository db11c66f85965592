// What the host does when a school's engine fails (docs/architecture.md "When the engine fails"): the engine's
// {t:'error'} for one school, a Worker's error or unreadable message, or its silence (the watchdog below). The school
// decides (HostSchool.fail): every pending call settles with its method's failure value (below), stats().state reads
// 'failed' with one warning naming the cause, and the school is mounted once more on a fresh main-thread engine from
// its last snapshot's hash and steps (below). A second failure leaves it 'failed', its canvas as last drawn.
import { warn } from '../core/index.js';
import { openEngine } from './engine_link.js';

export const SILENT_MS = 2000; // no message this long from a running, visible school (snapshots: every 250 ms): a ping
export const PING_MS = 2000; // ...which the engine answers at once from its message handler; none by then: failed

// A call's answer once its school failed, as its method documents (handle.js maps undefined to 0, '' and false).
/** @param {string} t the call's @param {string} cause @returns {Promise<undefined>} */
export function failedAnswer(t, cause) {
  return t === 'trajectory'
    ? Promise.reject(new Error('MiroFish: the engine failed (' + cause + ')'))
    : Promise.resolve(undefined);
}

// A school that failed the first time (HostSchool.fail), mounted once more on a fresh main-thread engine from its
// last snapshot: its remount(engine) resolves to the engine's `mounted` answer.
/** @param {Pick<import('./school.js').HostSchool, 'life' | 'remount' | 'remounted'>} h what it reads of its school */
export function remountOnMain(h) {
  openEngine('main')
    .then((engine) => (engine && !h.life.destroyed ? h.remount(engine) : null))
    .then((msg) => {
      if (!msg || h.life.destroyed) return;
      if (msg.error) {
        warn('the school could not be mounted again (' + msg.error + '); it stays stopped');
        return;
      }
      h.remounted();
    });
}

// The watchdog for a school whose engine may die without a word (a Worker the browser killed): only while the school
// animates where the page can see it; hidden, paused or still, no timer runs at all.
/**
 * @param {Pick<import('./school.js').HostSchool, 'flags' | 'life' | 'ping' | 'snapshot'>} h what it reads of its school
 * @param {(cause: string) => void} onSilent
 */
export function createWatch(h, onSilent) {
  let timer = 0,
    heard = 0,
    pinged = 0;
  const due = () => {
    const st = h.snapshot.stats,
      f = h.flags;
    return (
      !h.life.destroyed &&
      !h.life.failed &&
      !f.paused &&
      !f.hidden &&
      !f.offscreen &&
      !!st &&
      (st.state === 'running' || st.state === 'idle')
    );
  };
  /** @param {number} ms */
  const arm = (ms) => {
    if (!timer && due()) timer = setTimeout(check, ms);
  };
  const check = () => {
    timer = 0;
    if (!due()) return;
    const now = performance.now();
    if (pinged) {
      if (now - pinged >= PING_MS - 1) {
        onSilent('no answer from the engine for ' + Math.round((now - heard) / 1000) + ' s');
        return;
      }
      arm(PING_MS - (now - pinged));
    } else if (now - heard >= SILENT_MS - 1) {
      pinged = now;
      h.ping();
      arm(PING_MS);
    } else {
      arm(SILENT_MS - (now - heard));
    }
  };
  return {
    // Any message from the engine about this school (a snapshot, a reply, a pong), and the page showing it again.
    heard() {
      heard = performance.now();
      pinged = 0;
      arm(SILENT_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = 0;
      pinged = 0;
    },
  };
}
