// The frame loop and its state machine: which state the pond is in, when the next frame comes, and what one costs.
// States: paused (the page's own pause) > hidden (tab hidden or scrolled out) > reduced-motion > empty (nothing to
// draw) > idle (pointer away: idleFps) > running. Only running and idle animate.

function createLoop(p) {
  let rafId = 0;
  let timerId = 0;
  let lastTime = 0;      // rAF time of the previous simulated frame; 0 restarts the clock
  let nextDue = 0;       // rAF time the next frame is due under the frame-rate cap
  let timerWoke = false; // this rAF was asked for by the low-rate timer, which already kept the cap
  let seekStepMs = Infinity;
  let lastState = '';

  function state() {
    if (p.userPaused) return 'paused';
    if (p.pageHidden || p.offscreen) return 'hidden';
    if (p.prefersReduced && p.pond.get('reducedMotion') === 1) return 'reduced-motion';
    // Nothing moves and nothing is drawn: no loop at all (a 0-fish canvas once kept 1.5 cores busy in SwiftShader).
    if (p.pond.count() === 0 && p.pond.get('water') === 0) return 'empty';
    if (p.pointerAway) return 'idle';
    return 'running';
  }
  function animating() {
    const s = state();
    return !p.destroyed && (s === 'running' || s === 'idle');
  }

  // One still frame (paused, reduced motion, after a resize or a set()): counted, but no loop.
  function drawOnce() {
    if (!p.started || p.destroyed || p.contextLost || p.pageHidden || p.offscreen) return;
    const t0 = performance.now();
    if (p.pond.render(t0 / 1000)) {
      p.frames++;
      p.renderMs = performance.now() - t0;
      p.perf.draw();
    }
  }

  // Frames a second the loop aims for now: the page's maxFps (S-COST-4), the quality level's rate, idleFps when idle.
  function targetFps() {
    let fps = Math.min(p.pond.get('maxFps'), p.governor.current().fps);
    if (state() === 'idle') fps = Math.min(fps, Math.max(1, p.pond.get('idleFps')));
    return fps;
  }

  // A t=SECONDS seek takes at most SEEK_BUDGET_MS of a frame, in chunks sized from the measured step time (the first
  // chunk is one step, so a heavy school never freezes the page before it has been timed).
  function seekSome() {
    const start = performance.now();
    let n = 1;
    while (p.seekLeft > 0 && n > 0) {
      const t = performance.now();
      p.pond.step(n);
      p.seekLeft -= n;
      const end = performance.now();
      seekStepMs = Math.max(0.001, (end - t) / n);
      n = Math.min(p.seekLeft, Math.floor((SEEK_BUDGET_MS - (end - start)) * 0.9 / seekStepMs));
    }
  }

  function render(now) {
    const timed = p.gpuTimer && !p.contextLost;
    if (timed) p.gpuTimer.begin();
    const drawn = !p.contextLost && p.pond.render(now / 1000);
    if (timed) {
      p.gpuTimer.end();
      p.gpuMs = p.gpuTimer.poll();
    }
    return drawn;
  }

  function frame(now) {
    rafId = 0;
    if (!p.canvas.isConnected) {  // the host left the document (a single-page app moved on): clean up
      p.destroyIfDetached();
      return;
    }
    if (!animating()) return;
    // A vsync that comes before the next frame is due is skipped: 120/144 Hz displays still get maxFps frames.
    const interval = 1000 / targetFps();
    if (!timerWoke && nextDue && now < nextDue - CAP_SLACK_MS) {
      schedule();
      return;
    }
    timerWoke = false;
    nextDue = nextDue && now - nextDue < interval ? nextDue + interval : now + interval;
    const dt = lastTime ? (now - lastTime) / 1000 : 0;
    lastTime = now;
    const t0 = performance.now();
    const seeking = p.seekLeft > 0;
    if (seeking) seekSome();
    else p.pond.advance(dt);
    const t1 = performance.now();
    if (render(now)) {
      const t2 = performance.now();
      p.frames++;
      p.simMs = t1 - t0;
      p.renderMs = t2 - t1;
      p.frameTimes.push(t2);
      while (p.frameTimes.length && p.frameTimes[0] < t2 - 1000) p.frameTimes.shift();
      p.perf.push(p.simMs, p.renderMs);
      p.perf.draw();
      // The budget is about drawing: the simulation's 60 steps a second cost the same at every level.
      if (seeking) p.governor.reset();
      else if (p.governor.sample(now, Math.max(p.renderMs, p.gpuMs || 0), targetFps())) p.sizing.applyLevel();
    }
    schedule();
  }

  // Full rate: one rAF per display frame. Below TIMER_BELOW_FPS (idle, a low level, a low maxFps): a timer wakes the
  // loop just before the next frame is due, so the page is not woken every vsync.
  function schedule() {
    if (rafId || timerId || !animating()) return;
    if (targetFps() < TIMER_BELOW_FPS && p.seekLeft === 0 && nextDue) {
      const delay = Math.max(0, nextDue - performance.now() - 8);
      timerId = setTimeout(() => {
        timerId = 0;
        timerWoke = true;
        if (!rafId && animating()) rafId = requestAnimationFrame(frame);
      }, delay);
    } else {
      rafId = requestAnimationFrame(frame);
    }
  }

  // A seek asked for while paused or under reduced motion still lands: timer chunks of SEEK_BUDGET_MS, then one
  // still frame where it ends. Hidden, it waits (no work while hidden).
  let seekTimer = 0;
  function seekWhileStill() {
    if (seekTimer) return;
    seekTimer = setTimeout(function chunk() {
      seekTimer = 0;
      const s = state();
      if (p.destroyed || p.seekLeft <= 0 || animating() || s === 'hidden') return;  // the loop or a later update goes on
      seekSome();
      if (p.seekLeft > 0) seekTimer = setTimeout(chunk, 0);
      else drawOnce();
    }, 0);
  }

  function stop() {
    if (rafId) cancelAnimationFrame(rafId);
    if (timerId) clearTimeout(timerId);
    rafId = timerId = 0;
    lastTime = nextDue = 0;
    p.governor.reset();
  }

  // Re-evaluates the state after any change: hidden/paused cancel every frame; running/idle (re)schedule.
  function update() {
    if (p.destroyed) return;
    // Detached: destroyed on the next frame unless it is back by then (a framework moving the host).
    if (!p.canvas.isConnected) setTimeout(p.destroyIfDetached, 0);
    const now = state();
    const changed = now !== lastState;
    lastState = now;
    if (!animating()) {
      stop();
      p.frameTimes.length = 0;
      if (changed && (now === 'reduced-motion' || now === 'paused' || now === 'empty')) drawOnce();
      if (p.seekLeft > 0 && (now === 'paused' || now === 'reduced-motion')) seekWhileStill();
      return;
    }
    if (now === 'running' && timerId) {  // back from idle: full rate at once
      clearTimeout(timerId);
      timerId = 0;
    }
    if (!rafId && !timerId) lastTime = nextDue = 0;  // a restarted loop does not catch up the time it was stopped
    schedule();
  }

  return { state, animating, drawOnce, update, stop };
}
