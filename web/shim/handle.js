// The public handle of a mounted school (web/mirofish.d.ts MiroFishSchool): every call is safe after destroy().

// The handle mount() resolves to. Its state is private (#p): the page sees only the methods.
class School {
  #p;
  #destroy;
  constructor(p, destroy) {
    this.#p = p;
    this.#destroy = destroy;
    // Hooks for the browser suite only: a fixed frame cost instead of the measured one, shorter windows, a callback.
    const t = p.governor.test;
    Object.defineProperty(this, '_test', {
      value: Object.freeze({
        fakeCost(ms) { t.cost = typeof ms === 'number' && ms >= 0 ? ms : -1; },
        windows(ms, frames, upWindows) { Object.assign(t, { windowMs: ms, windowFrames: frames, upWindows }); },
        onLevel(fn) { t.onLevel = typeof fn === 'function' ? fn : null; },
        avoidReads() { return p.avoid.reads; },
      }),
    });
  }
  get canvas() { return this.#p.destroyed ? null : this.#p.canvas; }
  pause() {
    if (this.#p.destroyed) return;
    this.#p.userPaused = true;
    this.#p.loop.update();
  }
  resume() {
    if (this.#p.destroyed) return;
    this.#p.userPaused = false;
    this.#p.loop.update();
  }
  destroy() {
    if (!this.#p.destroyed) this.#destroy();
  }
  set(name, value) {
    const p = this.#p;
    if (p.destroyed) return undefined;
    if (typeof name !== 'string') {
      warn('set(name, value) needs an option name, not ' + describe(name));
      return undefined;
    }
    if (name === 'avoid') {  // a selector, not a number (avoid.js)
      p.avoid.set(value);
      return undefined;
    }
    const r = p.pond.set(name, optionNumber(name, value));
    if (r.status === 'unknown') {
      warn('unknown option ' + describe(name) + ' ignored');
      return undefined;
    }
    if (r.warning) warn('set(' + describe(name) + ', ' + describe(value) + '): ' + r.warning);
    afterSet(p, findInfo(name).name);
    return r.value;
  }
  get(name) {
    if (this.#p.destroyed) return undefined;
    const v = typeof name === 'string' ? this.#p.pond.get(name) : NaN;
    if (Number.isNaN(v)) {
      warn('get(' + describe(name) + '): unknown option');
      return undefined;
    }
    return v;
  }
  params() {
    return this.#p.destroyed ? {} : this.#p.pond.params();
  }
  hash() {
    return this.#p.destroyed ? '' : this.#p.pond.encodeHash();
  }
  share() {
    const p = this.#p;
    if (p.destroyed) return location.href;
    const hash = shareHash(location.hash, p.pond.encodeHash());  // a hash route is kept
    const url = location.href.split('#')[0] + hash;
    try {
      history.replaceState(history.state, '', url);  // no scroll, no history entry, no hashchange
      p.lastHashApplied = hash;
    } catch (e) {
      warn('share(): the address bar could not be updated (' + errorText(e) + ')');
    }
    return url;
  }
  step(n) {
    const p = this.#p;
    if (p.destroyed) return 0;
    let count = Math.floor(Number(n === undefined ? 1 : n));
    if (!Number.isFinite(count) || count < 0) {
      warn('step(' + describe(n) + '): needs a whole number of steps >= 0; ignored');
      return 0;
    }
    if (count > MAX_STEP_CALL) {
      warn('step(' + count + '): capped at ' + MAX_STEP_CALL + ' steps per call');
      count = MAX_STEP_CALL;
    }
    p.pond.step(count);
    if (!p.loop.animating()) p.loop.drawOnce();
    return count;
  }
  // A pellet (S-INT-4) or a fright (S-INT-3) at a point of the viewport, in CSS px as a click's clientX/clientY.
  feed(clientX, clientY) {
    return touchAt(this.#p, 'feed', clientX, clientY);
  }
  scare(clientX, clientY) {
    return touchAt(this.#p, 'scare', clientX, clientY);
  }
  // S-ECO-1 the obstacles the fish avoid now, in viewport CSS px (as getBoundingClientRect gives them).
  obstacles() {
    return this.#p.destroyed ? [] : this.#p.avoid.rects();
  }
  stateHash() {
    return this.#p.destroyed ? '' : this.#p.pond.stateHash();
  }
  // S-CHO lands the school on a formation now; the text is drawn by fish and never enters the page's DOM.
  form(options) {
    const p = this.#p;
    if (p.destroyed) return false;
    const o = options !== null && typeof options === 'object' ? options : {};
    if (typeof o.type !== 'string' || !o.type) {
      warn('form({type, text, hold}): type must be a string such as \'qr\', \'text\' or \'ring\'; ignored');
      return false;
    }
    const text = o.text === undefined || o.text === null ? '' : String(o.text);
    let hold = o.hold === undefined ? FORM_HOLD : Number(o.hold);
    if (!Number.isFinite(hold) || hold < 0) {
      warn('form(): hold ' + describe(o.hold) + ' is not a number of seconds >= 0; holding ' + FORM_HOLD + ' s');
      hold = FORM_HOLD;
    }
    const r = p.pond.form(o.type, text, hold);
    if (r.warning) warn(r.warning);
    if (!p.loop.animating()) p.loop.drawOnce();
    return r.ok;
  }
  release() {
    const p = this.#p;
    if (p.destroyed) return;
    p.pond.releaseForm();
    if (!p.loop.animating()) p.loop.drawOnce();
  }
  trajectory(steps, every) {
    return this.#p.destroyed ? null : recordTrajectory(this.#p.pond.encodeHash(), steps, every === undefined ? 1 : every);
  }
  stats() {
    return this.#p.destroyed ? destroyedStats(this.#p) : liveStats(this.#p);
  }
  // For mirofish-studio.js only: hooks {frame(), click(x, y, event), ms} called after each drawn frame and on each click
  // or tap (canvas CSS px; true takes it; ms: the overlay's own time, for the perf overlay), metrics on every step while
  // attached (null detaches). Returns the C++ Pond and the parameter table, or null once destroyed.
  _studio(hooks) {
    const p = this.#p;
    if (p.destroyed) return null;
    p.studio = hooks || null;
    p.pond.setMetrics(!!hooks);
    return { pond: p.pond, table };
  }
}

const FORM_HOLD = 10;  // s, as the C++ kDefaultHoldSeconds

// What a set() changes beyond the value: sanity, resolution, the overlay, a pending seek, the world's origin.
function afterSet(p, name) {
  readConfig(p);
  const group = findInfo(name).group;
  if (group === 'sim' || group === 'pointer') checkSanity(p);
  if (['maxDpr', 'quality', 'maxFps', 'budget'].includes(name)) p.sizing.resize(true);
  if (name === 'perf') p.perf.sync();
  if (name === 'seed') p.seekLeft = 0;
  if (name === 'layer' || name === 'antialias') warn(name + ' is read at mount: it applies to the next mount');
  if (name === 'width' || name === 'height') p.autoWorld = false;
  p.loop.update();
  if (!p.loop.animating()) p.loop.drawOnce();  // colours and sizes show at once even when paused
}

function touchAt(p, what, clientX, clientY) {
  const x = Number(clientX), y = Number(clientY);
  if (p.destroyed) return false;
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    warn(what + '(' + describe(clientX) + ', ' + describe(clientY) + '): needs two finite numbers (viewport CSS px); ' +
      'ignored');
    return false;
  }
  const [wx, wy] = pointerAt(p, x, y);
  p.pond[what](wx, wy);
  if (!p.loop.animating()) p.loop.drawOnce();
  return true;
}

// S-DEV-6: the run this school's hash gives from step 0, recorded as `mirofish run --trajectory` writes it, on a
// second school in the wasm (the one on screen is not touched). Frames are copied out one at a time, so wasm memory
// never holds the whole recording; a request over the limits throws, before any stepping.
function recordTrajectory(hash, steps, every) {
  const call = 'trajectory(' + describe(steps) + ', ' + describe(every) + '): ';
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'steps must be a whole number 0..' + MAX_TRAJECTORY_STEPS);
  }
  if (!Number.isInteger(every) || every < 1 || every > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'every must be a whole number 1..' + MAX_TRAJECTORY_STEPS);
  }
  const run = new wasm.TrajectoryRun(hash);
  try {
    const first = run.frame(0);
    const floats = first.length;  // 4 per fish
    const frames = Math.floor(steps / every) + 1;
    const bytes = frames * floats * 4;
    if (bytes > MAX_TRAJECTORY_BYTES) {
      throw new RangeError(call + frames + ' frames of ' + floats / 4 + ' fish are ' + Math.ceil(bytes / 1048576) +
        ' MB, over the ' + MAX_TRAJECTORY_BYTES / 1048576 + ' MB limit; record fewer frames (a larger every)');
    }
    const data = new Float32Array(frames * floats);
    data.set(first, 0);
    for (let f = 1; f < frames; f++) data.set(run.frame(every), f * floats);
    return { data, meta: JSON.parse(run.meta(steps, every)) };
  } finally {
    run.delete();
  }
}

function destroyedStats(p) {
  return { fish: 0, steps: 0, frames: p.frames, fps: 0, simMs: 0, renderMs: 0, gpuMs: null, state: 'destroyed',
    seeking: false, rendering: false };
}

function liveStats(p) {
  const s = p.pond.stats();
  const now = performance.now();
  while (p.frameTimes.length && p.frameTimes[0] < now - 1000) p.frameTimes.shift();
  return {
    fish: s.fish,
    steps: s.steps,
    frames: p.frames,
    fps: p.frameTimes.length,
    simMs: p.simMs,
    renderMs: p.renderMs,
    gpuMs: p.gpuMs,
    state: p.loop.state(),
    seeking: p.seekLeft > 0,
    rendering: s.rendering && !p.contextLost,
    scares: s.scares,
    feeds: s.feeds,
    pellets: s.pellets,
    eaten: s.eaten,
    states: { cruise: s.cruise, sprint: s.sprint, hover: s.hover, startle: s.startle },
    form: { type: s.form, phase: s.formPhase, targets: s.formTargets, settled: s.formSettled, added: s.formAdded },
    maxFps: p.pond.get('maxFps'),
    quality: p.governor.stats(),  // {mode, level, levels, dpr, detail, fps, reason, changes}
    softwareGL: p.softwareGL,
    renderer: p.renderer,
  };
}
