// The page as the pond bed (S-ECO-1): the boxes of the elements an `avoid` selector matches (`data-avoid=".card, h1"`)
// are obstacles the fish swim around. No layout thrash: boxes are read in an animation frame before anything is
// written, at most one getBoundingClientRect per element per frame, and only after something may have moved them
// (a scroll, a resize, a DOM or style change) or every AVOID_POLL_MS while the school animates (CSS animations tell
// no one). They go to the engine only when they changed. A page option only: the hash carries no page layout, so a
// link replays exactly only on the same layout.
import { describe, MAX_OBSTACLES as MAX_AVOID, warn as say } from '../core/index.js';

const AVOID_POLL_MS = 500; // a read at least this often while the school animates

// Its state is #private: a misspelt field fails tsc.
export class Avoid {
  #h;
  /** @type {Element[]} the matching elements still in the page (at most MAX_AVOID) */
  #elements = [];
  #lastRead = 0;
  #rafId = 0;
  #reads = 0; // getBoundingClientRect calls so far: the browser suite counts them per frame (its bundle only)
  #sent = new Float64Array(MAX_AVOID * 4);
  #sentCount = 0;
  #warned = false; // a <miro-fish>'s one warning, said
  /** @type {AbortController | null} */
  #abort = null;
  /** @type {ResizeObserver | null} */
  #resizeObserver = null;
  /** @type {MutationObserver | null} */
  #mutationObserver = null;

  /** @param {Pick<import('./school.js').HostSchool, 'input' | 'page' | 'post'>} h what it reads of its school */
  constructor(h) {
    this.#h = h;
    // Something may have moved a box: read them all in the next animation frame (one read a frame at most).
    this.markDirty = () => {
      if (!this.#rafId && this.#elements.length) this.#rafId = requestAnimationFrame(this.read);
    };
    this.read = () => {
      this.#rafId = 0;
      this.update();
    };
  }

  get reads() {
    return this.#reads;
  }

  // A selector (or '' / null: none). An invalid one warns and is ignored; one matching nothing or more than
  // MAX_AVOID elements warns once (the first MAX_AVOID are used). Whatever the page passed: it is checked here.
  /** @param {unknown} selector */
  set(selector) {
    this.teardown();
    const warn = (/** @type {string} */ text) => {
      // a <miro-fish> says one (its avoid attribute may change 1 000 times a second)
      if (!this.#warned) say(text);
      this.#warned = this.#h.page.once;
    };
    const sel = selector === null || selector === undefined || selector === false ? '' : String(selector).trim();
    /** @type {Element[]} */
    let found = [];
    if (sel) {
      try {
        found = Array.from(document.querySelectorAll(sel));
      } catch (e) {
        warn('avoid: ' + describe(sel) + ' is not a valid CSS selector; ignored');
        return;
      }
      if (!found.length) warn('avoid: ' + describe(sel) + ' matches no element; nothing to swim around');
      if (found.length > MAX_AVOID) {
        warn(
          'avoid: ' + describe(sel) + ' matches ' + found.length + ' elements; the first ' + MAX_AVOID + ' are used',
        );
      }
    }
    this.#elements = found.slice(0, MAX_AVOID);
    if (this.#elements.length) this.watch();
    this.#sentCount = -1; // commit at the next read, even an empty list
    this.markDirty();
    if (!this.#elements.length) this.update();
  }

  // Each snapshot from the engine (a few a second while it animates): the poll for what moved without telling.
  /** @param {number} now performance.now() */
  tick(now) {
    if (this.#elements.length && now - this.#lastRead >= AVOID_POLL_MS) this.markDirty();
  }

  watch() {
    this.#abort = new AbortController();
    const opts = { passive: true, capture: true, signal: this.#abort.signal }; // capture: scrolling boxes too
    window.addEventListener('scroll', this.markDirty, opts);
    window.addEventListener('resize', this.markDirty, opts);
    if (typeof ResizeObserver !== 'undefined') {
      this.#resizeObserver = new ResizeObserver(this.markDirty);
      for (const el of this.#elements) this.#resizeObserver.observe(el);
    }
    if (typeof MutationObserver !== 'undefined') {
      // moved by script, shown, hidden, removed
      this.#mutationObserver = new MutationObserver(this.markDirty);
      this.#mutationObserver.observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['style', 'class', 'hidden'],
      });
    }
  }

  // In an animation frame, before anything is written: reads the boxes, sends the engine what changed.
  update() {
    if (!this.#elements.length && this.#sentCount === 0) return;
    this.#lastRead = performance.now();
    const h = this.#h;
    const origin = h.input.rect; // the canvas's box, kept by input.js (no read here)
    let n = 0,
      changed = false;
    for (let i = 0; i < this.#elements.length; i++) {
      const el = this.#elements[i];
      if (!el.isConnected) {
        // removed from the page: dropped for good
        if (this.#resizeObserver) this.#resizeObserver.unobserve(el);
        this.#elements.splice(i--, 1);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (MIROFISH_TEST) this.#reads++;
      if (!(r.width > 0 && r.height > 0)) continue; // display: none, or empty
      const x = r.left - origin.left,
        y = r.top - origin.top;
      if (x + r.width <= 0 || y + r.height <= 0 || x >= origin.width || y >= origin.height) continue; // off-screen
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue; // visibility: hidden
      const s = this.#sent,
        k = n * 4;
      if (n >= this.#sentCount || s[k] !== x || s[k + 1] !== y || s[k + 2] !== r.width || s[k + 3] !== r.height) {
        s[k] = x;
        s[k + 1] = y;
        s[k + 2] = r.width;
        s[k + 3] = r.height;
        changed = true;
      }
      n++;
    }
    if (changed || n !== this.#sentCount) {
      h.post({ t: 'obstacles', n, boxes: this.#sent.slice(0, n * 4) }); // a copy: the engine may be on this thread
      this.#sentCount = n;
    }
  }

  // A fresh engine (the school mounted again after a failure) has none of the boxes: all of them again.
  resend() {
    this.#sentCount = 0;
    this.update();
  }

  // The school's obstacles (the engine's last snapshot, canvas CSS px) in viewport CSS px, as getBoundingClientRect
  // gives them.
  /** @param {number[][]} boxes each [x, y, width, height] */
  rects(boxes) {
    const origin = this.#h.input.rect;
    return boxes.map(([x, y, width, height]) => ({ left: x + origin.left, top: y + origin.top, width, height }));
  }

  teardown() {
    if (this.#rafId) cancelAnimationFrame(this.#rafId);
    this.#rafId = 0;
    if (this.#abort) this.#abort.abort();
    if (this.#resizeObserver) this.#resizeObserver.disconnect();
    if (this.#mutationObserver) this.#mutationObserver.disconnect();
    this.#abort = this.#resizeObserver = this.#mutationObserver = null;
    this.#elements = [];
  }
}
