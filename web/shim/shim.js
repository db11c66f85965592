// MiroFish shim: mounts the wasm fish school behind a page (or inside an element) and keeps it a good citizen:
// no frames while hidden, a lower rate while the pointer is away, DPR-correct sizing, reduced motion, context loss,
// URL-hash sharing, and warnings (never throws) for bad input. Linked as Emscripten's --extern-post-js, inside the
// closure opened by prologue.js, next to the factory `createMiroFishModule`.

const VERSION = '0.1.0';
const SEEK_CHUNK = 120;           // steps per frame while seeking t=SECONDS: fast, and the page never freezes
const MAX_STEP_CALL = 36000;      // handle.step(n) cap per call: 10 minutes of simulation
const STEP_HZ = 60;               // the simulation's fixed step (S-SIM-10)

let modulePromise = null;
let table = null;                 // [{name, key, unit, def, min, max, integer, group, help}] from C++
let canvasCounter = 0;
let warnedNoWebGL = false;
let current = null;

function warn(message) {
  console.warn('MiroFish: ' + message);
}

// One wasm instance shared by every mounted pond; resolves to null (with a warning) if it cannot load.
function loadModule() {
  if (!modulePromise) {
    modulePromise = Promise.resolve()
      .then(() => createMiroFishModule({
        print: (text) => console.log('MiroFish: ' + text),
        printErr: (text) => warn(text),
      }))
      .then((M) => {
        table = M.paramTable();
        return M;
      })
      .catch((e) => {
        warn('the WebAssembly module could not load (' + (e && e.message ? e.message : e) + ')');
        return null;
      });
  }
  return modulePromise;
}

// Options arrive as numbers, booleans or attribute strings; anything unreadable becomes NaN, which C++ rejects
// with a specific warning.
function toNumber(value) {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (s === 'true' || s === 'yes' || s === 'on') return 1;
    if (s === 'false' || s === 'no' || s === 'off') return 0;
    if (s === '') return NaN;
    return Number(s);
  }
  return NaN;
}

function truthy(value) {
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    return !(s === 'false' || s === '0' || s === 'no' || s === 'off');
  }
  return !!value;
}

function describe(value) {
  try {
    const s = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return s.length > 60 ? s.slice(0, 57) + '...' : s;
  } catch (e) {
    return typeof value;
  }
}

function resolveTarget(target) {
  if (target === undefined || target === null || target === window || target === document ||
      target === document.documentElement || target === document.body) {
    return { ok: true, element: null };
  }
  if (typeof target === 'string') {
    let el = null;
    try {
      el = document.querySelector(target);
    } catch (e) {
      warn('mount target ' + describe(target) + ' is not a valid CSS selector; nothing mounted');
      return { ok: false };
    }
    if (!el) {
      warn('mount target ' + describe(target) + ' matches no element; nothing mounted');
      return { ok: false };
    }
    return { ok: true, element: el };
  }
  if (typeof Element !== 'undefined' && target instanceof Element) return { ok: true, element: target };
  warn('mount target must be an element or a CSS selector, not ' + describe(target) + '; nothing mounted');
  return { ok: false };
}

