// The page-facing API: MiroFish.mount(), the script-tag auto-mount, and the one global, window.MiroFish.

let current = null;

function mount(target, options) {
  return Promise.resolve().then(() => {
    const where = resolveTarget(target);
    if (!where.ok) return null;
    let opts = options;
    if (opts === undefined || opts === null) opts = {};
    if (typeof opts !== 'object') {
      warn('mount options must be an object, not ' + describe(opts) + '; using defaults');
      opts = {};
    }
    return loadModule().then((M) => {
      if (!M) return null;
      if (!where.element && !document.body) {
        warn('mount() needs document.body; call it after the page has loaded');
        return null;
      }
      try {
        return createPond(M, where.element, opts);
      } catch (e) {
        warn('mount failed (' + errorText(e) + ')');
        return null;
      }
    });
  });
}

function autoMount(script) {
  const options = {};
  for (const name of Object.keys(script.dataset)) options[name] = script.dataset[name];
  delete options.auto;
  const start = () => mount(undefined, options).then((h) => {
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

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  if (window.MiroFish) {
    warn('mirofish.js was included twice; the second copy does nothing');
  } else {
    let ready = Promise.resolve(null);
    const api = {
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
    };
    Object.defineProperty(window, 'MiroFish', { value: Object.freeze(api), configurable: true, writable: false });
    const script = mirofishScript;
    if (script && script.dataset && truthy(script.dataset.auto === undefined ? true : script.dataset.auto)) {
      ready = autoMount(script);
    }
  }
}

})();  // closes the function opened in prologue.js
