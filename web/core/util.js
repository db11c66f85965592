// What both sides of the JS share (the page's host and the engine, in a Worker or on the main thread): the one
// console voice, value descriptions, and a listener recorder. The version and the step rate come from the constants
// table (constants.js), the value names of named options from the parameter table (C++ kParamValues).

export const PASSIVE = { passive: true };

/** @param {string} message */
export function warn(message) {
  console.warn('MiroFish: ' + message);
}

// What a page's owner may want to know, though nothing is wrong (the main thread took over from a refused Worker).
/** @param {string} message */
export function note(message) {
  console.info('MiroFish: ' + message);
}

/** @param {*} e @returns {string} */
export function errorText(e) {
  return e && e.message ? e.message : String(e);
}

/** @param {*} value @returns {string} */
export function describe(value) {
  try {
    const s = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return s.length > 60 ? s.slice(0, 57) + '...' : s;
  } catch (e) {
    return typeof value;
  }
}

/** @param {*} value @returns {boolean} */
export function truthy(value) {
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    return !(s === 'false' || s === '0' || s === 'no' || s === 'off');
  }
  return !!value;
}

// Every listener a part adds goes through here, so teardown can take each one back.
export function createListeners() {
  /** @type {[EventTarget, string, EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?][]} */
  const list = [];
  return {
    /**
     * @param {EventTarget} target @param {string} type @param {EventListenerOrEventListenerObject} fn
     * @param {boolean | AddEventListenerOptions} [opts]
     */
    on(target, type, fn, opts) {
      target.addEventListener(type, fn, opts);
      list.push([target, type, fn, opts]);
    },
    clear() {
      for (const [target, type, fn, opts] of list) target.removeEventListener(type, fn, opts);
      list.length = 0;
    },
  };
}

// The parameter table row for a name or hash key (the table comes from C++: the engine's `ready` message).
/** @param {*[]} table the parameter table's rows @param {string} name @returns {*} the row, or null */
export function findInfo(table, name) {
  return table.find((p) => p.name === name) || table.find((p) => p.key === name) || null;
}
