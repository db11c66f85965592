// The page-facing API: MiroFish.mount(), the script-tag auto-mount, and the one global, window.MiroFish.

let current = null;

// Resolves to the school's handle, or to null (with one warning saying why, or silently when `signal` aborted it).
function mount(target, options) {
  let opts = options;
  if (opts === undefined || opts === null) opts = {};
  if (typeof opts !== 'object') {
    warn('mount options must be an object, not ' + describe(opts) + '; using defaults');
    opts = {};
  }
  const signal = opts.signal && typeof opts.signal.aborted === 'boolean' ? opts.signal : null;
  const aborted = () => !!(signal && signal.aborted);
  return Promise.resolve().then(() => {
    if (aborted()) return null;
    const where = resolveTarget(target);
    if (!where.ok) return null;
    return loadModule().then((M) => {
      if (!M || aborted()) return null;
      if (!where.element && !document.body) {
        warn('mount() needs document.body; call it after the page has loaded');
        return null;
      }
      // Aborting later destroys the school (a route that unmounts after the fish arrive); destroying first lets go of
      // the signal.
      let handle = null;
      const onAbort = () => handle && handle.destroy();
      try {
        handle = createPond(M, where.element, opts, () => signal && signal.removeEventListener('abort', onAbort));
      } catch (e) {
        warn('mount failed (' + errorText(e) + ')');
        return null;
      }
      if (handle && signal) signal.addEventListener('abort', onAbort);
      return handle;
    });
  });
}

// The classic script mounts behind the page from its own tag: data-* are the options. Only its own tag: bundled into
// an app, currentScript is the app's tag, which neither looks like mirofish.js nor carries one of our options.
function autoMount(script) {
  const options = {};
  for (const name of Object.keys(script.dataset)) options[name] = script.dataset[name];
  const ours = /mirofish[^/]*\.js([?#]|$)/i.test(script.src || '');
  const start = () => loadModule().then((M) => {
    if (!M) return null;
    if (!ours && !Object.keys(options).some((name) => name === 'auto' || findInfo(name))) return null;
    delete options.auto;
    return mount(undefined, options);
  }).then((h) => {
    if (h && !current) current = h;
    return h;
  });
  if (document.readyState === 'loading') {
    return new Promise((resolve) => {
      document.addEventListener('DOMContentLoaded', () => resolve(start()), { once: true });
    });
  }
  return start();
}

let ready = Promise.resolve(null);
const api = Object.freeze({
  version: VERSION,
  mount,
  get current() { return current; },
  get ready() { return ready; },
  // Every live school on the page, in mount order.
  get all() { return Array.from(schools); },
  // The parameter table (name, key, unit, def, min, max, integer, group, help, inHash), straight from C++.
  table() {
    return loadModule().then(() => (table ? table.map((x) => Object.assign({}, x)) : []));
  },
});

// The classic script's one global, and its auto-mount (data-auto="false" turns it off).
function installGlobal() {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (window.MiroFish) {
    warn('mirofish.js was included twice; the second copy does nothing');
    return;
  }
  Object.defineProperty(window, 'MiroFish', { value: api, configurable: true, writable: false });
  const script = mirofishScript;
  if (script && script.dataset && truthy(script.dataset.auto === undefined ? true : script.dataset.auto)) {
    ready = autoMount(script);
  }
}

defineElement();
if (classic) installGlobal();
return api;
})  // closes the function opened in prologue.js; the file made from this calls it (see src/web/CMakeLists.txt)