// A pond on one canvas: wraps the C++ Pond and owns every listener, observer and timer it adds.
function createPond(M, element, options) {
  const fullscreen = element === null;
  const host = fullscreen ? document.body : element;
  const canvas = document.createElement('canvas');
  const id = 'mirofish-' + (++canvasCounter);
  canvas.id = id;
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('role', 'presentation');
  canvas.tabIndex = -1;
  const cs = canvas.style;
  // Behind everything, out of the layout, transparent to input: the page behaves exactly as without MiroFish.
  cs.position = fullscreen ? 'fixed' : 'absolute';
  cs.left = cs.top = '0';
  cs.width = cs.height = '100%';
  cs.zIndex = '-1';
  cs.pointerEvents = 'none';
  cs.userSelect = 'none';
  cs.display = 'block';
  cs.border = '0';
  cs.margin = cs.padding = '0';
  cs.background = 'transparent';

  // An element host becomes a stacking context, so the canvas sits above its background and below its content.
  const restoreStyle = [];
  const hadStyleAttribute = !fullscreen && element.hasAttribute('style');
  if (!fullscreen) {
    const computed = getComputedStyle(element);
    if (computed.position === 'static') {
      restoreStyle.push(['position', element.style.position]);
      element.style.position = 'relative';
    }
    if (computed.isolation !== 'isolate') {
      restoreStyle.push(['isolation', element.style.isolation]);
      element.style.isolation = 'isolate';
    }
  }
  function restoreHost() {
    for (const [prop, value] of restoreStyle) element.style[prop] = value;
    if (!fullscreen && !hadStyleAttribute && element.getAttribute('style') === '') element.removeAttribute('style');
  }
  host.insertBefore(canvas, host.firstChild);

  const pond = new M.Pond();
  let attachError = '';
  try {
    attachError = pond.attach('#' + id, false);
  } catch (e) {
    attachError = 'WebGL2 could not start (' + (e && e.message ? e.message : e) + ')';
  }
  if (attachError) {
    pond.delete();
    canvas.remove();
    restoreHost();
    if (!warnedNoWebGL) {
      warnedNoWebGL = true;
      warn(attachError + '; the page is left as it is, without fish');
    }
    return null;
  }

  // ---- state ----
  let destroyed = false;
  let started = false;       // drawOnce waits until the first size is known
  let pageHidden = document.visibilityState === 'hidden';
  let offscreen = false;
  let pointerAway = false;
  let contextLost = false;
  const motionQuery = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  let prefersReduced = !!(motionQuery && motionQuery.matches);
  let rafId = 0;
  let timerId = 0;
  let lastTime = 0;          // rAF timestamp of the previous simulated frame, 0 = restart the clock
  let lastFrameAt = 0;       // performance.now() of the last rendered frame
  let frames = 0;
  const frameTimes = [];     // timestamps of the frames in the last second
  let simMs = 0;
  let renderMs = 0;

  // ---- performance overlay (S-DEV-1): sim and render ms per frame, a ring of 120 frames ----
  const perf = {
    canvas: null, ctx: null, sim: new Float32Array(120), ren: new Float32Array(120), head: 0,
    push(s, r) {
      this.sim[this.head] = s;
      this.ren[this.head] = r;
      this.head = (this.head + 1) % 120;
    },
    sync() {
      const on = pond.get('perf') === 1;
      if (on && !this.canvas) {
        const c = document.createElement('canvas');
        c.width = 240;
        c.height = 80;
        const st = c.style;
        st.position = fullscreen ? 'fixed' : 'absolute';
        st.left = st.bottom = '8px';
        st.width = '180px';  // 240x80 backing store: crisp at DPR 1.33, readable everywhere
        st.height = '60px';
        st.pointerEvents = 'none';
        st.zIndex = '2147483647';
        st.borderRadius = '4px';
        c.setAttribute('aria-hidden', 'true');
        host.appendChild(c);
        this.canvas = c;
        this.ctx = c.getContext('2d');
      } else if (!on && this.canvas) {
        this.canvas.remove();
        this.canvas = this.ctx = null;
      }
    },
    draw() {
      const g = this.ctx;
      if (!g) return;
      g.fillStyle = 'rgba(0,0,0,0.55)';
      g.fillRect(0, 0, 240, 80);
      const px = 80 / 16.7;  // the full height is one 60 Hz frame budget
      for (let i = 0; i < 120; i++) {
        const k = (this.head + i) % 120;
        const s = Math.min(80, this.sim[k] * px);
        const r = Math.min(80 - s, this.ren[k] * px);
        g.fillStyle = '#4fc3f7';
        g.fillRect(i * 2, 80 - s, 2, s);
        g.fillStyle = '#ffb74d';
        g.fillRect(i * 2, 80 - s - r, 2, r);
      }
      g.fillStyle = '#fff';
      g.font = '15px sans-serif';
      g.fillText('sim ' + simMs.toFixed(2) + ' ms  draw ' + renderMs.toFixed(2) + ' ms', 4, 17);
      g.fillText(pond.count() + ' fish  ' + frameTimes.length + ' fps', 4, 36);
    },
  };
  // ---- listeners (all recorded, all removed by destroy) ----
  const listeners = [];
  function listen(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    listeners.push([target, type, fn, opts]);
  }
  const passive = { passive: true };

  let resizeObserver = null;
  let intersectionObserver = null;
  let dprQuery = null;
  let onDprChange = null;
  // Stops the loop and takes back everything mount added: listeners, observers, canvases, wasm memory, GPU context.
  function teardown() {
    destroyed = true;
    if (rafId) cancelAnimationFrame(rafId);
    if (timerId) clearTimeout(timerId);
    rafId = timerId = 0;
    for (const [target, type, fn, opts] of listeners) target.removeEventListener(type, fn, opts);
    listeners.length = 0;
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = null;
    if (resizeObserver) resizeObserver.disconnect();
    if (intersectionObserver) intersectionObserver.disconnect();
    if (perf.canvas) perf.canvas.remove();
    try {
      pond.release();
    } finally {
      pond.delete();  // frees the school and renderer memory in the wasm heap
    }
    // Give the GPU context back now rather than at garbage collection (browsers cap live contexts).
    try {
      const gl = canvas.getContext('webgl2');
      const lose = gl && gl.getExtension('WEBGL_lose_context');
      if (lose) lose.loseContext();
    } catch (e) { /* already gone */ }
    canvas.remove();
    restoreHost();
  }

  try {
    return startPond();
  } catch (e) {
    teardown();
    throw e;  // mount() turns it into one warning
  }

  function startPond() {
    // ---- configuration: defaults < options / data-* < URL hash (the hash wins) ----
    let userPaused = false;
    let readHash = true;
    let widthGiven = false;
    let heightGiven = false;
    for (const name of Object.keys(options)) {
      const value = options[name];
      if (name === 'auto') continue;
      if (name === 'paused') { userPaused = truthy(value); continue; }
      if (name === 'hash') { readHash = value; continue; }
      const r = pond.set(name, toNumber(value));
      if (r.status === 'unknown') {
        warn('unknown option ' + describe(name) + ' ignored (known: ' + table.map((p) => p.name).join(', ') + ')');
        continue;
      }
      if (r.warning) warn('option ' + name + '=' + describe(value) + ': ' + r.warning);
      if (r.status === 'ok' || r.status === 'clamped') {
        const info = table.find((p) => p.name === name || p.key === name);
        if (info && info.name === 'width') widthGiven = true;
        if (info && info.name === 'height') heightGiven = true;
      }
    }
    // Without a recorded world size the world is the host's CSS size at mount time; a hash with w/h overrides it.
    const box = fullscreen
      ? { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight }
      : { width: element.clientWidth, height: element.clientHeight };  // the padding box the canvas fills
    if (!widthGiven && box.width >= 1) pond.set('width', Math.round(box.width));
    if (!heightGiven && box.height >= 1) pond.set('height', Math.round(box.height));

    let seekLeft = 0;
    let lastHashApplied = '';
    function applyHash(hash) {
      let r;
      try {
        r = pond.applyHash(hash);
      } catch (e) {
        warn('the URL hash could not be read (' + (e && e.message ? e.message : e) + '); ignored');
        return false;
      }
      for (const w of r.warnings) warn(w);  // each already names the hash and the key
      if (!r.anyKey) return false;  // a plain anchor such as #about: the page's own
      lastHashApplied = hash;
      seekLeft = r.hasSeek ? Math.round(r.seekSeconds * STEP_HZ) : 0;
      return true;
    }
    if (readHash !== false && readHash !== 'false') {
      const hash = typeof readHash === 'string' && readHash !== 'true' ? readHash : location.hash;
      if (hash && hash !== '#') applyHash(hash);
    }
    pond.begin();
    let lastSanity = '';
    function checkSanity() {
      const s = pond.sanityWarning();
      if (s && s !== lastSanity) warn(s);
      lastSanity = s;
    }
    checkSanity();

    function reducedMotion() {
      return prefersReduced && pond.get('reducedMotion') === 1;
    }
    function state() {
      if (userPaused) return 'paused';
      if (pageHidden || offscreen) return 'hidden';
      if (reducedMotion()) return 'reduced-motion';
      if (pointerAway) return 'idle';
      return 'running';
    }
    function animating() {
      const s = state();
      return !destroyed && (s === 'running' || s === 'idle');
    }

    // One still frame (paused, reduced motion, after a resize or a set()): counted, but no loop.
    function drawOnce() {
      if (!started || destroyed || contextLost || pageHidden || offscreen) return;
      const t0 = performance.now();
      if (pond.render(t0 / 1000)) {
        frames++;
        renderMs = performance.now() - t0;
        perf.draw();
      }
    }

    function frame(now) {
      rafId = 0;
      if (!animating()) return;
      const dt = lastTime ? (now - lastTime) / 1000 : 0;
      lastTime = now;
      const t0 = performance.now();
      if (seekLeft > 0) {
        const n = Math.min(SEEK_CHUNK, seekLeft);
        pond.step(n);
        seekLeft -= n;
      } else {
        pond.advance(dt);
      }
      const t1 = performance.now();
      if (!contextLost && pond.render(now / 1000)) {
        const t2 = performance.now();
        frames++;
        simMs = t1 - t0;
        renderMs = t2 - t1;
        lastFrameAt = t2;
        frameTimes.push(t2);
        while (frameTimes.length && frameTimes[0] < t2 - 1000) frameTimes.shift();
        perf.push(simMs, renderMs);
        perf.draw();
      }
      schedule();
    }

    // Full rate: one rAF per display frame. Idle (pointer away): a timer wakes just before the next idle frame is due,
    // so the page is not woken every vsync.
    function schedule() {
      if (rafId || timerId || !animating()) return;
      if (state() === 'idle' && seekLeft === 0) {
        const idleFps = Math.max(1, pond.get('idleFps'));
        const delay = Math.max(0, lastFrameAt + 1000 / idleFps - performance.now() - 8);
        timerId = setTimeout(() => {
          timerId = 0;
          if (!rafId && animating()) rafId = requestAnimationFrame(frame);
        }, delay);
      } else {
        rafId = requestAnimationFrame(frame);
      }
    }
    function stopLoop() {
      if (rafId) cancelAnimationFrame(rafId);
      if (timerId) clearTimeout(timerId);
      rafId = timerId = 0;
      lastTime = 0;
    }
    // Re-evaluates the state after any change: hidden/paused cancel every frame; running/idle (re)schedule.
    let lastState = '';
    function update() {
      if (destroyed) return;
      const now = state();
      const changed = now !== lastState;
      lastState = now;
      if (!animating()) {
        stopLoop();
        frameTimes.length = 0;
        if (changed && (now === 'reduced-motion' || now === 'paused')) drawOnce();
        return;
      }
      if (now === 'running' && timerId) {  // back from idle: full rate at once
        clearTimeout(timerId);
        timerId = 0;
      }
      if (!rafId && !timerId) lastTime = 0;  // a restarted loop does not catch up the time it was stopped
      schedule();
    }

    let rect = canvas.getBoundingClientRect();
    function pointerAt(clientX, clientY) {
      if (!fullscreen) rect = canvas.getBoundingClientRect();
      return [clientX - rect.left, clientY - rect.top];
    }
    function pointerBack() {
      if (pointerAway) {
        pointerAway = false;
        update();
      }
    }
    function pointerGone() {
      pond.pointer(false, 0, 0);
      if (!pointerAway) {
        pointerAway = true;
        update();
      }
    }
    listen(window, 'pointermove', (e) => {
      const [x, y] = pointerAt(e.clientX, e.clientY);
      pond.pointer(true, x, y);
      pointerBack();
    }, passive);
    listen(window, 'pointerdown', (e) => {
      const [x, y] = pointerAt(e.clientX, e.clientY);
      pond.scare(x, y);
      pointerBack();
    }, passive);
    const touchMove = (e) => {
      const t = e.touches && e.touches[0];
      if (!t) return;
      const [x, y] = pointerAt(t.clientX, t.clientY);
      pond.pointer(true, x, y);
    };
    listen(window, 'touchstart', touchMove, passive);
    listen(window, 'touchmove', touchMove, passive);
    listen(window, 'touchend', (e) => {
      if (!e.touches || e.touches.length === 0) pond.pointer(false, 0, 0);
    }, passive);
    listen(window, 'pointerup', (e) => {
      if (e.pointerType === 'touch') pond.pointer(false, 0, 0);
    }, passive);
    listen(window, 'mouseout', (e) => {
      if (!e.relatedTarget) pointerGone();
    }, passive);
    listen(document.documentElement, 'pointerleave', (e) => {
      if (e.pointerType !== 'touch') pointerGone();
    }, passive);
    listen(window, 'blur', pointerGone, passive);
    listen(document, 'visibilitychange', () => {
      pageHidden = document.visibilityState === 'hidden';
      update();
    }, passive);
    listen(window, 'hashchange', () => {
      if (readHash === false || readHash === 'false' || location.hash === lastHashApplied) return;
      if (applyHash(location.hash)) {  // the pond restarts the school from step 0: a hash is a replay
        checkSanity();
        update();
        if (!animating()) drawOnce();
      }
    }, passive);
    if (!fullscreen) listen(window, 'scroll', () => { rect = canvas.getBoundingClientRect(); }, passive);
    if (motionQuery) {
      listen(motionQuery, 'change', () => {
        prefersReduced = motionQuery.matches;
        update();
      });
    }
    listen(canvas, 'webglcontextlost', (e) => {
      e.preventDefault();  // tells the browser we will restore: without it there is no webglcontextrestored
      contextLost = true;
      pond.contextLost();
    });
    listen(canvas, 'webglcontextrestored', () => {
      const err = pond.contextRestored();
      if (err) {
        warn(err);
        return;
      }
      contextLost = false;
      resize(true);
      if (!animating()) drawOnce();
    });

    // ---- size: backing store = CSS size x min(devicePixelRatio, maxDpr) ----
    let cssWidth = 0, cssHeight = 0, devicePixels = null;
    function resize(force) {
      if (destroyed) return;
      const dpr = window.devicePixelRatio || 1;
      const maxDpr = pond.get('maxDpr');
      const capped = Math.min(dpr, maxDpr > 0 ? maxDpr : 2);
      if (!cssWidth || !cssHeight) {
        const r = canvas.getBoundingClientRect();
        cssWidth = r.width;
        cssHeight = r.height;
      }
      let pw, ph;
      // Exact device pixels when the cap does not apply; trusted only if they agree with CSS x DPR (emulated
      // device scale factors report CSS pixels there).
      if (devicePixels && capped === dpr && Math.abs(devicePixels[0] - cssWidth * dpr) <= 1 &&
          Math.abs(devicePixels[1] - cssHeight * dpr) <= 1) {
        pw = devicePixels[0];
        ph = devicePixels[1];
      } else {
        pw = Math.round(cssWidth * capped);
        ph = Math.round(cssHeight * capped);
      }
      pw = Math.max(1, pw);
      ph = Math.max(1, ph);
      const changed = canvas.width !== pw || canvas.height !== ph;
      if (changed) {
        canvas.width = pw;
        canvas.height = ph;
      }
      if (!fullscreen) rect = canvas.getBoundingClientRect();
      pond.setViewport(cssWidth, cssHeight, pw, ph, capped);
      // A resized canvas is cleared: redraw now if no frame is coming.
      if ((changed || force) && !animating()) drawOnce();
    }
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
        resizeObserver.observe(canvas, { box: 'device-pixel-content-box' });
      } catch (e) {
        resizeObserver.observe(canvas);
      }
    } else {
      listen(window, 'resize', () => { cssWidth = cssHeight = 0; resize(false); }, passive);
    }
    // Zoom and moving to another screen change devicePixelRatio: listen for the current value, then re-arm.
    onDprChange = () => {
      watchDpr();
      cssWidth = cssHeight = 0;
      devicePixels = null;
      resize(false);
    };
    function watchDpr() {
      if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
      dprQuery = null;
      if (destroyed || !window.matchMedia) return;
      dprQuery = window.matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)');
      dprQuery.addEventListener('change', onDprChange);
    }
    watchDpr();

    if (typeof IntersectionObserver !== 'undefined') {
      intersectionObserver = new IntersectionObserver((entries) => {
        const entry = entries[entries.length - 1];
        const out = !entry.isIntersecting;
        if (out !== offscreen) {
          offscreen = out;
          update();
        }
      });
      intersectionObserver.observe(canvas);
    }

    // ---- the handle ----
    function findInfo(name) {
      return table.find((p) => p.name === name) || table.find((p) => p.key === name) || null;
    }
    const handle = {
      get canvas() { return destroyed ? null : canvas; },
      pause() {
        if (destroyed) return;
        userPaused = true;
        update();
      },
      resume() {
        if (destroyed) return;
        userPaused = false;
        update();
      },
      destroy() {
        if (destroyed) return;
        teardown();
        if (current === handle) current = null;
      },
      set(name, value) {
        if (destroyed) return undefined;
        if (typeof name !== 'string') {
          warn('set(name, value) needs an option name, not ' + describe(name));
          return undefined;
        }
        const r = pond.set(name, toNumber(value));
        if (r.status === 'unknown') {
          warn('unknown option ' + describe(name) + ' ignored');
          return undefined;
        }
        if (r.warning) warn('set(' + describe(name) + ', ' + describe(value) + '): ' + r.warning);
        const info = findInfo(name);
        if (info.group === 'sim' || info.group === 'pointer') checkSanity();
        if (info.name === 'maxDpr') resize(true);
        if (info.name === 'perf') perf.sync();
        if (info.name === 'seed') seekLeft = 0;
        update();
        if (!animating()) drawOnce();  // colours and sizes show at once even when paused
        return r.value;
      },
      get(name) {
        if (destroyed) return undefined;
        const v = typeof name === 'string' ? pond.get(name) : NaN;
        if (Number.isNaN(v)) {
          warn('get(' + describe(name) + '): unknown option');
          return undefined;
        }
        return v;
      },
      params() {
        return destroyed ? {} : pond.params();
      },
      hash() {
        return destroyed ? '' : pond.encodeHash();
      },
      share() {
        if (destroyed) return location.href;
        const hash = '#' + pond.encodeHash();
        const url = location.href.split('#')[0] + hash;
        try {
          history.replaceState(history.state, '', url);  // no scroll, no history entry, no hashchange
          lastHashApplied = hash;
        } catch (e) {
          warn('share(): the address bar could not be updated (' + (e && e.message ? e.message : e) + ')');
        }
        return url;
      },
      step(n) {
        if (destroyed) return 0;
        let count = Math.floor(Number(n === undefined ? 1 : n));
        if (!Number.isFinite(count) || count < 0) {
          warn('step(' + describe(n) + '): needs a whole number of steps >= 0; ignored');
          return 0;
        }
        if (count > MAX_STEP_CALL) {
          warn('step(' + count + '): capped at ' + MAX_STEP_CALL + ' steps per call');
          count = MAX_STEP_CALL;
        }
        pond.step(count);
        if (!animating()) drawOnce();
        return count;
      },
      stateHash() {
        return destroyed ? '' : pond.stateHash();
      },
      stats() {
        if (destroyed) {
          return { fish: 0, steps: 0, frames, fps: 0, simMs: 0, renderMs: 0, state: 'destroyed', seeking: false,
            rendering: false };
        }
        const s = pond.stats();
        const now = performance.now();
        while (frameTimes.length && frameTimes[0] < now - 1000) frameTimes.shift();
        return {
          fish: s.fish,
          steps: s.steps,
          frames,
          fps: frameTimes.length,
          simMs,
          renderMs,
          state: state(),
          seeking: seekLeft > 0,
          rendering: s.rendering && !contextLost,
        };
      },
    };

    perf.sync();
    resize(false);
    started = true;
    update();
    return handle;
  }
}

