// <miro-fish> (S-HOST-1): a school as an element. Its attributes are the options (`fish`, `seed`, `palette`,
// `sep-radius` or `sepradius`, `quality`, `layer`, ...). It mounts when connected, applies attribute changes with
// set(), and destroys itself when disconnected, so a framework may render, move and remove it freely: a move within
// one task keeps the school (the canvas and its GL context move with the element).
import { findInfo, truthy } from '../core/index.js';
import { openTable, paramTable } from './engine_link.js';
import { chooseThread, defaultThread } from './mount.js';

/**
 * A <miro-fish> (web/mirofish.d.ts MiroFishElement): its school once mounted, and what it keeps while connected: the
 * AbortController of its mount (a pending one, or the live school's) and the observer of its attributes.
 * @typedef {HTMLElement & {school?: import('../mirofish').MiroFishSchool | null, _abort?: AbortController | null,
 *   _observer?: MutationObserver | null}} FishElement
 * @typedef {import('../mirofish').MiroFishGlobal['mount']} Mount
 */

// The option an attribute names: a table name or hash key, case and dashes ignored; null for any other attribute.
/** @param {string} attr @returns {string | null} */
function attributeOption(attr) {
  const flat = attr.toLowerCase().replace(/-/g, '');
  if (['paused', 'hash', 'avoid', 'thread', 'continue'].includes(flat)) return flat;
  const info = (paramTable() || []).find((x) => x.name.toLowerCase() === flat || x.key === attr);
  return info ? info.name : null;
}

/** @param {Element} el @returns {Object<string, string>} each option as the attribute wrote it */
function elementOptions(el) {
  /** @type {Object<string, string>} */
  const options = {};
  for (const attr of Array.from(el.attributes)) {
    const name = attributeOption(attr.name);
    if (name) options[name] = attr.value;
  }
  return options;
}

// The parameter table first (attribute names map through it): from the engine this element will use.
/** @param {Element} el @returns {Promise<boolean>} */
function tableReady(el) {
  if (paramTable()) return Promise.resolve(true);
  // The engine its mount will use: one engine fetched, not two (a bad value is the mount's to warn about, once).
  const asked = String(el.getAttribute('thread')).trim().toLowerCase();
  const thread = asked === 'main' || asked === 'worker' || asked === 'auto' ? asked : undefined;
  return openTable(chooseThread({ thread }, defaultThread())).then((t) => !!t);
}

// What <miro-fish> does, as functions of the element: the ES module's class below calls them, and so does the classic
// loader's (web/entry/mirofish.js), which defines the element at once and hands it here once the host has loaded.
// `mount` comes from api.js (which the entries import).
/** @param {FishElement} el @param {Mount} mount */
export function connectElement(el, mount) {
  if (el._abort) return; // moved within one task: still mounted
  const abort = new AbortController();
  el._abort = abort;
  if (getComputedStyle(el).display === 'inline') el.style.display = 'block'; // an inline box has no size
  tableReady(el)
    .then((ok) => {
      if (!ok || abort.signal.aborted) return null;
      return mount(el, Object.assign(elementOptions(el), { signal: abort.signal }));
    })
    .then((school) => {
      if (!school || abort.signal.aborted) return;
      el.school = school;
      // `ready`, once the school is there (again after a reconnect): what a page does with it, a landing say, waits
      // for this, as MiroFish.ready is the tag's.
      el.dispatchEvent(new CustomEvent('ready', { detail: { school } }));
      el._observer = new MutationObserver((records) => {
        for (const r of records) if (r.attributeName) applyAttribute(el, r.attributeName); // each names one
      });
      el._observer.observe(el, { attributes: true });
    });
}

/** @param {FishElement} el */
export function disconnectElement(el) {
  // A framework that moves the element disconnects and reconnects it in one task: wait for the microtask.
  queueMicrotask(() => {
    if (el.isConnected || !el._abort) return;
    el._abort.abort(); // cancels a pending mount; destroys a live school (mount's signal)
    el._abort = null;
    if (el._observer) el._observer.disconnect();
    el._observer = null;
    el.school = null;
  });
}

/** @param {FishElement} el @param {string} attr */
function applyAttribute(el, attr) {
  const name = attributeOption(attr);
  if (!el.school || !name) return;
  const value = el.getAttribute(attr);
  if (name === 'paused') {
    if (value !== null && truthy(value)) el.school.pause();
    else el.school.resume();
    return;
  }
  if (name === 'hash' || name === 'thread' || name === 'continue') return; // read at mount
  if (name === 'avoid') {
    el.school.set('avoid', value || ''); // a removed attribute: nothing to avoid (avoid.js: null as '')
    return;
  }
  el.school.set(name, value === null ? findInfo(paramTable() || [], name).def : value); // removed: the default
}

/** @param {Mount} mount */
export function defineElement(mount) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined' || customElements.get('miro-fish')) {
    return;
  }
  customElements.define(
    'miro-fish',
    class MiroFishElement extends HTMLElement {
      connectedCallback() {
        connectElement(this, mount);
      }
      disconnectedCallback() {
        disconnectElement(this);
      }
    },
  );
}
