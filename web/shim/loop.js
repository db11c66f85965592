// The frame loop and its state machine: which state the pond is in, when the next frame comes, and what one costs.
// States: paused (the page's own pause) > hidden (tab hidden or scrolled out) > reduced-motion > empty (nothing to
// draw) > idle (pointer away: idleFps) > running. Only running and idle animate.

class Loop {
  constructor(p) {
    this.p = p;
    this.rafId = 0;
    this.timerId = 0;
    this.seekTimer = 0;
    this.lastTime = 0;       // rAF time of the previous simulated frame; 0 restarts the clock
    this.nextDue = 0;        // rAF time the next frame is due under the frame-rate cap
    this.timerWoke = false;  // this rAF was asked for by the low-rate timer, which already kept the cap
    this.seekStepMs = Infinity;
    this.lastState = '';
    // Bound once: requestAnimationFrame and setTimeout get the same functions every frame (nothing allocated).
    this.frame = this.frame.bind(this);
    this.wake = this.wake.bind(this);
    this.seekChunk = this.seekChunk.bind(this);
  }

  state() {
    const p = this.p;
    if (p.userPaused) return 'paused';
    if (p.pageHidden || p.offscreen) return 'hidden';
    if (p.prefersReduced && p.cfg.reducedMotion === 1) return 'reduced-motion';
    // Nothing moves and nothing is drawn: no loop at all (a 0-fish canvas once kept 1.5 cores busy in SwiftShader).
    if (p.cfg.fish === 0 && p.cfg.water === 0) return 'empty';
    if (p.pointerAway) return 'idle';
    return 'running';
  }

  animating() {
    const s = this.state();
    return !this.p.destroyed && (s === 'running' || s === 'idle');
  }

  // One still frame (paused, reduced motion, after a resize or a set()): counted, but no loop.
  drawOnce() {
    const p = this.p;
    if (!p.started || p.destroyed || p.contextLost || p.pageHidden || p.offscreen) return;
    const t0 = performance.now();
    if (drawPond(p, t0)) {
      p.frames++;
      p.renderMs = performance.now() - t0;
      p.perf.draw();
    }
  }

  // Frames a second the loop aims for now: the page's maxFps (S-COST-4), the quality level's rate, idleFps when idle.
  targetFps() {
    const p = this.p;
    let fps = Math.min(p.cfg.maxFps, p.governor.current().fps);
    if (this.state() === 'idle') fps = Math.min(fps, p.cfg.idleFps);
    return fps;
  }

  // A t=SECONDS seek takes at most SEEK_BUDGET_MS of a frame, in chunks sized from the measured step time (the first
  // chunk is one step, so a heavy school never freezes the page before it has been timed).
  seekSome() {
    const p = this.p;
    const start = performance.now();
    let n = 1;
    while (p.seekLeft > 0 && n > 0) {
      const t = performance.now();
      p.pond.step(n);
      p.seekLeft -= n;
      const end = performance.now();
      this.seekStepMs = Math.max(0.001, (end - t) / n);
      n = Math.min(p.seekLeft, Math.floor((SEEK_BUDGET_MS - (end - start)) * 0.9 / this.seekStepMs));
    }
  }

  // A seek asked for while paused or under reduced motion still lands: timer chunks of SEEK_BUDGET_MS, then one
  // still frame where it ends. Hidden, it waits (no work while hidden).
  seekWhileStill() {
    if (!this.seekTimer) this.seekTimer = setTimeout(this.seekChunk, 0);
  }
  seekChunk() {
    const p = this.p;
    this.seekTimer = 0;
    if (p.destroyed || p.seekLeft <= 0 || this.animating() || this.state() === 'hidden') return;
    this.seekSome();
    if (p.seekLeft > 0) this.seekTimer = setTimeout(this.seekChunk, 0);
    else this.drawOnce();
  }

  render(now) {
    const p = this.p;
    const timed = p.gpuTimer && !p.contextLost;
    if (timed) p.gpuTimer.begin();
    const drawn = !p.contextLost && drawPond(p, now);
    if (timed) {
      p.gpuTimer.end();
      p.gpuMs = p.gpuTimer.poll();
    }
    return drawn;
  }

