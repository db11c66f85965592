// The page as the pond bed (S-ECO-1): the boxes of the elements an `avoid` selector matches (`data-avoid=".card, h1"`)
// are obstacles the fish swim around. No layout thrash: boxes are read in the frame loop before anything is
// written, at most one getBoundingClientRect per element per frame, and only after something may have moved them
// (a scroll, a resize, a DOM or style change) or every AVOID_POLL_FRAMES frames (CSS animations tell no one).
// A page option only: the hash carries no page layout, so a link replays exactly only on the same layout.

const MAX_AVOID = 64;          // C++ kMaxObstacles
const AVOID_POLL_FRAMES = 30;  // a read at least this often while animating

class Avoid {
  constructor(p) {
    this.p = p;
    this.selector = '';
    this.elements = [];
    this.dirty = false;
    this.frames = 0;
    this.reads = 0;  // getBoundingClientRect calls so far (the browser suite counts them per frame)
    this.sent = new Float64Array(MAX_AVOID * 4);
    this.sentCount = 0;
    this.abort = null;
    this.resizeObserver = null;
    this.mutationObserver = null;
    this.markDirty = () => { this.dirty = true; };
  }

  // A selector (or '' / null: none). An invalid one warns and is ignored; one matching nothing or more than
  // MAX_AVOID elements warns once (the first MAX_AVOID are used).
  set(selector) {
    this.teardown();
    const sel = selector === null || selector === undefined || selector === false ? '' : String(selector).trim();
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
        warn('avoid: ' + describe(sel) + ' matches ' + found.length + ' elements; the first ' + MAX_AVOID + ' are used');
      }
    }
    this.selector = found.length ? sel : '';
    this.elements = found.slice(0, MAX_AVOID);
    if (this.elements.length) this.watch();
    this.dirty = true;
    this.sentCount = -1;  // commit at the next read, even an empty list
  }

  watch() {
    this.abort = new AbortController();
    const opts = { passive: true, capture: true, signal: this.abort.signal };  // capture: scrolling boxes too
    window.addEventListener('scroll', this.markDirty, opts);
    window.addEventListener('resize', this.markDirty, opts);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(this.markDirty);
      for (const el of this.elements) this.resizeObserver.observe(el);
    }
    if (typeof MutationObserver !== 'undefined') {  // moved by script, shown, hidden, removed
      this.mutationObserver = new MutationObserver(this.markDirty);
      this.mutationObserver.observe(document.documentElement,
        { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
    }
  }

  // Called by the frame loop first thing in a frame: reads the boxes if they may have moved, sends changes to C++.
  update() {
    if (!this.elements.length && this.sentCount === 0) return;
    if (!this.dirty && ++this.frames < AVOID_POLL_FRAMES) return;
    this.dirty = false;
    this.frames = 0;
    const p = this.p;
    const origin = p.input.rect;  // the canvas's box, kept by input.js (no read here)
    let n = 0, changed = false;
    for (let i = 0; i < this.elements.length; i++) {
      const el = this.elements[i];
      if (!el.isConnected) {  // removed from the page: dropped for good
        if (this.resizeObserver) this.resizeObserver.unobserve(el);
        this.elements.splice(i--, 1);
        continue;
      }
      const r = el.getBoundingClientRect();
      this.reads++;
      if (!(r.width > 0 && r.height > 0)) continue;  // display: none, or empty
      const x = r.left - origin.left, y = r.top - origin.top;
      if (x + r.width <= 0 || y + r.height <= 0 || x >= origin.width || y >= origin.height) continue;  // off-screen
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;  // visibility: hidden
      const s = this.sent, k = n * 4;
      if (n >= this.sentCount || s[k] !== x || s[k + 1] !== y || s[k + 2] !== r.width || s[k + 3] !== r.height) {
        s[k] = x;
        s[k + 1] = y;
        s[k + 2] = r.width;
        s[k + 3] = r.height;
        p.pond.stageObstacle(n, x, y, r.width, r.height);
        changed = true;
      }
      n++;
    }
    if (changed || n !== this.sentCount) {
      p.pond.commitObstacles(n);
      this.sentCount = n;
    }
  }

  // The school's obstacles in viewport CSS px (as getBoundingClientRect gives them), read back from C++.
  rects() {
    const p = this.p, origin = p.input.rect, out = [];
    for (let k = 0; k < p.pond.obstacleCount(); k++) {
      const left = p.pond.obstacleEdge(k, 0) + origin.left, top = p.pond.obstacleEdge(k, 1) + origin.top;
      out.push({ left, top, width: p.pond.obstacleEdge(k, 2), height: p.pond.obstacleEdge(k, 3) });
    }
    return out;
  }

  teardown() {
    if (this.abort) this.abort.abort();
    if (this.resizeObserver) this.resizeObserver.disconnect();
    if (this.mutationObserver) this.mutationObserver.disconnect();
    this.abort = this.resizeObserver = this.mutationObserver = null;
    this.elements = [];
  }
}
