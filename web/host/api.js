// The page-facing API: mount(), the script-tag auto-mount, MiroFish.table(), and the classic script's one global.
import { afterPageSettled, describe, errorText, findInfo, resolveTarget, VERSION, warn } from '../core/index.js';
import { openTable, paramTable } from './engine_link.js';
import { MiroFishSchool } from './handle.js';
import { chooseThread, defaultThread, mountSchool } from './mount.js';

let current = null;
let ready = Promise.resolve(null);
const schools = new Set(); // live handles, in mount order (MiroFish.all)

// Resolves to the school's handle, or to null (with one warning saying why, or silently when `signal` aborted it).
// It never rejects, in any environment (server rendering included).
export function mount(target, options) {
  return mountWith(target, options);
}

// mount(), and the canvas the classic loader put in the page for the auto-mount (mount.js mountSchool).
/** @param {HTMLCanvasElement} [early] */
function mountWith(target, options, early) {
  let opts = options;
  if (opts === undefined || opts === null) opts = {};
  if (typeof opts !== 'object') {
    warn('mount options must be an object, not ' + describe(opts) + '; using defaults');
    opts = {};
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
        .then(() => mountSchool(where.element, opts, thread, early))
        .then((r) => {
          if (!r.h) return null;
          const h = r.h;
          // Aborting later destroys the school (a route that unmounts after the fish arrive); destroying first lets go
          // of the signal.
          let handle = null;
          const onAbort = () => handle && handle.destroy();
          const destroy = () => {
            h.teardown(true);
            schools.delete(handle);
            if (current === handle) current = null;
            if (signal) signal.removeEventListener('abort', onAbort);
          };
          handle = new MiroFishSchool(h, destroy);
          h.destroy = () => handle.destroy();
          schools.add(handle);
          if (aborted()) {
            handle.destroy();
            return null;
          }
          if (signal) signal.addEventListener('abort', onAbort);
          return handle;
        });
    })
    .catch((e) => {
      warn('mount failed (' + errorText(e) + ')');
      return null;
    });
}

// The parameter table (name, key, unit, def, min, max, integer, group, help, inHash), straight from C++.
export function table() {
  if (typeof document === 'undefined') return Promise.resolve([]);
  const known = paramTable();
  const got = known ? Promise.resolve(known) : openTable(chooseThread({}, defaultThread()));
  return got.then(
    (t) => (t ? t.map((x) => Object.assign({}, x)) : []),
    () => [],
  );
}

export const version = VERSION;

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
// the canvas the loader put in the page for it (loader.js); it goes again where no school comes.
/** @param {HTMLCanvasElement | null} [early] */
export function autoMount(script, early) {
  const options = {};
  for (const name of Object.keys(script.dataset)) options[name] = script.dataset[name];
  const ours = /mirofish[^/]*\.js([?#]|$)/i.test(script.src || '');
  const asked = 'auto' in options;
  delete options.auto;
  const start = () => {
    // A page that uses <miro-fish> gets its schools from the elements: no page background unless the tag itself
    // carries options (data-fish, data-seed, ...).
    const elements = document.querySelector('miro-fish') !== null;
    const own = Object.keys(options);
    if (elements && !own.length) return Promise.resolve(null);
    const go = () => mountWith(undefined, options, early || undefined);
    if (ours) return go();
    if (!asked && !own.length) return Promise.resolve(null); // an app's own tag: no engine fetched to find out
    return table().then((t) => (asked || own.some((name) => findInfo(t, name)) ? go() : null));
  };
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
