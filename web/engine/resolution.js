// The canvas's backing store = CSS size x the quality level's DPR (at the top level min(devicePixelRatio, maxDpr)),
// from the size the host measures (S-WEB-4, S-ASK-7); and the world, when it was taken from the viewport, follows a
// rotated or resized one. The engine owns the canvas (an OffscreenCanvas in the Worker), so it alone sets its size.
import { findInfo } from '../core/index.js';

export class Resolution {
  #s;
  /** @type {import('../core/protocol.js').View & {autoWorld: boolean}} the canvas's size, and whether the world
   * follows it */
  #view;
  #qualityKey = ''; // what the ladder was last built for
  #worldTimer = 0; // a world that follows the viewport, waiting for it to settle

  /**
   * @param {Pick<import('./school.js').EngineSchool, 'canvas' | 'configureBudget' | 'level' | 'life' | 'pond' |
   *   'redraw' | 'showChange' | 'table'>} s what it reads of its school
   * @param {import('../core/protocol.js').View} view the host's at mount
   */
  constructor(s, view) {
    this.#s = s;
    this.#view = Object.assign({ cssWidth: 0, cssHeight: 0, devicePixels: null, dpr: 1, autoWorld: true }, view);
    this.applyWorld = this.applyWorld.bind(this);
  }

  // The canvas's size on the page, as the host measured it: a new backing store, drawn again when `force`.
  /** @param {import('../core/protocol.js').View} view @param {boolean} force */
  setView(view, force) {
    Object.assign(this.#view, view);
    this.resize(force);
  }

  // Whether the world follows the viewport: not once a hash or the width/height options gave it a size of its own.
  /** @param {boolean} follows */
  worldFollows(follows) {
    this.#view.autoWorld = follows;
  }

  // The quality ladder is built for the device's DPR (after maxDpr) and the page's quality, maxFps and budget.
  /** @param {number} deviceDpr */
  configureQuality(deviceDpr) {
    const s = this.#s,
      pond = s.pond;
    const mode = findInfo(s.table, 'quality').values[pond.get('quality')] || 'auto';
    const key = [mode, deviceDpr, pond.get('maxFps'), pond.get('budget')].join();
    if (key === this.#qualityKey) return;
    this.#qualityKey = key;
    s.configureBudget(mode, deviceDpr, pond.get('maxFps'), pond.get('budget'));
    pond.setDetail(s.level().detail);
  }

  // A new level: the fish detail now, the canvas resolution through resize().
  applyLevel() {
    const s = this.#s;
    s.pond.setDetail(s.level().detail);
    this.resize(true);
  }

  /** @param {boolean} force a redraw even when the backing store keeps its size */
  resize(force) {
    const s = this.#s,
      v = this.#view;
    if (s.life.destroyed || !v.cssWidth || !v.cssHeight) return;
    const maxDpr = s.pond.get('maxDpr');
    this.configureQuality(Math.min(v.dpr, maxDpr > 0 ? maxDpr : 2));
    const scale = s.level().dpr;
    const [pw, ph] = this.backingStore(scale);
    const canvas = s.canvas;
    const changed = canvas.width !== pw || canvas.height !== ph;
    if (changed) {
      canvas.width = pw;
      canvas.height = ph;
    }
    s.pond.setViewport(v.cssWidth, v.cssHeight, pw, ph, scale);
    this.followViewport();
    // A resized canvas is cleared: redraw now if no frame is coming.
    if (changed || force) s.redraw();
  }

  // Exact device pixels when no cap applies; trusted only if they agree with CSS x DPR (emulated device scale
  // factors report CSS pixels there).
  /** @param {number} scale @returns {[number, number]} */
  backingStore(scale) {
    const v = this.#view,
      d = v.devicePixels,
      w = v.cssWidth,
      h = v.cssHeight;
    if (d && scale === v.dpr && Math.abs(d[0] - w * v.dpr) <= 1 && Math.abs(d[1] - h * v.dpr) <= 1) return d;
    return [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))];
  }

  // Rotation and resize: a world taken from the viewport follows it (settled for 300 ms), so a phone turned sideways
  // gets a sideways pond instead of a letterboxed strip. The school goes on (same fish, the walls move). A world from
  // a hash or from width/height options stays as it is, letterboxed, so a replay stays exact. Small differences (a
  // scrollbar appearing) are letterboxed too; a change of more than 5 % is followed.
  followViewport() {
    const s = this.#s,
      v = this.#view;
    if (!v.autoWorld || this.#worldTimer) return;
    const w = Math.round(v.cssWidth),
      h = Math.round(v.cssHeight);
    const near = (/** @type {number} */ a, /** @type {number} */ b) => Math.abs(a - b) <= 0.05 * b;
    if (w < 100 || h < 100 || (near(w, s.pond.get('width')) && near(h, s.pond.get('height')))) return;
    this.#worldTimer = setTimeout(this.applyWorld, 300);
  }
  applyWorld() {
    const s = this.#s,
      v = this.#view;
    this.#worldTimer = 0;
    const w = Math.round(v.cssWidth),
      h = Math.round(v.cssHeight);
    if (s.life.destroyed || !v.autoWorld || w < 100 || h < 100) return;
    s.pond.set('width', w);
    s.pond.set('height', h);
    s.showChange();
  }

  teardown() {
    if (this.#worldTimer) clearTimeout(this.#worldTimer);
    this.#worldTimer = 0;
  }
}
