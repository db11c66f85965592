// The canvas's CSS size and the device's pixel ratio, tracked through resize, zoom and DPR changes (S-WEB-4, S-ASK-7)
// and sent to the engine, which sets the backing store (engine/resolution.js). Only what the DOM knows lives here.
import { PASSIVE } from '../core/index.js';

// Its state is #private: a misspelt field fails tsc.
export class Sizing {
  #h;
  /** @type {import('../core/protocol.js').View} */
  #view = { cssWidth: 0, cssHeight: 0, devicePixels: null, dpr: 1 };
  /** @type {ResizeObserver | null} */
  #resizeObserver = null;
  /** @type {MediaQueryList | null} */
  #dprQuery = null;

  /**
   * @param {Pick<import('./school.js').HostSchool, 'input' | 'layout' | 'life' | 'listeners' | 'post'>} h what it
   *   reads of its school
   */
  constructor(h) {
    this.#h = h;
    this.onDprChange = this.onDprChange.bind(this);
  }

  // The size now, read once (mount, and after a DPR change before the observer speaks again).
  measure() {
    const r = this.#h.layout.canvas.getBoundingClientRect();
    this.#view.cssWidth = r.width;
    this.#view.cssHeight = r.height;
    this.#view.dpr = window.devicePixelRatio || 1;
    return this.#view;
  }

  // The size to the engine; `force`: even unchanged (a fresh engine, after a failure).
  /** @param {boolean} force */
  send(force) {
    const h = this.#h;
    if (h.life.destroyed) return;
    this.#view.dpr = window.devicePixelRatio || 1;
    h.input.refreshRect();
    h.post({ t: 'view', view: this.#view, force: !!force });
  }

  observe() {
    const h = this.#h;
    if (typeof ResizeObserver !== 'undefined') {
      this.#resizeObserver = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const box = entry.contentBoxSize && entry.contentBoxSize[0];
          this.#view.cssWidth = box ? box.inlineSize : entry.contentRect.width;
          this.#view.cssHeight = box ? box.blockSize : entry.contentRect.height;
          const dev = entry.devicePixelContentBoxSize && entry.devicePixelContentBoxSize[0];
          this.#view.devicePixels = dev ? [dev.inlineSize, dev.blockSize] : null;
        }
        this.send(false);
      });
      try {
        this.#resizeObserver.observe(h.layout.canvas, { box: 'device-pixel-content-box' });
      } catch (e) {
        this.#resizeObserver.observe(h.layout.canvas);
      }
    } else if (h.listeners) {
      // made at the school's start(), before this
      h.listeners.on(
        window,
        'resize',
        () => {
          this.measure();
          this.send(false);
        },
        PASSIVE,
      );
    }
    this.watchDpr();
  }

  // Zoom and moving to another screen change devicePixelRatio: listen for the current value, then re-arm.
  onDprChange() {
    this.watchDpr();
    this.measure();
    this.#view.devicePixels = null;
    this.send(false);
  }
  watchDpr() {
    if (this.#dprQuery) this.#dprQuery.removeEventListener('change', this.onDprChange);
    this.#dprQuery = null;
    if (this.#h.life.destroyed || !window.matchMedia) return;
    this.#dprQuery = window.matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)');
    this.#dprQuery.addEventListener('change', this.onDprChange);
  }

  teardown() {
    if (this.#dprQuery) this.#dprQuery.removeEventListener('change', this.onDprChange);
    this.#dprQuery = null;
    if (this.#resizeObserver) this.#resizeObserver.disconnect();
    this.#resizeObserver = null;
  }
}
