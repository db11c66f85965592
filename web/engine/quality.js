// Frame budget (S-COST-2): each pond measures what its frames cost and steps quality down when it cannot hold its
// rate (canvas resolution first, then cheap fish, then frame rate), and back up with hysteresis. It never touches the
// simulation, so a replay is exact at every level. Modelled on drei's PerformanceMonitor: averages over short windows,
// a lower and an upper bound with a margin between them, and a fixed level after a number of flip-flops.
// What it counts is the frames as they reach the screen: a late animation frame is the pipeline's cost (the GPU, the
// compositor, the machine), whatever the engine's own submit took; only a gap the page can show was its host's own
// work is left out (hostStalls below). Three things a device says are taken as said: frames evenly paced under the
// level's rate while its own work is cheap are a cap (a 30 Hz display, Low Power Mode, a throttled frame), not a cost;
// a context the browser calls slow (software GL: gl_probe.js) starts at the lowest level; the machine's CPU pressure
// (pressure.js) steps down and holds while it lasts. A step up stays only if its frames come (a trial), else the level
// is not tried again for a growing while.

const QUALITY_WINDOW_MS = 500; // a decision needs at least this long...
const QUALITY_WINDOW_FRAMES = 6; // ...and this many frames
const QUALITY_UP_WINDOWS = 3; // windows of headroom in a row before a step up
const QUALITY_MAX_FLIPS = 3; // step-ups that had to be undone before the level stays put...
const QUALITY_HOLD_WINDOWS = 240; // ...for ~2 min of windows, then it is tried again (each hold twice the last):
// a minute of load on the machine must not cap the page for good
const QUALITY_SLOW = 0.8; // below 80 % of the level's frame rate: frames are being missed...
const QUALITY_SLOW_WINDOWS = 2; // ...in this many windows in a row (~1 s; one hiccup is not a level's cost)
const QUALITY_ROOM = 0.75; // the level above, as predicted, must cost under 3/4 of the budget: headroom
const TRIAL_WINDOWS = 4; // a step up must deliver 80 % of its level's rate in one of the windows after it (~2-3 s)...
const BACKOFF = 1 / 12; // ...else it is undone and not tried again for 1/12 of a hold (20 windows, ~10 s), then
// twice that; after a hold (QUALITY_MAX_FLIPS) the back-offs start twice as long
const CAP_EVEN = 1.5; // a cap: no frame interval in the window over 1.5x their mean (evenly paced)...
const CAP_CHEAP = 0.25; // ...the school's own work under a quarter of that interval...
const CAP_LEAST = 0.4; // ...at 40 % of the level's rate or more (30 of 60): what displays and browsers cap to; under
// it the frames are missed whatever their pacing
const CAP_LIFT = 1.1; // frames this much faster than the cap: it is gone
// Per-frame cost of the fish detail levels relative to the full koi (1 000 fish in SwiftShader: 69 / 85 / 93 ms).
const DETAIL_COST = [0.74, 0.91, 1];
const STALL_FRAMES = 3; // 'gap' rule: a gap this many frame intervals long, after a cheap frame, is a stall
const FIRST_FRAMES = 8; // frames measured at the lowest level, at the full rate, before the first decision
const FIRST_LATE = 2; // ...of which at most this many came late (over 1.5 intervals): the pipeline keeps up there
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

// Levels from best to cheapest: {dpr, detail (2 full koi, 1 cheap back layer, 0 all cheap), fps}.
/**
 * @typedef {{dpr: number, detail: number, fps: number}} Level
 * @param {number} deviceDpr @param {number} maxFps @returns {Level[]}
 */
export function qualityLevels(deviceDpr, maxFps) {
  const res = [deviceDpr];
  for (const r of [1.5, 1, 0.75, 0.5]) if (r < res[res.length - 1] - 1e-3) res.push(r);
  const levels = res.map((dpr) => ({ dpr, detail: 2, fps: maxFps }));
  const low = res[res.length - 1];
  levels.push({ dpr: low, detail: 1, fps: maxFps }, { dpr: low, detail: 0, fps: maxFps });
  for (const fps of [30, 20]) if (fps < maxFps) levels.push({ dpr: low, detail: 0, fps });
  return levels;
}

// What a frame costing `cost` at level `from` would cost at level `to`: pixels grow with dpr squared, the detail by
// DETAIL_COST; a higher frame rate costs the same per frame.
/** @param {number} cost @param {Level} from @param {Level} to */
function predictCost(cost, from, to) {
  return (cost * (to.dpr / from.dpr) ** 2 * DETAIL_COST[to.detail]) / DETAIL_COST[from.detail];
}

