// Where a school's canvas goes: the mount target, the canvas and its layer, and the styles it borrows from the element
// it is mounted in (and gives back). The loader places the auto-mount's canvas with it, the host every other.
//   behind  (default) z-index -1: under all of the page's content; a mount element gets `position: relative`
//           (when static) and `isolation: isolate`, restored on destroy.
//   back    z-index 0: above non-positioned backgrounds (an opaque full-height wrapper); the page lifts its content
//           with `position: relative; z-index: 1`. A mount element gets `position: relative` when static.
//   element z-index -1 inside the mount element, whose styles are never touched: the page makes it a stacking context.

import { describe, warn } from './util.js';

/** @typedef {'behind' | 'back' | 'element'} Layer */

let canvasCounter = 0;

/**
 * @param {unknown} target a mount()'s: nothing (the page), an element, or a CSS selector
 * @returns {{ok: boolean, element?: Element | null}}
 */
export function resolveTarget(target) {
  if (
    target === undefined ||
    target === null ||
    target === window ||
    target === document ||
    target === document.documentElement ||
    target === document.body
  ) {
    return { ok: true, element: null };
  }
  if (typeof target === 'string') {
    let el = null;
    try {
      el = document.querySelector(target);
    } catch (e) {
      warn('mount target ' + describe(target) + ' is not a valid CSS selector; nothing mounted');
      return { ok: false };
    }
    if (!el) {
      warn('mount target ' + describe(target) + ' matches no element; nothing mounted');
      return { ok: false };
    }
    return { ok: true, element: el };
  }
  if (typeof Element !== 'undefined' && target instanceof Element) return { ok: true, element: target };
  warn('mount target must be an element or a CSS selector, not ' + describe(target) + '; nothing mounted');
  return { ok: false };
}

// A fixed canvas inside a body with a transform (or filter, perspective, contain) would be sized and placed by the
// body, not the viewport: then it goes into <html>, next to the body, where fixed means the viewport again.
export function fullscreenParent() {
  const cs = getComputedStyle(document.body);
  const traps =
    cs.transform !== 'none' ||
    cs.filter !== 'none' ||
    cs.perspective !== 'none' ||
    /paint|layout|strict|content/.test(cs.contain || '') ||
    /transform|filter|perspective/.test(cs.willChange || '');
  return traps ? document.documentElement : document.body;
}

// Out of the layout and transparent to input: the page behaves exactly as without MiroFish. No id (createCanvas).
/** @param {boolean} fullscreen @param {string} layer @returns {HTMLCanvasElement} */
export function makeCanvas(fullscreen, layer) {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('role', 'presentation');
  canvas.tabIndex = -1;
  const cs = canvas.style;
  cs.position = fullscreen ? 'fixed' : 'absolute';
  cs.left = cs.top = '0';
  cs.width = cs.height = '100%';
  cs.zIndex = layer === 'back' ? '0' : '-1';
  cs.pointerEvents = 'none';
  cs.userSelect = 'none';
  cs.display = 'block';
  cs.border = '0';
  cs.margin = cs.padding = '0';
  cs.background = 'transparent';
  return canvas;
}

/** @param {boolean} fullscreen @param {string} layer */
export function createCanvas(fullscreen, layer) {
  return nameCanvas(makeCanvas(fullscreen, layer));
}

// A canvas of ours gets its id from the host (the loader's, made before the host loaded, when the host takes it).
/** @param {HTMLCanvasElement} canvas */
export function nameCanvas(canvas) {
  canvas.id = 'mirofish-' + ++canvasCounter;
  return canvas;
}

// The layer a mount's `layer` option most likely names before the parameter table is known (the table's numbers and
// spellings come with the engine): the canvas is placed for it, and moved at mount if the table says otherwise.
/** @param {unknown} option @param {Element | null} element @returns {Layer} */
export function guessLayer(option, element) {
  const name = String(option).trim().toLowerCase();
  return name === 'back' || (name === 'element' && element) ? name : 'behind';
}

// Styles the layer needs on the mount element; returns the function that gives the element its own styles back.
/** @param {HTMLElement | null} element @param {string} layer @returns {() => void} */
export function borrowStyles(element, layer) {
  if (!element || layer === 'element') return () => {};
  /** @type {['position' | 'isolation', string][]} */
  const restore = [];
  const hadStyle = element.hasAttribute('style');
  const computed = getComputedStyle(element);
  if (computed.position === 'static') {
    restore.push(['position', element.style.position]);
    element.style.position = 'relative';
  }
  if (layer === 'behind' && computed.isolation !== 'isolate') {
    restore.push(['isolation', element.style.isolation]);
    element.style.isolation = 'isolate';
  }
  return () => {
    for (const [prop, value] of restore) element.style[prop] = value;
    if (!hadStyle && element.getAttribute('style') === '') element.removeAttribute('style');
  };
}
