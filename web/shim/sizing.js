// Canvas size and resolution: backing store = CSS size x the quality level's DPR (at the top level
// min(devicePixelRatio, maxDpr)), tracked through resize, zoom and DPR changes (S-WEB-4, S-ASK-7); and the world,
// when it was taken from the viewport, follows a rotated or resized one.

class Sizing {
  constructor(p) {
    this.p = p;
    this.cssWidth = this.cssHeight = 0;
    this.devicePixels = null;
    this.qualityKey = '';
    this.resizeObserver = null;
    this.dprQuery = null;
    this.worldTimer = 0;
    this.onDprChange = this.onDprChange.bind(this);
    this.applyWorld = this.applyWorld.bind(this);
  }

  // The quality ladder is built for the device's DPR (after maxDpr) and the page's quality, maxFps and budget.
  configureQuality(deviceDpr) {
    const p = this.p;
    const mode = QUALITY_MODES[p.pond.get('quality')] || 'auto';
    const key = [mode, deviceDpr, p.pond.get('maxFps'), p.pond.get('budget')].join();
    if (key === this.qualityKey) return;
    this.qualityKey = key;
    p.governor.configure(mode, deviceDpr, p.pond.get('maxFps'), p.pond.get('budget'), p.softwareGL);
    p.pond.setDetail(p.governor.current().detail);
  }

  // A new level: the fish detail now, the canvas resolution through resize().
  applyLevel() {
    const p = this.p;
    p.pond.setDetail(p.governor.current().detail);
    this.resize(true);
    if (p.governor.test.onLevel) p.governor.test.onLevel(p.governor.stats());
  }

  resize(force) {
    const p = this.p;
    if (p.destroyed) return;
    const dpr = window.devicePixelRatio || 1;
    const maxDpr = p.pond.get('maxDpr');
    this.configureQuality(Math.min(dpr, maxDpr > 0 ? maxDpr : 2));
    const scale = p.governor.current().dpr;
    if (!this.cssWidth || !this.cssHeight) {
      const r = p.canvas.getBoundingClientRect();
      this.cssWidth = r.width;
      this.cssHeight = r.height;
    }
    const [pw, ph] = this.backingStore(dpr, scale);
    const changed = p.canvas.width !== pw || p.canvas.height !== ph;
    if (changed) {
      p.canvas.width = pw;
      p.canvas.height = ph;
    }
    p.input.refreshRect();
    p.pond.setViewport(this.cssWidth, this.cssHeight, pw, ph, scale);
    this.followViewport();
    // A resized canvas is cleared: redraw now if no frame is coming.
    if ((changed || force) && !p.loop.animating()) p.loop.drawOnce();
  }

  // Exact device pixels when no cap applies; trusted only if they agree with CSS x DPR (emulated device scale
  // factors report CSS pixels there).
  backingStore(dpr, scale) {
    const d = this.devicePixels, w = this.cssWidth, h = this.cssHeight;
    if (d && scale === dpr && Math.abs(d[0] - w * dpr) <= 1 && Math.abs(d[1] - h * dpr) <= 1) return d;
    return [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))];
  }

  // Rotation and resize: a world taken from the viewport follows it (settled for 300 ms), so a phone turned sideways
  // gets a sideways pond instead of a letterboxed strip. The school goes on (same fish, the walls move). A world from
  // a hash or from width/height options stays as it is, letterboxed, so a replay stays exact. Small differences (a
  // scrollbar appearing) are letterboxed too; a change of more than 5 % is followed.
  followViewport() {
    const p = this.p;
    if (!p.autoWorld || this.worldTimer) return;
    const w = Math.round(this.cssWidth), h = Math.round(this.cssHeight);
    const near = (a, b) => Math.abs(a - b) <= 0.05 * b;
    if (w < 100 || h < 100 || (near(w, p.pond.get('width')) && near(h, p.pond.get('height')))) return;
    this.worldTimer = setTimeout(this.applyWorld, 300);
  }
  applyWorld() {
    const p = this.p;
    this.worldTimer = 0;
    const w = Math.round(this.cssWidth), h = Math.round(this.cssHeight);
    if (p.destroyed || !p.autoWorld || w < 100 || h < 100) return;
    p.pond.set('width', w);
    p.pond.set('height', h);
    if (!p.loop.animating()) p.loop.drawOnce();
  }

  observe() {
    const p = this.p;
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const box = entry.contentBoxSize && entry.contentBoxSize[0];
          this.cssWidth = box ? box.inlineSize : entry.contentRect.width;
          this.cssHeight = box ? box.blockSize : entry.contentRect.height;
          const dev = entry.devicePixelContentBoxSize && entry.devicePixelContentBoxSize[0];
          this.devicePixels = dev ? [dev.inlineSize, dev.blockSize] : null;
        }
        this.resize(false);
      });
      try {
        this.resizeObserver.observe(p.canvas, { box: 'device-pixel-content-box' });
      } catch (e) {
        this.resizeObserver.observe(p.canvas);
      }
    } else {
      p.listeners.on(window, 'resize', () => { this.cssWidth = this.cssHeight = 0; this.resize(false); }, PASSIVE);
    }
    this.watchDpr();
  }

  // Zoom and moving to another screen change devicePixelRatio: listen for the current value, then re-arm.
  onDprChange() {
    this.watchDpr();
    this.cssWidth = this.cssHeight = 0;
    this.devicePixels = null;
    this.resize(false);
  }
  watchDpr() {
    if (this.dprQuery) this.dprQuery.removeEventListener('change', this.onDprChange);
    this.dprQuery = null;
    if (this.p.destroyed || !window.matchMedia) return;
    this.dprQuery = window.matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)');
    this.dprQuery.addEventListener('change', this.onDprChange);
  }

  teardown() {
    if (this.worldTimer) clearTimeout(this.worldTimer);
    this.worldTimer = 0;
    if (this.dprQuery) this.dprQuery.removeEventListener('change', this.onDprChange);
    this.dprQuery = null;
    if (this.resizeObserver) this.resizeObserver.disconnect();
    this.resizeObserver = null;
  }
}