/** @param {Level} l */
export function describeLevel(l) {
  return (
    'dpr ' +
    +l.dpr.toFixed(2) +
    ', ' +
    ['cheap fish', 'cheap back layer', 'full koi'][l.detail] +
    ', ' +
    Math.round(l.fps) +
    ' fps'
  );
}

// The 'gap' rule's stall: the time past one interval of a long gap after a cheap frame, or 0.
/** @param {number} gap @param {number} costMs @param {number} interval */
function gapStall(gap, costMs, interval) {
  return gap > STALL_FRAMES * interval && costMs < 0.5 * interval ? gap - interval : 0;
}

// Why a level was left: its frames' cost over the budget, or the frames it delivered under 80 % of `rate`.
/** @param {number} fps @param {number} cost @param {boolean} heavy @param {number} budget @param {number} rate */
function costWords(fps, cost, heavy, budget, rate) {
  return heavy
    ? 'render ' + cost.toFixed(1) + ' ms over the ' + budget + ' ms budget'
    : fps.toFixed(1) + ' fps delivered, below ' + Math.round(QUALITY_SLOW * 100) + ' % of ' + Math.round(rate);
}

export class Governor {
  constructor() {
    /** @type {import('../mirofish').MiroFishQuality['mode']} */
    this.mode = 'auto';
    /** @type {'none' | 'late' | 'gap'} how a host's stall is told from ours (HOST_STALLS); the loop sets it */
    this.hostStalls = 'gap';
    this.configured = false;
    this.measuring = false; // auto's first frames, at the lowest level (measured())
    this.levels = qualityLevels(1, 60);
    this.level = 0;
    this.reason = 'starting at the top level';
    this.budget = 6;
    this.ceiling = 0; // the best level auto may climb back to
    this.flips = 0;
    this.holds = 0; // holds after flip-flops so far (each lasts twice the last)
    this.heldAt = 0; // the window the current hold began
    this.changes = 0;
    // window accumulators (numbers only: nothing allocated per frame)
    this.start = this.frames = this.cost = this.skip = this.upStreak = this.slowStreak = this.windowIndex = 0;
    this.last = this.stalled = this.stalls = 0;
    this.late = 0; // the first frames that came late (measured())
    this.maxGap = 0; // the window's longest frame interval (its pacing)
    this.trial = 0; // windows left for the last step up to deliver its rate (0: none under way)
    this.barUntil = 0; // the window until which a step up that failed bars the levels above (the back-off)
    this.cap = 0; // the rate of a cap the frames showed (0: none): the levels are judged against it
    this.lastFps = 0; // the rate the last window delivered
    this.software = false; // the browser says the context is slow (gl_probe.js): no first-frames jump, no cap
    /** @type {'' | 'nominal' | 'fair' | 'serious' | 'critical'} the machine's CPU pressure ('': not observed) */
    this.pressure = '';
    this.pressureFrom = 0; // the level the pressure found (serious holds one below it)
    // The window's length and frame count; the test bundle's hooks (handle._test) also fake the cost.
    this.tuning = {
      cost: -1,
      windowMs: QUALITY_WINDOW_MS,
      windowFrames: QUALITY_WINDOW_FRAMES,
      upWindows: QUALITY_UP_WINDOWS,
      holdWindows: QUALITY_HOLD_WINDOWS,
      judgeFrames: false, // with a faked cost the frame rate is not judged, unless a test asks (judgeFrames)
      /** @type {((stats: import('../mirofish').MiroFishQuality) => void) | null} */
      onLevel: null,
    };
  }

  current() {
    return this.levels[this.level];
  }

  // (Re)builds the levels for the device's DPR and the page's settings; keeps the level where it can.
  // Auto starts at the lowest level, whatever the renderer calls itself (WebKit says "Apple GPU" on llvmpipe): its
  // first frames, timed to the end of their drawing, say how far up it can start (measured()).
  /**
   * @param {import('../mirofish').MiroFishQuality['mode']} mode @param {number} deviceDpr @param {number} maxFps
   * @param {number} budget
   */
  configure(mode, deviceDpr, maxFps, budget) {
    const first = !this.configured;
    this.configured = true;
    const modeChanged = mode !== this.mode;
    this.mode = mode;
    this.budget = budget;
    const before = this.levels[this.level];
    this.levels = qualityLevels(deviceDpr, maxFps);
    const last = this.levels.length - 1;
    if (mode === 'high') {
      this.level = 0;
      this.reason = 'quality=high: fixed at the top level';
    } else if (mode === 'low') {
      this.level = last;
      this.reason = 'quality=low: fixed at the lowest level';
    } else if (first || modeChanged) {
      this.level = last;
      this.measuring = !this.software;
      this.ceiling = 0;
      this.flips = this.holds = 0;
      this.cap = 0;
      this.reason = this.software
        ? 'the browser says this WebGL is slow (software rendering): the lowest level, climbing on frames delivered'
        : 'measuring its first frames at the lowest level';
    } else {
      // Same place in the ladder: the same detail and frame rate, the nearest resolution.
      let best = 0;
      for (let i = 0; i < this.levels.length; i++) {
        const l = this.levels[i];
        if (l.detail === before.detail && l.fps === before.fps && l.dpr >= Math.min(before.dpr, deviceDpr) - 1e-3)
          best = i;
      }
      this.level = best;
      this.ceiling = Math.min(this.ceiling, this.level);
    }
    if (mode === 'auto' && this.pressure === 'critical') this.level = last;
    this.trial = 0;
    this.reset();
  }

