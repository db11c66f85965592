// What the page tells a pond: pointer, touch and clicks (the fish avoid the pointer, a click scares them), tab
// visibility, reduced motion, URL-hash changes. One set of window listeners serves every pond on the page: each pond
// joins the hub on mount and leaves on destroy; the last one out removes the listeners.

const inputHub = {
  ponds: new Set(),
  listeners: null,
  motionQuery: null,

  join(p) {
    this.ponds.add(p);
    if (!this.listeners) this.start();
  },
  leave(p) {
    this.ponds.delete(p);
    if (!this.ponds.size && this.listeners) {
      this.listeners.clear();
      this.listeners = null;
    }
  },
  start() {
    const l = createListeners();
    this.listeners = l;
    const each = (fn) => (e) => {
      for (const p of this.ponds) fn(p, e);
    };
    l.on(window, 'pointermove', each(onPointerMove), PASSIVE);
    l.on(window, 'pointerdown', each(onPointerDown), PASSIVE);
    l.on(window, 'pointerup', each((p, e) => { if (e.pointerType === 'touch') p.pond.pointer(false, 0, 0); }), PASSIVE);
    l.on(window, 'touchstart', each(onTouch), PASSIVE);
    l.on(window, 'touchmove', each(onTouch), PASSIVE);
    l.on(window, 'touchend', each((p, e) => { if (!e.touches || !e.touches.length) p.pond.pointer(false, 0, 0); }), PASSIVE);
    l.on(window, 'mouseout', each((p, e) => { if (!e.relatedTarget) pointerGone(p); }), PASSIVE);
    l.on(document.documentElement, 'pointerleave', each((p, e) => { if (e.pointerType !== 'touch') pointerGone(p); }),
      PASSIVE);
    l.on(window, 'blur', each(pointerGone), PASSIVE);
    l.on(window, 'scroll', each((p) => p.input.refreshRect()), PASSIVE);
    l.on(document, 'visibilitychange', each((p) => {
      p.pageHidden = document.visibilityState === 'hidden';
      p.loop.update();
    }), PASSIVE);
    l.on(window, 'hashchange', each(onHashChange), PASSIVE);
    const mq = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
    if (mq) {
      l.on(mq, 'change', each((p) => {
        p.prefersReduced = mq.matches;
        p.loop.update();
      }));
    }
  },
};

function prefersReducedMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

function pointerAt(p, clientX, clientY) {
  if (!p.fullscreen) p.input.refreshRect();
  const r = p.input.rect;
  return [clientX - r.left, clientY - r.top];
}
function pointerBack(p) {
  if (p.pointerAway) {
    p.pointerAway = false;
    p.loop.update();
  }
}
function pointerGone(p) {
  p.pond.pointer(false, 0, 0);
  if (!p.pointerAway) {
    p.pointerAway = true;
    p.loop.update();
  }
}
function onPointerMove(p, e) {
  const [x, y] = pointerAt(p, e.clientX, e.clientY);
  p.pond.pointer(true, x, y);
  pointerBack(p);
}
function onPointerDown(p, e) {
  const [x, y] = pointerAt(p, e.clientX, e.clientY);
  p.pond.scare(x, y);
  pointerBack(p);
}
function onTouch(p, e) {
  const t = e.touches && e.touches[0];
  if (!t) return;
  const [x, y] = pointerAt(p, t.clientX, t.clientY);
  p.pond.pointer(true, x, y);
}

// A pond's own input state: where its canvas is, whether it is on screen, its GL context's life.
function createInput(p) {
  let intersectionObserver = null;
  const input = {
    rect: p.canvas.getBoundingClientRect(),
    refreshRect() {
      if (!p.fullscreen || !input.rect.width) input.rect = p.canvas.getBoundingClientRect();
    },
    start() {
      inputHub.join(p);
      if (typeof IntersectionObserver !== 'undefined') {
        intersectionObserver = new IntersectionObserver((entries) => {
          const out = !entries[entries.length - 1].isIntersecting;
          if (out !== p.offscreen) {
            p.offscreen = out;
            p.loop.update();
          }
        });
        intersectionObserver.observe(p.canvas);
      }
      p.listeners.on(p.canvas, 'webglcontextlost', (e) => {
        e.preventDefault();  // tells the browser we will restore: without it there is no webglcontextrestored
        p.contextLost = true;
        if (p.gpuTimer) p.gpuTimer.drop();
        p.pond.contextLost();
      });
      p.listeners.on(p.canvas, 'webglcontextrestored', () => {
        const err = p.pond.contextRestored();
        if (err) {
          warn(err);
          return;
        }
        p.contextLost = false;
        p.gpuTimer = createGpuTimer(p.gl);
        p.sizing.resize(true);
        if (!p.loop.animating()) p.loop.drawOnce();
      });
    },
    teardown() {
      inputHub.leave(p);
      if (intersectionObserver) intersectionObserver.disconnect();
      intersectionObserver = null;
    },
  };
  return input;
}
