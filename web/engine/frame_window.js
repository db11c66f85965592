// The frame budget's measure (quality.js): the frames as they reach the screen, summed over windows of a least
// length and frame count, less what the host's own stalls took (S-COST-6); and the first frames of a school, counted
// apart (how many came late, the cost of the first few timed to the end of their drawing).

const STALL_FRAMES = 3; // 'gap' rule: a gap this many frame intervals long, after a cheap frame, is a stall
const EVEN_GAP = 1.5; // evenly paced: no frame interval in the window over 1.5x their mean
const FIRST_FRAMES = 8; // the first frames counted before the budget's first decision
const FIRST_TIMED = 4; // ...the first this many timed to the end of their drawing (gl.finish(), which blocks the
// thread it runs on: on the main thread, the page; the cadence of all FIRST_FRAMES says the rest)

// How the host's own stalls are told from ours (S-COST-6), by where the engine runs:
// - 'none': a Worker. The page's main thread cannot delay a Worker's animation frames, so every late frame is the
//   pipeline's: counted.
// - 'late': the page's main thread, where the browser stamps an animation frame with the time it was due (Chromium,
//   which also shows the page its Long Animation Frames): a callback that starts long after its stamp waited for the
//   host's task; that wait (hostMs, from the loop) is left out, and a frame held back by the GPU is not late.
// - 'gap': the main thread elsewhere (the stamp is the callback's own time): a gap of over STALL_FRAMES intervals
//   after a frame whose own work took under half an interval is taken for the host's.
/** @param {boolean} inWorker @returns {'none' | 'late' | 'gap'} the rule for an engine there, in this browser */
export function hostStallRule(inWorker) {
  if (inWorker) return 'none';
  const types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : null;
  return Array.isArray(types) && types.includes('long-animation-frame') ? 'late' : 'gap';
}

// The 'gap' rule's stall: the time past one interval of a long gap after a cheap frame, or 0.
/** @param {number} gap @param {number} costMs @param {number} interval */
function gapStall(gap, costMs, interval) {
  return gap > STALL_FRAMES * interval && costMs < 0.5 * interval ? gap - interval : 0;
}

export class FrameWindow {
  /** @type {'none' | 'late' | 'gap'} how a host's stall is told from ours (hostStallRule) */
  #hostStalls;
  #ms;
  #minFrames;
  // the running window (numbers only: nothing allocated per frame)
  #start = 0;
  #last = 0;
  #frames = 0;
  #costSum = 0;
  #stalled = 0;
  #maxGap = 0;
  #late = 0;
  #stalls = 0; // host stalls left out so far
  // What the window just closed measured (add() true), or the first frames (first() true): frames a second, their
  // mean cost, whether they were evenly paced, and (the first frames) how many came late.
  #fps = 0;
  #cost = 0;
  #even = false;
  #firstLate = 0;

  /**
   * @param {number} ms @param {number} frames a window's least length and frame count
   * @param {'none' | 'late' | 'gap'} hostStalls how a host's stall is told from ours (hostStallRule)
   */
  constructor(ms, frames, hostStalls) {
    this.#ms = ms;
    this.#minFrames = frames;
    this.#hostStalls = hostStalls;
  }

  // What the window just closed (or the first frames) measured, and the host stalls left out so far.
  get fps() {
    return this.#fps;
  }
  get cost() {
    return this.#cost;
  }
  get even() {
    return this.#even;
  }
  get firstLate() {
    return this.#firstLate;
  }
  get stalls() {
    return this.#stalls;
  }

  // Shorter windows: the test bundle's hooks (handle._test.windows).
  /** @param {number} ms @param {number} frames */
  tune(ms, frames) {
    this.#ms = ms;
    this.#minFrames = frames;
  }

  // Forget the running window (after a pause, a seek or a level change, the next frames aren't typical).
  reset() {
    this.#start = this.#frames = this.#costSum = this.#stalled = this.#maxGap = this.#late = 0;
  }

  // The first frame after a reset only starts the clock: true for it.
  /** @param {number} now */
  opens(now) {
    if (this.#start !== 0) return false;
    this.#start = this.#last = now;
    return true;
  }

  // One of a school's first frames at `now` (ms), costing `costMs`, the loop aiming at `targetFps`; `hostMs` of the
  // time since the last frame was the host's own task ('late' rule). True once FIRST_FRAMES are in: fps, cost (the
  // mean of the FIRST_TIMED timed ones) and firstLate (over 1.5 intervals) are theirs, and the next window starts.
  /** @param {number} now @param {number} costMs @param {number} targetFps @param {number} hostMs */
  first(now, costMs, targetFps, hostMs) {
    const gap = now - this.#last - (this.#hostStalls === 'late' ? hostMs : 0);
    this.#last = now;
    if (gap > 1.5 * (1000 / targetFps)) this.#late++;
    this.#frames++;
    if (this.#frames <= FIRST_TIMED) this.#costSum += costMs;
    if (this.#frames < FIRST_FRAMES) return false;
    this.#fps = (this.#frames * 1000) / Math.max(1, now - this.#start);
    this.#cost = this.#costSum / FIRST_TIMED;
    this.#firstLate = this.#late;
    this.#start = this.#last = now;
    this.#frames = this.#costSum = this.#late = this.#maxGap = 0;
    return true;
  }

  // Whether the next of the first frames is timed to the end of its drawing.
  timesNext() {
    return this.#frames < FIRST_TIMED;
  }

  // A frame of a window, as first(): true when the window closed (fps, cost and even are its) and the next started.
  /** @param {number} now @param {number} costMs @param {number} targetFps @param {number} hostMs */
  add(now, costMs, targetFps, hostMs) {
    const interval = 1000 / targetFps,
      gap = now - this.#last;
    this.#last = now;
    const host =
      this.#hostStalls === 'late'
        ? Math.min(hostMs, gap)
        : this.#hostStalls === 'gap'
          ? gapStall(gap, costMs, interval)
          : 0;
    if (host > 0) {
      this.#stalled += host;
      this.#stalls++;
    }
    if (gap - host > this.#maxGap) this.#maxGap = gap - host;
    this.#frames++;
    this.#costSum += costMs;
    const span = now - this.#start - this.#stalled;
    if (span < this.#ms || this.#frames < this.#minFrames) return false;
    this.#fps = (this.#frames * 1000) / span;
    this.#cost = this.#costSum / this.#frames;
    this.#even = this.#maxGap <= (EVEN_GAP * span) / this.#frames;
    this.#start = now;
    this.#frames = this.#costSum = this.#stalled = this.#maxGap = 0;
    return true;
  }
}

export { FIRST_FRAMES };