  // Forget the running window (after a pause, a seek or a level change, the next frames aren't typical).
  reset() {
    this.start = 0;
    this.frames = 0;
    this.cost = 0;
    this.stalled = 0;
    this.upStreak = 0;
    this.slowStreak = 0;
    this.late = 0;
    this.maxGap = 0;
  }

  // One rendered frame at time `now` (ms) that cost `costMs` (render submit, or GPU time when larger); `hostMs` of the
  // time since the last frame was the host's own task ('late': the loop's measure; 0 elsewhere).
  // `targetFps` is what the frame loop aims for now (the level's rate, or less while idle); `climb` false (idleFps
  // holds the rate under the level's: a resting visitor, the pointer away) keeps the level where the full rate left
  // it: frames that are cheap at idleFps say nothing of the full rate, and a higher level would spend at rest what the
  // rest saved.
  // Returns true when the level changed.
  /**
   * @param {number} now @param {number} costMs @param {number} targetFps @param {number} [hostMs]
   * @param {boolean} [climb]
   */
  sample(now, costMs, targetFps, hostMs = 0, climb = true) {
    if (this.mode !== 'auto') return false;
    const t = this.tuning;
    const faked = MIROFISH_TEST && t.cost >= 0;
    if (this.start === 0) {
      // the first frame only starts the clock
      this.start = this.last = now;
      return false;
    }
    if (this.measuring) return this.measured(now, faked ? t.cost : costMs, targetFps, hostMs);
    // S-COST-6 the school judges its own pipeline, not the host's stalls (HOST_STALLS): what is left out is the
    // host's.
    const interval = 1000 / targetFps,
      gap = now - this.last;
    this.last = now;
    const host =
      this.hostStalls === 'late'
        ? Math.min(hostMs, gap)
        : this.hostStalls === 'gap'
          ? gapStall(gap, costMs, interval)
          : 0;
    if (host > 0) {
      this.stalled += host;
      this.stalls++;
    }
    if (gap - host > this.maxGap) this.maxGap = gap - host;
    this.frames++;
    this.cost += faked ? t.cost : costMs;
    const span = now - this.start - this.stalled;
    if (span < t.windowMs || this.frames < t.windowFrames) return false;
    const fps = (this.frames * 1000) / span;
    const cost = this.cost / this.frames;
    const even = this.maxGap <= (CAP_EVEN * span) / this.frames;
    this.windowIndex++;
    this.start = now;
    this.frames = 0;
    this.cost = 0;
    this.stalled = 0;
    this.maxGap = 0;
    if (this.skip > 0) {
      this.skip--;
      return false;
    }
    return this.judge(fps, cost, even, targetFps, !faked || t.judgeFrames, climb);
  }

