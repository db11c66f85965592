// What the page tells a school: pointer, touch and clicks (the fish avoid the pointer, a click feeds or scares them),
// tab visibility, reduced motion, forced colours and reduced transparency, URL-hash changes. One set of window
// listeners serves every school on the page: each joins the hub on mount and leaves on destroy; the last one out
// removes the listeners. `h` is a school's page side (school.js): it forwards what it hears to the engine, the pointer
// at most once a frame.
import { createListeners, PASSIVE } from '../core/index.js';

/**
 * What the input reads of a school, and calls on it: nothing else (tsc checks it).
 * @typedef {Pick<import('./school.js').HostSchool, 'flags' | 'hooks' | 'input' | 'layout' | 'onHashChange' |
 *   'onMedia' | 'page' | 'pointer' | 'poke' | 'setFlags'>} InputSchool
 * @typedef {ReturnType<typeof createListeners>} Listeners
 * @typedef {<E extends Event>(fn: (h: InputSchool, e: E) => void) => (e: E) => void} Each a listener that calls
 *   `fn` for every school on the page
 * @typedef {{clientX: number, clientY: number, target?: EventTarget | null}} Point a pointer event's, a touch's
 */
export const inputHub = {
  /** @type {Set<InputSchool>} */
  schools: new Set(),
  /** @type {Listeners | null} */
  listeners: null,

  /** @param {InputSchool} h */
  join(h) {
    this.schools.add(h);
    if (!this.listeners) this.start();
    else rest.input(); // a new school shows its first seconds at the full rate, as at the page's load
  },
  /** @param {InputSchool} h */
  leave(h) {
    this.schools.delete(h);
    if (!this.schools.size && this.listeners) {
      this.listeners.clear();
      this.listeners = null;
      rest.stop();
    }
  },
  start() {
    const l = createListeners();
    this.listeners = l;
    /** @type {Each} */
    const each = (fn) => (e) => {
      for (const h of this.schools) fn(h, e);
    };
    rest.input(); // the rest clock counts from the mount
    this.listenPointer(l, each);
    this.listenTouch(l);
    this.listenPage(l, each);
  },
  // The mouse and pen (a touch's pointer events go to `touch`), and the other inputs that keep the full rate.
  /** @param {Listeners} l @param {Each} each */
  listenPointer(l, each) {
    /**
     * @param {(e: PointerEvent) => void} touchFn @param {(h: InputSchool, e: PointerEvent) => void} fn
     * @returns {(e: Event) => void}
     */
    const mouse = (touchFn, fn) => (/** @type {PointerEvent} */ e) => {
      rest.input();
      if (e.pointerType === 'touch') touchFn(e);
      else for (const h of this.schools) fn(h, e);
    };
    l.on(
      window,
      'pointermove',
      mouse((e) => touch.move(e), onPointerMove),
      PASSIVE,
    );
    l.on(
      window,
      'pointerdown',
      mouse((e) => touch.down(e), onPointerDown),
      PASSIVE,
    );
    // A visitor who reads: any input keeps the full rate, none for REST_MS is a resting visitor (idleFps).
    for (const type of ['keydown', 'wheel']) l.on(window, type, () => rest.input(), PASSIVE);
    const gone = each((h, /** @type {MouseEvent & Partial<PointerEvent>} */ e) => {
      if ((e.type === 'mouseout' && !e.relatedTarget) || (e.type === 'pointerleave' && e.pointerType !== 'touch'))
        pointerGone(h);
    });
    l.on(window, 'mouseout', gone, PASSIVE);
    l.on(document.documentElement, 'pointerleave', gone, PASSIVE);
    l.on(window, 'blur', each(pointerGone), PASSIVE);
  },
  /** @param {Listeners} l */
  listenTouch(l) {
    const fed = (/** @type {TouchEvent} */ e) => {
      rest.input();
      touch.feed(e);
    };
    l.on(window, 'pointerup', (/** @type {PointerEvent} */ e) => e.pointerType === 'touch' && touch.up(e), PASSIVE);
    l.on(
      window,
      'pointercancel',
      (/** @type {PointerEvent} */ e) => e.pointerType === 'touch' && touch.cancel(),
      PASSIVE,
    );
    l.on(window, 'touchstart', fed, PASSIVE);
    l.on(window, 'touchmove', fed, PASSIVE);
    l.on(
      window,
      'touchend',
      (/** @type {TouchEvent} */ e) => (!e.touches || !e.touches.length) && touch.end(),
      PASSIVE,
    );
  },
  // The page: scrolling, visibility, the hash, and the media queries followed live.
  /** @param {Listeners} l @param {Each} each */
  listenPage(l, each) {
    const refresh = each((h) => h.input.refreshRect());
    l.on(
      window,
      'scroll',
      (e) => {
        rest.input();
        touch.cancel();
        refresh(e);
      },
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

// A visitor at rest: no pointer move, click, wheel, scroll, key or touch for REST_MS, counted from the mount
// or the last input, is a reader (or nobody): every school goes idle (idleFps) and keeps a resting pointer where it
// is. The next input brings the full rate back within a frame. One timer for the page, re-armed only when it fires:
// an input costs a clock read, nothing is set or cleared per event. No finger rests while it is down.
const REST_MS = 3000;
const rest = {
  last: 0, // the last input's time
  timer: 0,
  resting: false,
  input() {
    this.last = performance.now();
    if (this.resting) {
      this.resting = false;
      for (const h of inputHub.schools) pointerBack(h);
    }
    if (!this.timer) this.timer = setTimeout(this.check, REST_MS);
  },
  check() {
    rest.timer = 0;
    const left = REST_MS - (performance.now() - rest.last);
    if (left > 0 || touch.active) {
      rest.timer = setTimeout(rest.check, Math.max(left, 50));
      return;
    }
    rest.resting = true;
    for (const h of inputHub.schools) if (!h.flags.away) h.setFlags({ away: true });
  },
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = 0;
    this.resting = false;
  },
};

// Touch (S-HOST-4): a tap feeds (or scares, with click=scare), a touch that scrolls never does; the fish avoid a
// resting or dragging finger until the page scrolls; a touch screen left alone rests (idleFps) as any page does.
const TAP_SLOP_PX = 10;
const TAP_MAX_MS = 500;
const touch = {
  /** @type {{x: number, y: number, t: number} | null} a touch that may still become a tap */
  tap: null,
  scrolling: false, // the current touch moved the page: it is not an obstacle, and not a tap
  active: false, // a finger is down
  /** @param {PointerEvent} e */
  down(e) {
    this.tap = { x: e.clientX, y: e.clientY, t: performance.now() };
    this.scrolling = false;
    this.active = true;
  },
  /** @param {PointerEvent} e */
  move(e) {
    if (this.tap && Math.hypot(e.clientX - this.tap.x, e.clientY - this.tap.y) > TAP_SLOP_PX) this.tap = null;
  },
  /** @param {PointerEvent} e */
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
  /** @param {TouchEvent} e */
  feed(e) {
    const t = e.touches && e.touches[0];
    if (!t || this.scrolling) return;
    for (const h of inputHub.schools) {
      const [x, y] = pointerAt(h, t.clientX, t.clientY);
      h.pointer(true, x, y);
      pointerBack(h);
    }
  },
  end() {
    for (const h of inputHub.schools) h.pointer(false, 0, 0);
    this.scrolling = this.active = false;
    rest.input(); // the rest clock counts from the finger's lift
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
// Windows high contrast: the fish are hidden (and cost nothing); reduced transparency: they are fainter.
export const FORCED_COLORS = '(forced-colors: active)';
export const REDUCED_TRANSPARENCY = '(prefers-reduced-transparency: reduce)';

/** @param {string} query */
export function mediaMatches(query) {
  return !!(window.matchMedia && window.matchMedia(query).matches);
}

export function prefersReducedMotion() {
  return mediaMatches(REDUCED_MOTION);
}

// Hidden to the engine: a hidden tab, or forced colours (layout.forced, kept by the school's onMedia).
/** @param {Pick<InputSchool, 'layout'>} h */
export function hiddenNow(h) {
  return document.visibilityState === 'hidden' || !!h.layout.forced;
}

// A viewport point (CSS px) as a point of the school's canvas.
/** @param {InputSchool} h @param {number} clientX @param {number} clientY @returns {[number, number]} */
export function pointerAt(h, clientX, clientY) {
  if (h.page.element) h.input.refreshRect(); // an element moves with the page; the background's canvas is fixed
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
/** @param {InputSchool} h @param {PointerEvent} e */
function onPointerMove(h, e) {
  const [x, y] = pointerAt(h, e.clientX, e.clientY);
  h.pointer(true, x, y);
  pointerBack(h);
}
/** @param {InputSchool} h @param {PointerEvent} e */
function onPointerDown(h, e) {
  poke(h, e);
  pointerBack(h);
}
// A click or tap feeds or scares the fish (the click option), unless an attached studio takes it (to select a fish,
// or a click on its panel); a press of the pause button is the button's alone.
/** @param {InputSchool} h @param {PointerEvent} e */
function poke(h, e) {
  const target = /** @type {Partial<Element> | null} */ (e.target);
  if (target && target.closest && target.closest('[data-mirofish-controls]')) return;
  const [x, y] = pointerAt(h, e.clientX, e.clientY);
  if (!(h.hooks.studio && h.hooks.studio.click(x, y, e))) h.poke('click', x, y);
}

// A school's own input state: where its canvas is and whether it is on screen.
/** @param {InputSchool} h */
export function createInput(h) {
  /** @type {IntersectionObserver | null} */
  let intersectionObserver = null;
  const input = {
    rect: h.layout.canvas.getBoundingClientRect(),
    refreshRect() {
      if (h.page.element || !input.rect.width) input.rect = h.layout.canvas.getBoundingClientRect();
    },
    start() {
      inputHub.join(h);
      if (typeof IntersectionObserver !== 'undefined') {
        intersectionObserver = new IntersectionObserver((entries) => {
          const out = !entries[entries.length - 1].isIntersecting;
          if (out !== h.flags.offscreen) h.setFlags({ offscreen: out });
        });
        intersectionObserver.observe(h.layout.canvas);
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
