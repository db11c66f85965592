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
    // A resized canvas is cleared: redraw now if no frame is coming.
    if ((changed || force) && !p.loop.animating()) p.loop.drawOnce();
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
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = null;
    if (resizeObserver) resizeObserver.disconnect();
    resizeObserver = null;
  }

  return { resize, applyLevel, observe, teardown };
}
