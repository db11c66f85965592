// The public handle of a mounted school (web/mirofish.d.ts MiroFishSchool): every call is safe after destroy().

function createHandle(p, destroy) {
  const handle = {
    get canvas() { return p.destroyed ? null : p.canvas; },
    pause() {
      if (p.destroyed) return;
      p.userPaused = true;
      p.loop.update();
    },
    resume() {
      if (p.destroyed) return;
      p.userPaused = false;
      p.loop.update();
    },
    destroy() {
      if (!p.destroyed) destroy();
    },
    set(name, value) {
      if (p.destroyed) return undefined;
      if (typeof name !== 'string') {
        warn('set(name, value) needs an option name, not ' + describe(name));
        return undefined;
      }
      const r = p.pond.set(name, optionNumber(name, value));
      if (r.status === 'unknown') {
        warn('unknown option ' + describe(name) + ' ignored');
        return undefined;
      }
      if (r.warning) warn('set(' + describe(name) + ', ' + describe(value) + '): ' + r.warning);
      const info = findInfo(name);
      if (info.group === 'sim' || info.group === 'pointer') checkSanity(p);
      if (['maxDpr', 'quality', 'maxFps', 'budget'].includes(info.name)) p.sizing.resize(true);
      if (info.name === 'perf') p.perf.sync();
      if (info.name === 'seed') p.seekLeft = 0;
      if (info.name === 'layer' || info.name === 'antialias') warn(info.name + ' is read at mount: it applies to the next mount');
      if (info.name === 'width' || info.name === 'height') p.autoWorld = false;
      p.loop.update();
      if (!p.loop.animating()) p.loop.drawOnce();  // colours and sizes show at once even when paused
      return r.value;
    },
    get(name) {
      if (p.destroyed) return undefined;
      const v = typeof name === 'string' ? p.pond.get(name) : NaN;
      if (Number.isNaN(v)) {
        warn('get(' + describe(name) + '): unknown option');
        return undefined;
      }
      return v;
    },
    params() {
      return p.destroyed ? {} : p.pond.params();
    },
    hash() {
      return p.destroyed ? '' : p.pond.encodeHash();
    },
    share() {
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
    },
    step(n) {
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
    },
    stateHash() {
      return p.destroyed ? '' : p.pond.stateHash();
    },
    stats() {
      return p.destroyed ? destroyedStats(p) : liveStats(p);
    },
  };
  // Hooks for the browser suite only: a fixed frame cost instead of the measured one, shorter windows, a callback.
  const t = p.governor.test;
  Object.defineProperty(handle, '_test', {
    value: Object.freeze({
      fakeCost(ms) { t.cost = typeof ms === 'number' && ms >= 0 ? ms : -1; },
      windows(ms, frames, upWindows) { Object.assign(t, { windowMs: ms, windowFrames: frames, upWindows }); },
      onLevel(fn) { t.onLevel = typeof fn === 'function' ? fn : null; },
    }),
  });
  return handle;
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
    maxFps: p.pond.get('maxFps'),
    quality: p.governor.stats(),  // {mode, level, levels, dpr, detail, fps, reason, changes}
    softwareGL: p.softwareGL,
    renderer: p.renderer,
  };
}
