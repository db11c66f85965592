// One school for a whole site (docs/hosting.md#one-school-across-pages): when the visitor goes on to another page of
// this origin in the same tab, that page's school is this one, where it was. The engine writes the school's snapshot
// (C++ School::writeSnapshot) when the visitor is about to leave: a pointer over or on a link of this origin, a link
// focused, beforeunload. The newest is kept here and pagehide puts it in sessionStorage, which the next page's school
// reads once (carried). The auto-mount's school also leaves a picture of itself taken with its snapshot, which the next
// page's loader shows from its first paint until the school's first frame (loader/picture.js).
// Nothing is written while the visitor stays on the page.
import { CARRY_FRESH_MS, CARRY_KEY, createListeners, STILL_KEY, truthy } from '../core/index.js';

/**
 * The auto-mount's: its tag's data-* as the loader read them (the next page's loader shows the picture only under the
 * same tag) and the picture the loader put over its canvas (the page before's school, or the poster; null: none).
 * @typedef {{tag: string, over: HTMLElement | null}} Auto
 */

/** @param {import('../mirofish').MiroFishOptions} options @returns {boolean} the `continue` option (on unless off) */
export function carries(options) {
  const asked = /** @type {Object<string, unknown>} */ (options).continue;
  return asked === undefined || truthy(asked);
}

/**
 * What the page before left for school `id`, taken (it is read once); null for none, an old one, or a reload (the
 * visitor asked for the page again), and where storage is refused. A link's own hash wins over it in the engine.
 * @param {number} id @returns {{bytes: Uint8Array, paused: boolean} | null}
 */
export function carried(id) {
  let text;
  try {
    text = sessionStorage.getItem(CARRY_KEY + id);
    if (text !== null) sessionStorage.removeItem(CARRY_KEY + id);
    sessionStorage.removeItem(STILL_KEY); // shown by the loader, or not to be: a later page must not show it
  } catch (e) {
    return null; // a sandboxed frame, a privacy setting: every page starts from its seed
  }
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  if (!text || (nav && nav.type === 'reload')) return null;
  const [time, paused, base64] = text.split(',');
  if (!(Date.now() - Number(time) < CARRY_FRESH_MS)) return null;
  let bytes = new Uint8Array(0); // damaged text: the engine names it ("not a MiroFish snapshot")
  try {
    bytes = Uint8Array.from(atob(base64 || ''), (c) => c.charCodeAt(0));
  } catch (e) {}
  return { bytes, paused: paused === '1' };
}

/**
 * The schools that carry, a page's: each one's newest snapshot (base64) and, the auto-mount's, the last picture that
 * came, with the snapshot it was taken with and when they were asked for (base64 both; null: none yet).
 * @typedef {{kept: string, picture: string, at: number}} Shot
 * @typedef {{kept: string, shot: Shot | null, asking: boolean, auto: Auto | null}} Carrying
 * @type {Map<import('./school.js').HostSchool, Carrying>}
 */
const carrying = new Map();
/** @type {ReturnType<typeof createListeners> | null} one set of listeners for all of them */
let listeners = null;
let askedAt = -Infinity; // when the snapshots were last asked for
const RECENT_MS = 1000; // a visitor's intent this recent (a link pointed at, pressed, focused) is the way out

/**
 * Keeps school `h`'s newest snapshot while the visitor looks like leaving, and writes it on pagehide; dropCarried()
 * when it goes. The page's listeners are one set, whatever the number of schools.
 * @param {import('./school.js').HostSchool} h @param {Auto | null} auto the auto-mount's (api.js autoMount)
 */
export function keepCarried(h, auto) {
  carrying.set(h, { kept: '', shot: null, asking: false, auto });
  if (listeners) return;
  listeners = createListeners();
  /** @param {Event} e */
  const onLink = (e) => {
    const a = /** @type {Element} */ (e.target).closest && /** @type {Element} */ (e.target).closest('a[href]');
    // a link of the document's origin (core/origin.js)
    if (a && /** @type {HTMLAnchorElement} */ (a).origin === self.origin) askAll(true);
  };
  const opts = { capture: true, passive: true };
  for (const type of ['pointerover', 'pointerdown', 'focusin']) listeners.on(document, type, onLink, opts);
  // Leaving without a link just before (a script's navigation, a form, a link focused long ago): the snapshot is asked
  // now, without a picture, which could not be encoded in time. After a link's, nothing more is asked on the way out:
  // the engine's work then would slow the next page's load.
  listeners.on(window, 'beforeunload', () => performance.now() - askedAt > RECENT_MS && askAll(false));
  listeners.on(window, 'pagehide', () => {
    const now = Date.now();
    for (const [h, c] of carrying) {
      try {
        // The newest snapshot, or the last one that came with its picture where that is as recent as an intent (a
        // press's picture still being encoded when the page goes): the next page shows what its school goes on from.
        const shot =
          c.auto && c.shot && (c.shot.kept === c.kept || performance.now() - c.shot.at < RECENT_MS) && c.shot;
        const kept = shot ? shot.kept : c.kept;
        if (kept) sessionStorage.setItem(CARRY_KEY + h.id, now + ',' + (h.flags.paused ? 1 : 0) + ',' + kept);
        if (shot && c.auto) sessionStorage.setItem(STILL_KEY, JSON.stringify([now, c.auto.tag, shot.picture]));
      } catch (e) {} // full or refused: the next page starts from its seed
    }
  });
}

// The picture the loader put over the auto-mount's canvas (loader/picture.js) goes at the school's first frame, which
// takes its place; a school that fails or goes first leaves it, as where no school comes.
/** @param {import('./school.js').HostSchool} h @param {HTMLElement | null} over */
export function pictureUntilDrawn(h, over) {
  if (!over) return;
  const look = () => {
    const st = h.snapshot.stats;
    if (h.life.destroyed || h.life.failed) return;
    if (st && st.frames > 0) over.remove();
    else requestAnimationFrame(look);
  };
  look();
}

/** @param {import('./school.js').HostSchool} h */
export function dropCarried(h) {
  carrying.delete(h);
  if (!carrying.size && listeners) {
    listeners.clear();
    listeners = null;
  }
}

// Each school's snapshot, asked for and kept as base64 when it comes (one round at a time a school). The auto-mount's
// engine draws the picture right after the snapshot and hands it to the `picture` call sent with it: the snapshot
// never waits for the picture's encoding, and a picture that comes late (or never: WebKit draws none on the way out)
// is simply not shown.
/** @param {boolean} picture the auto-mount's picture too */
function askAll(picture) {
  const at = (askedAt = performance.now());
  for (const [h, c] of carrying) {
    if (c.asking) continue;
    c.asking = true;
    const done = () => (c.asking = false);
    const snapshot = h
      .call({ t: 'carry', picture: picture && !!c.auto })
      .then((bytes) => (bytes ? (c.kept = toBase64(bytes)) : ''));
    if (!picture || !c.auto) {
      snapshot.then(done, done);
      continue;
    }
    Promise.all([snapshot, h.call({ t: 'picture' })])
      .then(([kept, picture]) => {
        if (kept && picture) c.shot = { kept, picture: toBase64(picture), at };
      })
      .then(done, done);
  }
}

// In slices: fromCharCode takes at most ~65 000 arguments in some engines, and 1 000 fish are 147 KB. (integrity.js
// encodes a 48-byte digest in one call: a shared helper would cost the loader, on the page's critical path, 37 bytes.)
/** @param {Uint8Array} bytes @returns {string} */
function toBase64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 0x8000)));
  }
  return btoa(s);
}
