// Canvas size and resolution: backing store = CSS size x the quality level's DPR (at the top level
// min(devicePixelRatio, maxDpr)), tracked through resize, zoom and DPR changes (S-WEB-4, S-ASK-7).

function createSizing(p) {
  let cssWidth = 0, cssHeight = 0, devicePixels = null;
  let qualityKey = '';
  let resizeObserver = null;
  let dprQuery = null;

  // The quality ladder is built for the device's DPR (after maxDpr) and the page's quality, maxFps and budget.
  function configureQuality(deviceDpr) {
    const mode = QUALITY_MODES[p.pond.get('quality')] || 'auto';
    const key = [mode, deviceDpr, p.pond.get('maxFps'), p.pond.get('budget')].join();
    if (key === qualityKey) return;
    qualityKey = key;
    p.governor.configure(mode, deviceDpr, p.pond.get('maxFps'), p.pond.get('budget'), p.softwareGL);
    p.pond.setDetail(p.governor.current().detail);
  }

  // A new level: the fish detail now, the canvas resolution through resize().
  function applyLevel() {
    p.pond.setDetail(p.governor.current().detail);
    resize(true);
    if (p.governor.test.onLevel) p.governor.test.onLevel(p.governor.stats());
  }

  function resize(force) {
    if (p.destroyed) return;
    const dpr = window.devicePixelRatio || 1;
    const maxDpr = p.pond.get('maxDpr');
    configureQuality(Math.min(dpr, maxDpr > 0 ? maxDpr : 2));
    const scale = p.governor.current().dpr;
    if (!cssWidth || !cssHeight) {
      const r = p.canvas.getBoundingClientRect();
      cssWidth = r.width;
      cssHeight = r.height;
    }
    let pw, ph;
    // Exact device pixels when no cap applies; trusted only if they agree with CSS x DPR (emulated device scale
    // factors report CSS pixels there).
    if (devicePixels && scale === dpr && Math.abs(devicePixels[0] - cssWidth * dpr) <= 1 &&
        Math.abs(devicePixels[1] - cssHeight * dpr) <= 1) {
      pw = devicePixels[0];
      ph = devicePixels[1];
    } else {
      pw = Math.round(cssWidth * scale);
      ph = Math.round(cssHeight * scale);
    }
    pw = Math.max(1, pw);
    ph = Math.max(1, ph);
    const changed = p.canvas.width !== pw || p.canvas.height !== ph;
    if (changed) {
      p.canvas.width = pw;
      p.canvas.height = ph;
    }
    p.input.refreshRect();
    p.pond.setViewport(cssWidth, cssHeight, pw, ph, scale);
    followViewport();
    // A resized canvas is cleared: redraw now if no frame is coming.
    if ((changed || force) && !p.loop.animating()) p.loop.drawOnce();
  }

  // Rotation and resize: a world taken from the viewport follows it (settled for 300 ms), so a phone turned sideways
  // gets a sideways pond instead of a letterboxed strip. The school goes on (same fish, walls move); a world from a
  // hash or from width/height options stays as it is, letterboxed, so a replay stays exact.
  let worldTimer = 0;
  function followViewport() {
    if (!p.autoWorld || worldTimer) return;
    const w = Math.round(cssWidth), h = Math.round(cssHeight);
    // Small differences (a scrollbar appearing) are letterboxed; a real resize or rotation (> 5 %) is followed.
    const near = (a, b) => Math.abs(a - b) <= 0.05 * b;
    if (w < 100 || h < 100 || (near(w, p.pond.get('width')) && near(h, p.pond.get('height')))) return;
    worldTimer = setTimeout(() => {
      worldTimer = 0;
      if (p.destroyed || !p.autoWorld) return;
      const nw = Math.round(cssWidth), nh = Math.round(cssHeight);
      if (nw < 100 || nh < 100) return;
      p.pond.set('width', nw);
      p.pond.set('height', nh);
      if (!p.loop.animating()) p.loop.drawOnce();
    }, 300);
  }

  function observe() {
    if (typeof ResizeObserver !== 'undefined') {
      resizeObserver = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const box = entry.contentBoxSize && entry.contentBoxSize[0];
          cssWidth = box ? box.inlineSize : entry.contentRect.width;
          cssHeight = box ? box.blockSize : entry.contentRect.height;
          const dev = entry.devicePixelContentBoxSize && entry.devicePixelContentBoxSize[0];
          devicePixels = dev ? [dev.inlineSize, dev.blockSize] : null;
        }
        resize(false);
      });
      try {
        resizeObserver.observe(p.canvas, { box: 'device-pixel-content-box' });
      } catch (e) {
        resizeObserver.observe(p.canvas);
      }
    } else {
      p.listeners.on(window, 'resize', () => { cssWidth = cssHeight = 0; resize(false); }, PASSIVE);
    }
    watchDpr();
  }

  // Zoom and moving to another screen change devicePixelRatio: listen for the current value, then re-arm.
  function onDprChange() {
    watchDpr();
    cssWidth = cssHeight = 0;
    devicePixels = null;
    resize(false);
  }
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = null;
    if (p.destroyed || !window.matchMedia) return;
    dprQuery = window.matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)');
    dprQuery.addEventListener('change', onDprChange);
  }

  function teardown() {
    if (worldTimer) clearTimeout(worldTimer);
    worldTimer = 0;
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = null;
    if (resizeObserver) resizeObserver.disconnect();
    resizeObserver = null;
  }

  return { resize, applyLevel, observe, teardown };
}