function mount(target, options) {
  return Promise.resolve().then(() => {
    const where = resolveTarget(target);
    if (!where.ok) return null;
    let opts = options;
    if (opts === undefined || opts === null) opts = {};
    if (typeof opts !== 'object') {
      warn('mount options must be an object, not ' + describe(opts) + '; using defaults');
      opts = {};
    }
    return loadModule().then((M) => {
      if (!M) return null;
      if (!where.element && !document.body) {
        warn('mount() needs document.body; call it after the page has loaded');
        return null;
      }
      try {
        return createPond(M, where.element, opts);
      } catch (e) {
        warn('mount failed (' + (e && e.message ? e.message : e) + ')');
        return null;
      }
    });
  });
}

function autoMount(script) {
  const options = {};
  for (const name of Object.keys(script.dataset)) options[name] = script.dataset[name];
  delete options.auto;
  const start = () => mount(undefined, options).then((h) => {
    if (h && !current) current = h;
    return h;
  });
  if (document.readyState === 'loading') {
    return new Promise((resolve) => {
      document.addEventListener('DOMContentLoaded', () => resolve(start()), { once: true });
    });
  }
  return start();
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  if (window.MiroFish) {
    warn('mirofish.js was included twice; the second copy does nothing');
  } else {
    let ready = Promise.resolve(null);
    const api = {
      version: VERSION,
      mount,
      get current() { return current; },
      get ready() { return ready; },
      // The parameter table (name, key, unit, def, min, max, integer, group, help), straight from C++.
      table() {
        return loadModule().then(() => (table ? table.map((p) => Object.assign({}, p)) : []));
      },
    };
    Object.defineProperty(window, 'MiroFish', { value: Object.freeze(api), configurable: true, writable: false });
    const script = mirofishScript;
    if (script && script.dataset && truthy(script.dataset.auto === undefined ? true : script.dataset.auto)) {
      ready = autoMount(script);
    }
  }
}

})();  // closes the function opened in prologue.js
