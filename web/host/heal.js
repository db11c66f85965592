// What the host does when a school's engine fails (docs/architecture.md "When the engine fails"): the engine's
// {t:'error'} for one school, a Worker's error or unreadable message, or its silence (the watchdog below). Every
// pending call settles with its method's failure value, stats().state reads 'failed' with one warning naming the
// cause, and the school is mounted once more on a fresh main-thread engine from its last snapshot's hash and steps.
// A second failure leaves it 'failed', its canvas as last drawn.
import { warn } from '../core/index.js';
import { openEngine, retire } from './engine_link.js';

const SILENT_MS = 2000; // no message this long from a running, visible school (snapshots come every 250 ms): a ping
const PING_MS = 2000; // ...which the engine answers at once from its message handler; none by then: failed

// A call's answer once its school failed, as its method documents (handle.js maps undefined to 0, '' and false).
/** @param {string} t the call's @param {string} cause @returns {Promise<undefined>} */
export function failedAnswer(t, cause) {
  return t === 'trajectory'
    ? Promise.reject(new Error('MiroFish: the engine failed (' + cause + ')'))
    : Promise.resolve(undefined);
}

// `h` is the school's page side (school.js): its remount(engine) resolves to the engine's `mounted` message.
/** @param {import('./school.js').HostSchool} h @param {string} cause */
export function failSchool(h, cause) {
  if (h.destroyed || h.failed) return;
  h.failed = cause; // stats().state reads 'failed'; h.post sends nothing; calls settle at once (school.js call)
  h.watch.stop();
  const old = h.engine;
  h.leaveEngine();
  if (old.thread === 'main') retire(old); // a trapped wasm instance takes no new schools
  if (h.healed) {
    warn('the school failed again (' + cause + '); it stays stopped, as last drawn');
  } else {
    h.healed = true;
    warn('the school failed (' + cause + '); mounting it again on the main thread');
    openEngine('main')
      .then((engine) => (engine && !h.destroyed ? h.remount(engine) : null))
      .then((msg) => {
        if (!msg || h.destroyed) return;
        if (msg.error) {
          warn('the school could not be mounted again (' + msg.error + '); it stays stopped');
          return;
        }
        h.failed = null;
        h.afterRemount();
        h.watch.heard();
      });
  }
  h.endCalls({ failed: cause });
}

// The watchdog for a school whose engine may die without a word (a Worker the browser killed): only while the school
// animates where the page can see it; hidden, paused or still, no timer runs at all.
/** @param {import('./school.js').HostSchool} h @param {(cause: string) => void} onSilent */
export function createWatch(h, onSilent) {
  let timer = 0,
    heard = 0,
    pinged = 0;
  const due = () => {
    const st = h.snapshot.stats,
      f = h.flags;
    return (
      !h.destroyed &&
      !h.failed &&
      !f.paused &&
      !f.hidden &&
      !f.offscreen &&
      !!st &&
      (st.state === 'running' || st.state === 'idle')
    );
  };
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