  // A whole window: `fps` delivered, its frames' mean `cost`, `even` its pacing; `judged` false where a test fakes the
  // cost alone (the frame rate is then the machine's, not the test's).
  /**
   * @param {number} fps @param {number} cost @param {boolean} even @param {number} targetFps @param {boolean} judged
   * @param {boolean} climb
   */
  judge(fps, cost, even, targetFps, judged, climb) {
    if (this.cap > 0 && fps > CAP_LIFT * this.cap) this.cap = 0; // the frames come faster: the cap is gone
    const rate = this.cap > 0 ? Math.min(targetFps, this.cap) : targetFps;
    const slow = judged && fps < QUALITY_SLOW * rate;
    const heavy = cost > this.budget;
    // A cap, not a cost: evenly paced frames under the level's rate, the school's own work cheap, at a rate displays
    // and browsers cap to (a 30 Hz display, Low Power Mode, a throttled frame). Not under software GL, where every
    // frame is the CPU's work and a slow pipeline paces its frames just as evenly.
    const capped =
      slow && !heavy && !this.software && even && cost < (CAP_CHEAP * 1000) / fps && fps >= CAP_LEAST * targetFps;
    const before = this.lastFps;
    this.lastFps = fps;
    if (this.trial > 0) {
      // The last step up stays once a window delivers its level's rate, or the same capped frames as the level below
      // (the step cost no frame); heavy, or no such window in time, undoes it.
      if (capped && fps >= 0.92 * before) return this.capAt(fps, cost);
      if (!slow && !heavy) this.trial = 0;
      else if (heavy || --this.trial === 0) return this.undo(fps, cost, heavy, rate);
      else return false;
    }
    if (capped) return this.capAt(fps, cost);
    this.slowStreak = slow ? this.slowStreak + 1 : 0;
    if ((slow && this.slowStreak >= QUALITY_SLOW_WINDOWS) || heavy) {
      this.upStreak = 0;
      if (this.level >= this.levels.length - 1) {
        this.reason = 'lowest level, still ' + (heavy ? 'over budget' : 'missing frames');
        return false;
      }
      this.level++;
      this.reason =
        costWords(fps, cost, heavy, this.budget, rate) + ': stepped down to ' + describeLevel(this.current());
      return this.changed();
    }
    if (!climb || this.pressure === 'serious' || this.pressure === 'critical') {
      this.upStreak = 0;
      return false;
    }
    // A step up that was undone bars the levels above for its back-off, then they may be tried again.
    if (this.flips < QUALITY_MAX_FLIPS && this.windowIndex >= this.barUntil) this.ceiling = 0;
    // What a frame would cost one level up. The margin between this and the step-down bound (the budget) is the
    // hysteresis; the frames delivered must be the level's too.
    const predicted = predictCost(cost, this.current(), this.levels[Math.max(0, this.level - 1)]);
    const room = predicted < QUALITY_ROOM * this.budget && (!judged || fps >= 0.92 * rate);
    if (!room) {
      this.upStreak = 0;
      return false;
    }
    if (++this.upStreak < this.tuning.upWindows || this.level === 0) return false;
    if (this.flips >= QUALITY_MAX_FLIPS && this.windowIndex - this.heldAt > this.tuning.holdWindows * 2 ** this.holds) {
      this.holds++; // the hold is over: the levels above may be tried again
      this.flips = 0;
      this.ceiling = 0;
    }
    if (this.flips >= QUALITY_MAX_FLIPS) {
      this.reason = 'held after ' + this.flips + ' step-ups that did not hold: ' + describeLevel(this.current());
      return false;
    }
    if (this.level <= this.ceiling) return false;
    this.level--;
    this.reason =
      'headroom (render ' +
      cost.toFixed(1) +
      ' ms, ' +
      fps.toFixed(0) +
      ' fps): stepped up to ' +
      describeLevel(this.current());
    this.changed();
    this.trial = TRIAL_WINDOWS;
    return true;
  }

  // Frames capped at `fps`: the level holds, and is judged against that rate until frames come faster.
  /** @param {number} fps @param {number} cost */
  capAt(fps, cost) {
    this.cap = fps;
    this.trial = this.slowStreak = this.upStreak = 0;
    this.reason =
      'frames capped at ' +
      fps.toFixed(0) +
      ' fps (evenly paced, render ' +
      cost.toFixed(1) +
      ' ms): held at ' +
      describeLevel(this.current());
    return false;
  }

  // A step up that did not deliver: back down, and the level above is barred for a back-off that doubles with each
  // failure; after QUALITY_MAX_FLIPS the level holds (holdWindows, twice as long each time).
  /** @param {number} fps @param {number} cost @param {boolean} heavy @param {number} rate */
  undo(fps, cost, heavy, rate) {
    const tried = this.current();
    this.level = Math.min(this.level + 1, this.levels.length - 1);
    this.failedStepUp();
    this.reason =
      costWords(fps, cost, heavy, this.budget, rate) +
      ' after a step up to ' +
      describeLevel(tried) +
      ': back to ' +
      describeLevel(this.current()) +
      (this.flips >= QUALITY_MAX_FLIPS
        ? ', held'
        : ', not tried again for ' + (this.barUntil - this.windowIndex) + ' windows');
    return this.changed();
  }

  // The step up under trial failed: the levels above the one now in force are barred for a back-off that doubles
  // with each failure and each hold before; the QUALITY_MAX_FLIPS-th holds the level (holdWindows, twice as long each
  // time).
  failedStepUp() {
    this.trial = 0;
    this.ceiling = this.level;
    if (++this.flips >= QUALITY_MAX_FLIPS) this.heldAt = this.windowIndex;
    else {
      const backoff = Math.max(1, Math.round(BACKOFF * this.tuning.holdWindows));
      this.barUntil = this.windowIndex + backoff * 2 ** (this.flips - 1 + this.holds);
    }
  }

