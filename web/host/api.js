// The page-facing API: mount(), the script-tag auto-mount, MiroFish.table(), and the classic script's one global.
import { afterPageSettled, describe, errorText, findInfo, resolveTarget, VERSION, warn } from '../core/index.js';
import { openTable, paramTable } from './engine_link.js';
import { MiroFishSchool } from './handle.js';
import { chooseThread, defaultThread, mountSchool } from './mount.js';

/**
 * @typedef {import('../mirofish').MiroFishGlobal} MiroFishGlobal
 * @typedef {import('../mirofish').MiroFishOptions} MiroFishOptions
 * @typedef {import('../mirofish').MiroFishParamInfo} MiroFishParamInfo
 */

/** @type {MiroFishSchool | null} */
let current = null;
/** @type {Promise<MiroFishSchool | null>} */
let ready = Promise.resolve(null);
/** @type {Set<MiroFishSchool>} */
const schools = new Set(); // live handles, in mount order (MiroFish.all)

// Resolves to the school's handle, or to null (with one warning saying why, or silently when `signal` aborted it).
// It never rejects, in any environment (server rendering included). Its arguments are checked, not trusted.
/** @type {MiroFishGlobal['mount']} */
export function mount(target, options) {
  return mountWith(target, options);
}

// mount(), and the canvas the classic loader put in the page for the auto-mount (mount.js mountSchool).
/**
 * @param {unknown} target @param {unknown} options
 * @param {import('./mount.js').Early} [early]
 * @returns {Promise<MiroFishSchool | null>}
 */
function mountWith(target, options, early) {
  /** @type {MiroFishOptions} */
  let opts = {};
  if (typeof options === 'object' && options !== null) opts = options;
  else if (options !== undefined && options !== null) {
    warn('mount options must be an object, not ' + describe(options) + '; using defaults');
  }
  const signal = opts.signal && typeof opts.signal.aborted === 'boolean' ? opts.signal : null;
  const aborted = () => !!(signal && signal.aborted);
  return Promise.resolve()
    .then(() => {
      if (aborted()) return null;
      if (typeof document === 'undefined' || typeof window === 'undefined') {
        warn('mount() needs a page (window and document); nothing mounted');
        return null;
      }
      const where = resolveTarget(target);
      if (!where.ok) return null;
      if (!where.element && !document.body) {
        warn('mount() needs document.body; call it after the page has loaded');
        return null;
      }
      const thread = chooseThread(opts, defaultThread());
      return afterPageSettled()
        .then(() => mountSchool(/** @type {HTMLElement | null} */ (where.element), opts, thread, early))
        .then((r) => {
          if (!r.h) return null;
          const h = r.h;
          // Aborting later destroys the school (a route that unmounts after the fish arrive); destroying first lets go
          // of the signal.
          /** @type {MiroFishSchool | null} */
          let handle = null;
          const onAbort = () => handle && handle.destroy();
          const destroy = () => {
            h.teardown(true);
            if (handle) schools.delete(handle); // made by then: only the handle calls this
            if (current === handle) current = null;
            if (signal) signal.removeEventListener('abort', onAbort);
          };
          handle = new MiroFishSchool(h, destroy);
          h.heldBy(destroy); // what a canvas that left the page calls
          schools.add(handle);
          if (aborted()) {
            handle.destroy();
            return null;
          }
          if (signal) signal.addEventListener('abort', onAbort);
          return handle;
        });
    })
    .catch(
      /** @returns {null} */ (e) => {
        warn('mount failed (' + errorText(e) + ')');
        return null;
      },
    );
}

// The parameter table (name, key, unit, def, min, max, integer, group, help, inHash), straight from C++.
/** @returns {Promise<MiroFishParamInfo[]>} */
export function table() {
  if (typeof document === 'undefined') return Promise.resolve([]);
  const known = paramTable();
  const got = known ? Promise.resolve(known) : openTable(chooseThread({}, defaultThread()));
  return got.then(
    (t) => (t ? t.map((x) => Object.assign({}, x)) : []),
    /** @returns {MiroFishParamInfo[]} */ () => [],
  );
}

export const version = VERSION;

/** @type {MiroFishGlobal} */
export const api = Object.freeze({
  version: VERSION,
  mount,
  get current() {
    return current;
  },
  get ready() {
    return ready;
  },
  // Every live school on the page, in mount order.
  get all() {
    return Array.from(schools);
  },
  table,
});

// The classic script mounts behind the page from its own tag (mirofish.js, web/entry/mirofish.js, hands it over with
// data-auto not false): data-* are the options. Only its own tag: bundled into an app, currentScript is the app's
// tag, which neither looks like mirofish.js nor carries one of our options. MiroFish.ready is this Promise. `early`:
// the canvas the loader put in the page for it (loader.js); it goes again where no school comes. `over`: the picture
// over it until the school's first frame (loader/picture.js), which stays where no school comes.
/**
 * @param {HTMLScriptElement} script the loader's tag @param {HTMLCanvasElement | null} [early]
 * @param {HTMLElement | null} [over]
 * @returns {Promise<MiroFishSchool | null>}
 */
export function autoMount(script, early, over) {
  /** @type {Object<string, string | undefined>} the tag's data-*, each an option as the page wrote it */
  const options = Object.assign({}, script.dataset);
  const ours = /mirofish[^/]*\.js([?#]|$)/i.test(script.src || '');
  const asked = 'auto' in options;
  delete options.auto;
  const start = () => {
    // A page that uses <miro-fish> gets its schools from the elements: no page background unless the tag itself
    // carries options (data-fish, data-seed, ...).
    const elements = document.querySelector('miro-fish') !== null;
    const own = Object.keys(options);
    if (elements && !own.length) return Promise.resolve(null);
    // the tag as the loader reads it for the next page's picture: its data-*, poster and reducedMotion taken off
    const auto = { tag: JSON.stringify(script.dataset), over: over || null };
    const go = () => mountWith(undefined, options, early ? { canvas: early, auto } : undefined);
    if (ours) return go();
    if (!asked && !own.length) return Promise.resolve(null); // an app's own tag: no engine fetched to find out
    return table().then((t) => (asked || own.some((name) => findInfo(t, name)) ? go() : null));
  };
  /** @param {MiroFishSchool | null} h */
  const done = (h) => {
    if (h && !current) current = h;
    if (!h && early) early.remove();
    return h;
  };
  if (document.readyState === 'loading') {
    return new Promise((resolve) => {
      document.addEventListener('DOMContentLoaded', () => resolve(start().then(done)), { once: true });
    });
  }
  return start().then(done);
}
