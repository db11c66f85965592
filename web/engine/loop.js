// The frame loop and its state machine: which state the school is in, when the next frame comes, and what one costs.
// States, in the order protocol.js's schoolState decides them: paused > hidden > lost (no GL context) > reduced-motion
// > empty (nothing to draw) > idle (pointer away: idleFps) > running. Only running and idle animate. It runs where the
// engine runs: a Worker's own requestAnimationFrame (OffscreenCanvas), or the page's.
import { schoolState } from '../core/index.js';
import { guarded } from './guard.js';
import { IN_WORKER, soon } from './pump.js';

const SEEK_BUDGET_MS = 8; // ms per slice a t=SECONDS seek may take: the page never freezes
const CAP_SLACK_MS = 2; // a frame this early for the maxFps cap still counts (vsync jitter)
const TIMER_BELOW_FPS = 50; // below this rate a timer wakes the loop, not every vsync
const IDLE_SHARE = 0.5; // a resting reader's rate, at most, of the full one (where idleFps slows it at all)
const STILL_WAIT_MS = 250; // a display frame that does not come by then (a throttled rAF) no longer holds replies

/** @type {(fn: FrameRequestCallback) => number} */
const raf =
  typeof requestAnimationFrame === 'function'
    ? (fn) => requestAnimationFrame(fn)
    : (fn) => setTimeout(() => fn(performance.now()), 16);
/** @type {(id: number) => void} */
const cancelRaf =
  typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);

// Up to `left` units of work(n) within `ms`, in batches sized from the measured cost of one (est.stepMs; the first
// batch is one unit, so a heavy school never freezes the page before it has been timed), at most doubling:
// performance.now() is coarse (0.1 ms in a page that is not cross-origin isolated), so a cheap unit can time as 0.
// Returns the units done; est.workMs adds up the time spent in work() (the step's own cost, for the overhead bench).
/**
 * @param {number} ms @param {number} left @param {(n: number) => void} work
 * @param {{stepMs: number, workMs: number}} est
 */
export function within(ms, left, work, est) {
  const start = performance.now();
  let done = 0,
    n = 1;
  while (done < left && n > 0) {
    const t = performance.now();
    work(n);
    done += n;
    const end = performance.now();
    est.stepMs = Math.max(0.001, (end - t) / n);
    est.workMs += end - t;
    n = Math.min(left - done, n * 2, Math.floor(((ms - (end - start)) * 0.9) / est.stepMs));
  }
  return done;
}

// `s` is the engine's school: its pond, cfg (readConfig), flags (what the page says); the loop tells it what happened
// (a frame drawn and what it cost, a frame for the budget, a still school) and the school decides what follows. A
// seek (a t=SECONDS hash, a school mounted again) is the loop's own: it steps the pond in slices.
export class Loop {
  #s;
  #rafId = 0;
  #timerId = 0;
  #seek = { left: 0, stepMs: Infinity, workMs: 0 }; // the steps left, and within()'s estimate
  #seekQueued = false;
  #stillGate = 0; // the rAF after a still frame: until it comes, further still frames wait for it
  #stillTimer = 0; // ...or until STILL_WAIT_MS have passed
  /** @type {(() => void)[]} */
  #stillWaiting = []; // what waits for that frame (a step's reply)
  #stillOwed = false; // a still frame skipped while hidden: drawn when the school shows again
  #lastTime = 0; // rAF time of the previous simulated frame; 0 restarts the clock
  #nextDue = 0; // rAF time the next frame is due under the frame-rate cap
  #timerWoke = false; // this rAF was asked for by the low-rate timer, which already kept the cap
  #lastState = '';
  #presentId = 0; // the animation frame a still frame is drawn again in (present())
  #presented = false; // a frame was drawn in an animation frame since the school last fell still
  #hostMs = 0; // of the time since the last frame, the host's own task ('late' rule)
  #frameAt = 0; // the time the governor reads for this frame: its stamp, or its callback's start ('late')
  #stepN;
  // The test bundle's stand-in for a slow compositor (handle._test.holdFrames): each frame is held this many ms per
  // megapixel of the backing store before the next is asked for, as a fill-bound GPU holds the next animation frame.
  #holdMsPerMp = 0;

  /**
   * @param {Pick<import('./school.js').EngineSchool, 'canvas' | 'cfg' | 'draw' | 'drawFrame' | 'failOnce' |
   *   'flags' | 'frameDrawn' | 'fellStill' | 'hostStallsLate' | 'id' | 'judgeFrame' | 'levelFps' | 'life' | 'onFrame' |
   *   'out' | 'pond' | 'resetBudget' | 'stopFrames'>} s what it reads of its school
   */
  constructor(s) {
    this.#s = s;
    // Bound once: requestAnimationFrame and setTimeout get the same functions every frame (nothing allocated). Each
    // runs under the school's guard (guard.js): a throw fails the school once instead of ending the chain silently.
    this.frame = guarded(s, this.frame, this);
    this.wake = guarded(s, this.wake, this);
    this.seekChunk = guarded(s, this.seekChunk, this);
    this.openGate = guarded(s, this.openGate, this);
    this.present = guarded(s, this.present, this);
    this.#stepN = (/** @type {number} */ n) => s.pond.step(n);
  }