  frame(now) {
    const p = this.p;
    this.rafId = 0;
    if (!p.canvas.isConnected) {  // the host left the document (a single-page app moved on): clean up
      p.destroyIfDetached();
      return;
    }
    if (!this.animating()) return;
    // A vsync that comes before the next frame is due is skipped: 120/144 Hz displays still get maxFps frames.
    const interval = 1000 / this.targetFps();
    if (!this.timerWoke && this.nextDue && now < this.nextDue - CAP_SLACK_MS) {
      this.schedule();
      return;
    }
    this.timerWoke = false;
    this.nextDue = this.nextDue && now - this.nextDue < interval ? this.nextDue + interval : now + interval;
    const dt = this.lastTime ? (now - this.lastTime) / 1000 : 0;
    this.lastTime = now;
    const t0 = performance.now();
    const seeking = p.seekLeft > 0;
    p.avoid.update();  // reads first, before this frame writes anything
    if (seeking) this.seekSome();
    else p.pond.advance(dt);
    const t1 = performance.now();
    if (this.render(now)) this.account(now, t0, t1, seeking);
    this.schedule();
  }

  // A drawn frame's numbers: the overlay, the fps window, and the frame budget.
  account(now, t0, t1, seeking) {
    const p = this.p;
    const t2 = performance.now();
    p.frames++;
    p.simMs = t1 - t0;
    p.renderMs = t2 - t1;
    p.frameTimes.push(t2);
    while (p.frameTimes.length && p.frameTimes[0] < t2 - 1000) p.frameTimes.shift();
    p.perf.push(p.simMs, p.renderMs);
    p.perf.draw();
    // The budget is about drawing: the simulation's 60 steps a second cost the same at every level. A software
    // rasterizer's timer queries time its queue across threads, not its work (SwiftShader: 15 ms a frame at 20 fps
    // and 18 ms at 42 fps): there the frame rate it holds decides, with the main thread's render time.
    const cost = p.softwareGL ? p.renderMs : Math.max(p.renderMs, p.gpuMs || 0);
    if (seeking) p.governor.reset();
    else if (p.governor.sample(now, cost, this.targetFps())) p.sizing.applyLevel();
  }

  // Full rate: one rAF per display frame. Below TIMER_BELOW_FPS (idle, a low level, a low maxFps): a timer wakes the
  // loop just before the next frame is due, so the page is not woken every vsync.
  schedule() {
    if (this.rafId || this.timerId || !this.animating()) return;
    if (this.targetFps() < TIMER_BELOW_FPS && this.p.seekLeft === 0 && this.nextDue) {
      this.timerId = setTimeout(this.wake, Math.max(0, this.nextDue - performance.now() - 8));
    } else {
      this.rafId = requestAnimationFrame(this.frame);
    }
  }
  wake() {
    this.timerId = 0;
    this.timerWoke = true;
    if (!this.rafId && this.animating()) this.rafId = requestAnimationFrame(this.frame);
  }

  stop() {
    if (this.rafId) cancelAnimationFrame(this.rafId);
    if (this.timerId) clearTimeout(this.timerId);
    this.rafId = this.timerId = 0;
    this.lastTime = this.nextDue = 0;
    this.p.governor.reset();
  }

  // Re-evaluates the state after any change: hidden/paused cancel every frame; running/idle (re)schedule.
  update() {
    const p = this.p;
    if (p.destroyed) return;
    // Detached: destroyed on the next frame unless it is back by then (a framework moving the host).
    if (!p.canvas.isConnected) setTimeout(p.destroyIfDetached, 0);
    const now = this.state();
    const changed = now !== this.lastState;
    this.lastState = now;
    if (!this.animating()) {
      this.stop();
      p.frameTimes.length = 0;
      if (changed && (now === 'reduced-motion' || now === 'paused' || now === 'empty')) this.drawOnce();
      if (p.seekLeft > 0 && (now === 'paused' || now === 'reduced-motion')) this.seekWhileStill();
      return;
    }
    if (now === 'running' && this.timerId) {  // back from idle: full rate at once
      clearTimeout(this.timerId);
      this.timerId = 0;
    }
    if (!this.rafId && !this.timerId) this.lastTime = this.nextDue = 0;  // no catching up the time it was stopped
    this.schedule();
  }
}

// Draws the school, then what an attached studio (mirofish-studio.js) overlays, in the same context and frame.
function drawPond(p, now) {
  const drawn = p.pond.render(now / 1000);
  if (drawn && p.studio) p.studio.frame();
  return drawn;
}