  // The machine's CPU pressure (pressure.js): 'serious' steps down one level from where it found the school,
  // 'critical' to the lowest, each held while it lasts (no step up); 'fair' and 'nominal' end it. Returns true when
  // the level changed.
  /** @param {'nominal' | 'fair' | 'serious' | 'critical'} state */
  pressed(state) {
    const was = this.pressure;
    this.pressure = state;
    if (this.mode !== 'auto' || state === was) return false;
    const under = (/** @type {typeof state | ''} */ p) => p === 'serious' || p === 'critical';
    if (!under(state)) {
      if (under(was)) this.reason = 'CPU pressure ' + state + ': may climb again from ' + describeLevel(this.current());
      return false;
    }
    const last = this.levels.length - 1;
    if (!under(was)) this.pressureFrom = this.level;
    const to = state === 'critical' ? last : Math.max(this.level, Math.min(last, this.pressureFrom + 1));
    const moved = to !== this.level;
    this.measuring = false;
    this.reason =
      'CPU pressure ' + state + ': ' + (moved ? 'stepped down to ' : 'held at ') + describeLevel(this.levels[to]);
    if (!moved) return false;
    this.level = to;
    // A step up still on trial brought the pressure: it failed, as one that did not deliver its frames.
    if (this.trial > 0) this.failedStepUp();
    return this.changed();
  }

  // The rate the loop aims for while the first frames are measured: the full rate, at the lowest level's resolution
  // and detail, so that their cadence says whether the pipeline keeps up with it.
  measuringFps() {
    return this.levels[0].fps;
  }

  // Whether the next frame is timed to the end of its drawing (gl.finish()): the first FIRST_TIMED measured ones.
  timesFinish() {
    return this.measuring && this.frames < FIRST_TIMED;
  }

  // The first frames at the lowest resolution, at the full rate: once FIRST_FRAMES are in, and only if they reached
  // the screen at the full rate (at most FIRST_LATE late: what a frame's own submit or gl.finish() cannot see, the
  // compositor's share, shows here), the school starts at the best level whose predicted cost leaves the same room as
  // a step up needs (QUALITY_ROOM); else at the lowest. From there it climbs or falls as usual: a start that the
  // screen does not hold is left within a window or two.
  /** @param {number} now @param {number} costMs @param {number} targetFps @param {number} hostMs */
  measured(now, costMs, targetFps, hostMs) {
    const gap = now - this.last - (this.hostStalls === 'late' ? hostMs : 0);
    this.last = now;
    if (gap > 1.5 * (1000 / targetFps)) this.late++;
    this.frames++;
    if (this.frames <= FIRST_TIMED) this.cost += costMs;
    if (this.frames < FIRST_FRAMES) return false;
    const fps = (this.frames * 1000) / Math.max(1, now - this.start),
      cost = this.cost / FIRST_TIMED,
      late = this.late;
    const here = this.current();
    this.measuring = false;
    this.start = now;
    this.last = now;
    this.frames = this.cost = this.late = this.maxGap = 0;
    let to = this.level;
    const keptUp = late <= FIRST_LATE;
    if (keptUp || (MIROFISH_TEST && this.tuning.cost >= 0)) {
      for (let i = this.levels.length - 1; i >= 0; i--) {
        if (predictCost(cost, here, this.levels[i]) >= QUALITY_ROOM * this.budget) break;
        to = i;
      }
    }
    this.reason =
      'measured ' +
      cost.toFixed(1) +
      ' ms a frame, ' +
      fps.toFixed(0) +
      ' fps delivered at the lowest resolution' +
      (keptUp ? '' : ', ' + late + ' of ' + FIRST_FRAMES + ' late for ' + Math.round(targetFps)) +
      ': started at ' +
      describeLevel(this.levels[to]);
    if (to === this.level) return false;
    this.level = to;
    return this.changed();
  }

  changed() {
    this.changes++;
    this.upStreak = this.slowStreak = 0;
    this.skip = 1; // the window right after a change pays for the change itself
    return true;
  }

  /** @returns {import('../mirofish').MiroFishQuality} */
  stats() {
    const l = this.current();
    return {
      mode: this.mode,
      level: this.level,
      levels: this.levels.length,
      dpr: l.dpr,
      detail: l.detail,
      fps: l.fps,
      reason: this.reason,
      changes: this.changes,
      stalls: this.stalls,
    };
  }
}
