// One school for a whole site (docs/hosting.md#one-school-across-pages): when the visitor goes on to another page of
// this origin in the same tab, that page's school is this one, where it was. The engine writes the school's snapshot
// (C++ School::writeSnapshot) when the visitor is about to leave: a pointer over or on a link of this origin, a link
// focused, beforeunload. The newest is kept here and pagehide puts it in sessionStorage, which the next page's school
// reads once (carried). Nothing is written while the visitor stays on the page.
import { createListeners, truthy } from '../core/index.js';

const KEY = 'mirofish-school-'; // + the school's place among the page's schools (1, 2, ...)
const FRESH_MS = 30000; // an older snapshot is a visit from before: the visitor went elsewhere and came back

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
    text = sessionStorage.getItem(KEY + id);
    if (text !== null) sessionStorage.removeItem(KEY + id);
  } catch (e) {
    return null; // a sandboxed frame, a privacy setting: every page starts from its seed
  }
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  if (!text || (nav && nav.type === 'reload')) return null;
  const [time, paused, base64] = text.split(',');
  if (!(Date.now() - Number(time) < FRESH_MS)) return null;
  let bytes = new Uint8Array(0); // damaged text: the engine names it ("not a MiroFish snapshot")
  try {
    bytes = Uint8Array.from(atob(base64 || ''), (c) => c.charCodeAt(0));
  } catch (e) {}
  return { bytes, paused: paused === '1' };
}

/** @type {Map<import('./school.js').HostSchool, {kept: string, asking: boolean}>} the schools that carry, a page's */
const carrying = new Map();
/** @type {ReturnType<typeof createListeners> | null} one set of listeners for all of them */
let listeners = null;

/**
 * Keeps school `h`'s newest snapshot while the visitor looks like leaving, and writes it on pagehide; dropCarried()
 * when it goes. The page's listeners are one set, whatever the number of schools.
 * @param {import('./school.js').HostSchool} h
 */
export function keepCarried(h) {
  carrying.set(h, { kept: '', asking: false });
  if (listeners) return;
  listeners = createListeners();
  /** @param {Event} e */
  const onLink = (e) => {
    const a = /** @type {Element} */ (e.target).closest && /** @type {Element} */ (e.target).closest('a[href]');
    if (a && /** @type {HTMLAnchorElement} */ (a).origin === self.origin) askAll(); // the document's (core/origin.js)
  };
  const opts = { capture: true, passive: true };
  for (const type of ['pointerover', 'pointerdown', 'focusin']) listeners.on(document, type, onLink, opts);
  listeners.on(window, 'beforeunload', askAll);
  listeners.on(window, 'pagehide', () => {
    for (const [h, c] of carrying) {
      try {
        if (c.kept) sessionStorage.setItem(KEY + h.id, Date.now() + ',' + (h.flags.paused ? 1 : 0) + ',' + c.kept);
      } catch (e) {} // full or refused: the next page starts from its seed
    }
  });
}

/** @param {import('./school.js').HostSchool} h */
export function dropCarried(h) {
  carrying.delete(h);
  if (!carrying.size && listeners) {
    listeners.clear();
    listeners = null;
  }
}

// Each school's snapshot, asked for (one call at a time a school) and kept as base64 when it comes.
function askAll() {
  for (const [h, c] of carrying) {
    if (c.asking) continue;
    c.asking = true;
    h.call({ t: 'carry' }).then(
      (bytes) => {
        c.asking = false;
        if (bytes) c.kept = toBase64(bytes);
      },
      () => (c.asking = false),
    );
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
