// What the page tells a school: pointer, touch and clicks (the fish avoid the pointer, a click feeds or scares them),
// tab visibility, reduced motion, forced colours and reduced transparency, URL-hash changes. One set of window
// listeners serves every school on the page: each
// joins the hub on mount and leaves on destroy; the last one out removes the listeners. `h` is a school's host side
// (host/school.js): it forwards what it hears to the engine, the pointer at most once a frame.
import { createListeners, PASSIVE } from '../core/index.js';

/**
 * What the input reads of a school, and calls on it: nothing else (tsc checks it).
 * @typedef {Pick<import('./school.js').HostSchool, 'canvas' | 'flags' | 'forced' | 'fullscreen' | 'input' | 'onHashChange' | 'onMedia' |
 *   'pointer' | 'poke' | 'setFlags' | 'studio'>} InputSchool
 */
export const inputHub = {
  /** @type {Set<InputSchool>} */
  schools: new Set(),
  listeners: null,
  motionQuery: null,

  join(h) {
    this.schools.add(h);
    if (!this.listeners) this.start();
  },
  leave(h) {
    this.schools.delete(h);
    if (!this.schools.size && this.listeners) {
      this.listeners.clear();
      this.listeners = null;
      touch.stopIdle();
    }
  },
  start() {
    const l = createListeners();
    this.listeners = l;
    const each = (fn) => (e) => {
      for (const h of this.schools) fn(h, e);
    };
    l.on(
      window,
      'pointermove',
      (e) => {
        if (e.pointerType === 'touch') touch.move(e);
        else for (const h of this.schools) onPointerMove(h, e);
      },
      PASSIVE,
    );
    l.on(
      window,
      'pointerdown',
      (e) => {
        if (e.pointerType === 'touch') touch.down(e);
        else for (const h of this.schools) onPointerDown(h, e);
      },
      PASSIVE,
    );
    l.on(
      window,
      'pointerup',
      (e) => {
        if (e.pointerType === 'touch') touch.up(e);
      },
      PASSIVE,
    );
    l.on(
      window,
      'pointercancel',
      (e) => {
        if (e.pointerType === 'touch') touch.cancel();
      },
      PASSIVE,
    );
    l.on(window, 'touchstart', (e) => touch.feed(e), PASSIVE);
    l.on(window, 'touchmove', (e) => touch.feed(e), PASSIVE);
    l.on(
      window,
      'touchend',
      (e) => {
        if (!e.touches || !e.touches.length) touch.end();
      },
      PASSIVE,
    );
    l.on(window, 'scroll', () => touch.cancel(), PASSIVE);
    l.on(
      window,
      'mouseout',
      each((h, e) => {
        if (!e.relatedTarget) pointerGone(h);
      }),
      PASSIVE,
    );
    l.on(
      document.documentElement,
      'pointerleave',
      each((h, e) => {
        if (e.pointerType !== 'touch') pointerGone(h);
      }),
      PASSIVE,
    );
    l.on(window, 'blur', each(pointerGone), PASSIVE);
    l.on(
      window,
      'scroll',
      each((h) => h.input.refreshRect()),
      PASSIVE,
    );
    l.on(
      document,
      'visibilitychange',
      each((h) => h.setFlags({ hidden: hiddenNow(h) })),
      PASSIVE,
    );
    l.on(
      window,
      'hashchange',
      each((h) => h.onHashChange()),
      PASSIVE,
    );
    if (!window.matchMedia) return;
    const mq = window.matchMedia(REDUCED_MOTION);
    l.on(
      mq,
      'change',
      each((h) => h.setFlags({ reduced: mq.matches })),
    );
    for (const q of [FORCED_COLORS, REDUCED_TRANSPARENCY])
      l.on(
        window.matchMedia(q),
        'change',
        each((h) => h.onMedia()),
      );
  },
};

