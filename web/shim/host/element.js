// <miro-fish> (S-HOST-1): a school as an element. Its attributes are the options (`fish`, `seed`, `palette`,
// `sep-radius` or `sepradius`, `quality`, `layer`, ...). It mounts when connected, applies attribute changes with
// set(), and destroys itself when disconnected, so a framework may render, move and remove it freely: a move within
// one task keeps the school (the canvas and its GL context move with the element).
import { findInfo, truthy } from '../util.js';
import { openTable, paramTable } from './engine_link.js';
import { chooseThread, defaultThread } from './mount.js';

// The option an attribute names: a table name or hash key, case and dashes ignored; null for any other attribute.
function attributeOption(attr) {
  const flat = attr.toLowerCase().replace(/-/g, '');
  if (flat === 'paused' || flat === 'hash' || flat === 'avoid' || flat === 'thread') return flat;
  const info = paramTable().find((x) => x.name.toLowerCase() === flat || x.key === attr);
  return info ? info.name : null;
}

function elementOptions(el) {
  const options = {};
  for (const attr of Array.from(el.attributes)) {
    const name = attributeOption(attr.name);
    if (name) options[name] = attr.value;
  }
  return options;
}

// The parameter table first (attribute names map through it): from the engine this element will use.
function tableReady(el) {
  if (paramTable()) return Promise.resolve(true);
  // The engine its mount will use: one engine fetched, not two (a bad value is the mount's to warn about, once).
  const asked = String(el.getAttribute('thread')).trim().toLowerCase();
  const thread = asked === 'main' || asked === 'worker' || asked === 'auto' ? asked : undefined;
  return openTable(chooseThread({ thread }, defaultThread())).then((t) => !!t);
}

// `mount` comes from api.js (which imports this file).
export function defineElement(mount) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined' || customElements.get('miro-fish')) {
    return;
  }
  class MiroFishElement extends HTMLElement {
    connectedCallback() {
      if (this._abort) return;  // moved within one task: still mounted
      const abort = new AbortController();
      this._abort = abort;
      if (getComputedStyle(this).display === 'inline') this.style.display = 'block';  // an inline box has no size
      tableReady(this).then((ok) => {
        if (!ok || abort.signal.aborted) return null;
        return mount(this, Object.assign(elementOptions(this), { signal: abort.signal }));
      }).then((school) => {
        if (!school || abort.signal.aborted) return;
        this.school = school;
        this._observer = new MutationObserver((records) => {
          for (const r of records) this._apply(r.attributeName);
        });
        this._observer.observe(this, { attributes: true });
      });
    }
    disconnectedCallback() {
      // A framework that moves the element disconnects and reconnects it in one task: wait for the microtask.
      queueMicrotask(() => {
        if (this.isConnected || !this._abort) return;
        this._abort.abort();  // cancels a pending mount; destroys a live school (mount's signal)
        this._abort = null;
        if (this._observer) this._observer.disconnect();
        this._observer = null;
        this.school = null;
      });
    }
    _apply(attr) {
      const name = attributeOption(attr);
      if (!this.school || !name) return;
      const value = this.getAttribute(attr);
      if (name === 'paused') {
        if (value !== null && truthy(value)) this.school.pause();
        else this.school.resume();
        return;
      }
      if (name === 'hash' || name === 'thread') return;  // read at mount
      if (name === 'avoid') {
        this.school.set('avoid', value);  // a removed attribute: nothing to avoid
        return;
      }
      this.school.set(name, value === null ? findInfo(paramTable(), name).def : value);  // removed: the default
    }
  }
  customElements.define('miro-fish', MiroFishElement);
}