  // A seek to `steps` from here (0: none); the state and the flags decide when its slices run (update()).
  /** @param {number} steps */
  seekTo(steps) {
    this.#seek.left = steps;
  }

  seeking() {
    return this.#seek.left > 0;
  }

  state() {
    return schoolState(this.#s.flags, this.#s.cfg);
  }

  animating() {
    const st = this.state();
    return !this.#s.life.destroyed && (st === 'running' || st === 'idle');
  }

  // One still frame (paused, reduced motion, after a resize or a set()): counted, but no loop.
  drawOnce() {
    const s = this.#s;
    if (!s.life.started || s.life.destroyed || s.flags.lost || s.flags.hidden || s.flags.offscreen) return;
    const t0 = performance.now();
    if (s.draw(t0)) {
      s.frameDrawn(performance.now() - t0, -1, 0);
      s.onFrame();
      if (IN_WORKER && !this.#presented && !this.#presentId) this.#presentId = raf(this.present);
    }
  }

  // A still frame that must show (the water's tone changed): drawn again in an animation frame, as the first one
  // after the school falls still is (present()).
  redrawStill() {
    this.#presented = false;
    this.drawOnce();
  }

  // WebKit shows a Worker's OffscreenCanvas only from frames drawn in one of the Worker's animation frames: a still
  // school's frames are drawn in a message's task, and its first one (reduced motion, a mount paused) would never show.
  // So the first still frame after the school falls still is drawn again in the next animation frame (not counted).
  present() {
    const s = this.#s;
    this.#presentId = 0;
    if (this.#presented || s.life.destroyed || this.animating() || !s.life.started || !this.canDraw()) return;
    if (s.draw(performance.now())) this.#presented = true;
  }

  // Frames a second the loop aims for now: the page's maxFps (S-COST-4), the quality level's rate (the full rate while
  // the budget measures its first frames); when idle and idleFps is under that, idleFps and at most IDLE_SHARE of it
  // (S-COST-8: a reader costs less than one who plays, at a 30 fps level too).
  targetFps() {
    const s = this.#s;
    const fps = Math.min(s.cfg.maxFps, s.levelFps());
    return this.state() === 'idle' && s.cfg.idleFps < fps ? Math.min(s.cfg.idleFps, IDLE_SHARE * fps) : fps;
  }

  // Whether the budget may step up: not while idleFps holds the rate under the level's (quality.js, sample()).
  climbs() {
    return this.targetFps() >= Math.min(this.#s.cfg.maxFps, this.#s.levelFps());
  }

  // A t=SECONDS seek takes at most SEEK_BUDGET_MS of a frame (within()).
  seekSome() {
    const seek = this.#seek;
    seek.left -= within(SEEK_BUDGET_MS, seek.left, this.#stepN, seek);
  }

  // A seek in slices of SEEK_BUDGET_MS back to back (pump.js), then one still frame where it ends: while paused or
  // under reduced motion on either path, and always in a Worker, where no page waits and the frames only draw
  // meanwhile. On the main thread a running school's frames take one slice each (frame()). Hidden, it waits.
  seekInSlices() {
    if (!this.#seekQueued) {
      this.#seekQueued = true;
      soon(this.seekChunk);
    }
  }
  seekChunk() {
    const s = this.#s;
    this.#seekQueued = false;
    if (s.life.destroyed || this.#seek.left <= 0 || (this.animating() && !IN_WORKER) || this.state() === 'hidden')
      return;
    this.seekSome();
    if (this.#seek.left > 0) this.seekInSlices();
    else this.still(noop);
  }

  // A still frame after a command (a step, a seek's end) on a school that is not animating: at most one per display
  // frame. The first draws at once; any more before the next display frame wait for it and share one frame. then()
  // runs once the frame is drawn, or at once when none will be (animating: its frames show it; hidden: nobody sees).
  /** @param {() => void} then */
  still(then) {
    if (this.animating() || !this.canDraw()) {
      if (!this.animating()) this.#stillOwed = true;
      then();
      return;
    }
    if (this.#stillGate) {
      this.#stillWaiting.push(then);
      return;
    }
    this.drawOnce();
    this.closeGate();
    then();
  }
  closeGate() {
    this.#stillGate = raf(this.openGate);
    this.#stillTimer = setTimeout(this.openGate, STILL_WAIT_MS);
  }
  openGate() {
    if (this.#stillGate) cancelRaf(this.#stillGate);
    clearTimeout(this.#stillTimer);
    this.#stillGate = this.#stillTimer = 0;
    const waiting = this.#stillWaiting,
      n = waiting.length;
    if (!n) return;
    if (!this.animating() && this.canDraw()) {
      this.drawOnce();
      this.closeGate();
    }
    for (let k = 0; k < n; k++) waiting[k]();
    waiting.splice(0, n);
  }
  canDraw() {
    const s = this.#s,
      f = s.flags;
    return s.life.started && !s.life.destroyed && !f.lost && !f.hidden && !f.offscreen;
  }

  /** @param {number} now */
  /** @param {number} now */
  frame(now) {
    this.#rafId = 0;
    if (!this.animating()) return;
    // A vsync that comes before the next frame is due is skipped: 120/144 Hz displays still get maxFps frames.
    const interval = 1000 / this.targetFps();
    if (!this.#timerWoke && this.#nextDue && now < this.#nextDue - CAP_SLACK_MS) {
      this.schedule();
      return;
    }
    this.#timerWoke = false;
    this.#nextDue = this.#nextDue && now - this.#nextDue < interval ? this.#nextDue + interval : now + interval;
    const s = this.#s;
    const dt = this.#lastTime ? (now - this.#lastTime) / 1000 : 0;
    this.#lastTime = now;
    const t0 = performance.now();
    // On the main thread under the 'late' rule (quality.js), a callback that starts over an interval after the time
    // its frame was due waited for the host's task: that wait is the host's, and the frame is timed from its start.
    const late = s.hostStallsLate();
    this.#hostMs = late ? Math.max(0, t0 - now - interval) : 0;
    this.#frameAt = late ? t0 : now;
    const seeking = this.#seek.left > 0;
    if (!seeking) s.pond.advance(dt);
    else if (!IN_WORKER) this.seekSome(); // in a Worker the seek's own slices step it (seekInSlices)
    const t1 = performance.now();
    if (s.drawFrame(now)) {
      this.#presented = true;
      this.account(this.#frameAt, t0, t1, seeking);
    }
    this.schedule();
  }

  // A drawn frame's numbers: to the school (what it cost, the frame rate), to the frame budget, then the host's
  // snapshot.
  /** @param {number} now @param {number} t0 @param {number} t1 @param {boolean} seeking */
  account(now, t0, t1, seeking) {
    const s = this.#s;
    const t2 = performance.now();
    s.frameDrawn(t2 - t1, t1 - t0, t2);
    if (seeking) s.resetBudget();
    else s.judgeFrame(now, this.targetFps(), this.#hostMs, this.climbs());
    s.onFrame();
  }

  // Full rate: one rAF per display frame. Below TIMER_BELOW_FPS (idle, a low level, a low maxFps): a timer wakes the
  // loop just before the next frame is due, so nothing is woken every vsync.
  schedule() {
    if (this.#rafId || this.#timerId || !this.animating()) return;
    if (MIROFISH_TEST && this.#holdMsPerMp > 0) {
      const c = this.#s.canvas;
      this.#timerId = setTimeout(this.wake, (this.#holdMsPerMp * c.width * c.height) / 1e6);
    } else if (this.targetFps() < TIMER_BELOW_FPS && this.#seek.left === 0 && this.#nextDue) {
      this.#timerId = setTimeout(this.wake, Math.max(0, this.#nextDue - performance.now() - 8));
    } else {
      this.#rafId = raf(this.frame);
    }
  }
  wake() {
    this.#timerId = 0;
    this.#timerWoke = true;
    if (!this.#rafId && this.animating()) this.#rafId = raf(this.frame);
  }

  stop() {
    if (this.#rafId) cancelRaf(this.#rafId);
    if (this.#timerId) clearTimeout(this.#timerId);
    this.#rafId = this.#timerId = 0;
    this.#lastTime = this.#nextDue = 0;
    this.#s.resetBudget();
  }

  dispose() {
    this.stop();
    if (this.#presentId) cancelRaf(this.#presentId);
    this.#presentId = 0;
    this.#stillWaiting.length = 0; // a destroyed school answers nothing more
    this.openGate();
  }

  // Re-evaluates the state after any change: hidden/paused cancel every frame; running/idle (re)schedule.
  update() {
    const s = this.#s;
    if (s.life.destroyed) return;
    const now = this.state();
    const changed = now !== this.#lastState;
    this.#lastState = now;
    if (!this.canDraw()) this.openGate(); // hidden or lost: what waits for a still frame goes on without it
    if (!this.animating()) {
      this.stop();
      if (changed) this.#presented = false;
      s.fellStill();
      const owed = this.#stillOwed && this.canDraw();
      if (owed || (changed && (now === 'reduced-motion' || now === 'paused' || now === 'empty'))) {
        this.#stillOwed = false;
        this.drawOnce();
      }
      if (this.#seek.left > 0 && (now === 'paused' || now === 'reduced-motion')) this.seekInSlices();
      if (changed) s.onFrame();
      return;
    }
    this.#stillOwed = false;
    if (this.#seek.left > 0 && IN_WORKER) this.seekInSlices();
    if (now === 'running' && this.#timerId) {
      // back from idle: full rate at once
      clearTimeout(this.#timerId);
      this.#timerId = 0;
    }
    if (!this.#rafId && !this.#timerId) this.#lastTime = this.#nextDue = 0; // no catching up the time it was stopped
    this.schedule();
    if (changed) s.onFrame();
  }

  // The test bundle's slow compositor (handle._test.holdFrames): ms per megapixel, 0 for none.
  /** @param {number} msPerMp */
  holdFrames(msPerMp) {
    this.#holdMsPerMp = msPerMp;
  }
}

function noop() {}