// Touch (S-HOST-4): a tap feeds (or scares, with click=scare), a touch that scrolls never does; the fish avoid a
// resting or dragging finger until
// the page scrolls; a touch screen left alone goes idle (idleFps) after TOUCH_IDLE_MS, as a mouse leaving would.
const TAP_SLOP_PX = 10;
const TAP_MAX_MS = 500;
const TOUCH_IDLE_MS = 3000;
const touch = {
  tap: null, // {x, y, t} of a touch that may still become a tap
  scrolling: false, // the current touch moved the page: it is not an obstacle, and not a tap
  active: false, // a finger is down
  idleTimer: 0,
  down(e) {
    this.tap = { x: e.clientX, y: e.clientY, t: performance.now() };
    this.scrolling = false;
    this.active = true;
    this.wake();
  },
  move(e) {
    if (this.tap && Math.hypot(e.clientX - this.tap.x, e.clientY - this.tap.y) > TAP_SLOP_PX) this.tap = null;
  },
  up(e) {
    const tap = this.tap;
    this.tap = null;
    if (!tap || this.scrolling || performance.now() - tap.t > TAP_MAX_MS) return;
    for (const h of inputHub.schools) poke(h, e);
  },
  cancel() {
    // the browser took the gesture (a scroll), or the page scrolled under a finger
    if (!this.active || this.scrolling) return;
    this.tap = null;
    this.scrolling = true;
    for (const h of inputHub.schools) h.pointer(false, 0, 0);
  },
  feed(e) {
    const t = e.touches && e.touches[0];
    if (!t || this.scrolling) return;
    for (const h of inputHub.schools) {
      const [x, y] = pointerAt(h, t.clientX, t.clientY);
      h.pointer(true, x, y);
    }
    this.wake();
  },
  end() {
    for (const h of inputHub.schools) h.pointer(false, 0, 0);
    this.scrolling = this.active = false;
    this.armIdle();
  },
  wake() {
    this.stopIdle();
    for (const h of inputHub.schools) pointerBack(h);
  },
  armIdle() {
    this.stopIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = 0;
      for (const h of inputHub.schools) pointerGone(h);
    }, TOUCH_IDLE_MS);
  },
  stopIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = 0;
  },
};

// A device whose main pointer is a finger: it starts the idle clock at mount (nothing else would).
export function touchFirst() {
  return mediaMatches('(hover: none) and (pointer: coarse)');
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
// Windows high contrast: the fish are hidden (and cost nothing); reduced transparency: they are fainter.
export const FORCED_COLORS = '(forced-colors: active)';
export const REDUCED_TRANSPARENCY = '(prefers-reduced-transparency: reduce)';

export function mediaMatches(query) {
  return !!(window.matchMedia && window.matchMedia(query).matches);
}

export function prefersReducedMotion() {
  return mediaMatches(REDUCED_MOTION);
}

// Hidden to the engine: a hidden tab, or forced colours (p.forced, kept by the host's onMedia).
/** @param {InputSchool} h */
export function hiddenNow(h) {
  return document.visibilityState === 'hidden' || !!h.forced;
}

/** @param {InputSchool} h */
export function pointerAt(h, clientX, clientY) {
  if (!h.fullscreen) h.input.refreshRect();
  const r = h.input.rect;
  return [clientX - r.left, clientY - r.top];
}
/** @param {InputSchool} h */
function pointerBack(h) {
  if (h.flags.away) h.setFlags({ away: false });
}
/** @param {InputSchool} h */
function pointerGone(h) {
  h.pointer(false, 0, 0);
  if (!h.flags.away) h.setFlags({ away: true });
}
/** @param {InputSchool} h */
function onPointerMove(h, e) {
  const [x, y] = pointerAt(h, e.clientX, e.clientY);
  h.pointer(true, x, y);
  pointerBack(h);
}
/** @param {InputSchool} h */
function onPointerDown(h, e) {
  poke(h, e);
  pointerBack(h);
}
// A click or tap feeds or scares the fish (the click option), unless an attached studio takes it (to select a fish,
// or a click on its panel); a press of the pause button is the button's alone.
/** @param {InputSchool} h */
function poke(h, e) {
  if (e.target && e.target.closest && e.target.closest('[data-mirofish-controls]')) return;
  const [x, y] = pointerAt(h, e.clientX, e.clientY);
  if (!(h.studio && h.studio.click(x, y, e))) h.poke('click', x, y);
}

// A school's own input state: where its canvas is and whether it is on screen.
/** @param {InputSchool} h */
/** @param {InputSchool} h */
export function createInput(h) {
  let intersectionObserver = null;
  const input = {
    rect: h.canvas.getBoundingClientRect(),
    refreshRect() {
      if (!h.fullscreen || !input.rect.width) input.rect = h.canvas.getBoundingClientRect();
    },
    start() {
      inputHub.join(h);
      if (touchFirst()) touch.armIdle();
      if (typeof IntersectionObserver !== 'undefined') {
        intersectionObserver = new IntersectionObserver((entries) => {
          const out = !entries[entries.length - 1].isIntersecting;
          if (out !== h.flags.offscreen) h.setFlags({ offscreen: out });
        });
        intersectionObserver.observe(h.canvas);
      }
    },
    teardown() {
      inputHub.leave(h);
      if (intersectionObserver) intersectionObserver.disconnect();
      intersectionObserver = null;
    },
  };
  return input;
}
