// Frame budget (S-COST-2): each pond measures what its frames cost and steps quality down when it cannot hold its
// rate (canvas resolution first, then cheap fish, then frame rate), and back up with hysteresis. It never touches the
// simulation, so a replay is exact at every level. Modelled on drei's PerformanceMonitor: averages over short windows,
// a lower and an upper bound with a margin between them, and a fixed level after a number of flip-flops.
// What it counts is the frames as they reach the screen: a late animation frame is the pipeline's cost (the GPU, the
// compositor, the machine), whatever the engine's own submit took; only a gap the page can show was its host's own
// work is left out. Three parts, each read alone: the measure (frame_window.js: windows, the host's stalls, the first
// frames), the ladder (quality_ladder.js: the levels and what a frame costs on each) and, here, the policy. Three
// things a device says are taken as said: frames evenly paced under the level's rate while its own work is cheap are a
// cap (a 30 Hz display, Low Power Mode, a throttled frame), not a cost; a context the browser calls slow (software GL:
// gl_probe.js) starts at the lowest level; the machine's CPU pressure (pressure.js) steps down and holds while it
// lasts. A step up stays only if its frames come (a trial), else the level is not tried again for a growing while.
import { FrameWindow, FIRST_FRAMES } from './frame_window.js';
import { describeLevel, predictCost, qualityLevels } from './quality_ladder.js';

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
const CAP_CHEAP = 0.25; // a cap: evenly paced frames (frame_window.js), the school's own work under a quarter of
// their interval...
const CAP_LEAST = 0.4; // ...at 40 % of the level's rate or more (30 of 60): what displays and browsers cap to; under
// it the frames are missed whatever their pacing
const CAP_LIFT = 1.1; // frames this much faster than the cap: it is gone
const PRESSURE_WATCH = 6; // pressure within this many windows (~3 s) of a step up is that step's cost
const PRESSURE_FLOOR_FPS = 30; // 'serious' CPU pressure never takes the rate under this (floor())
const FIRST_LATE = 2; // of the first frames (frame_window.js), at most this many came late: the pipeline keeps up

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
    this.window = new FrameWindow(QUALITY_WINDOW_MS, QUALITY_WINDOW_FRAMES); // what the frames measure
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
    this.windowIndex = 0; // windows closed so far: the policy's clock
    this.skip = 0; // windows left out after a change (the change's own cost)
    this.upStreak = 0; // windows of headroom in a row
    this.slowStreak = 0; // slow windows in a row
    this.trial = 0; // windows left for the last step up to deliver its rate (0: none under way)
    this.barUntil = 0; // the window until which a step up that failed bars the levels above (the back-off)
    this.upAt = -Infinity; // the window of the last step up, and the level it went to (the pressure's watch)
    this.upTo = -1;
    this.cap = 0; // the rate of a cap the frames showed (0: none): the levels are judged against it
    this.lastFps = 0; // the rate the last window delivered
    this.software = false; // the browser says the context is slow (gl_probe.js): no first-frames jump, no cap
    /** @type {'' | 'nominal' | 'fair' | 'serious' | 'critical'} the machine's CPU pressure ('': not observed) */
    this.pressure = '';
    this.pressureFrom = 0; // the level the pressure found (serious holds one below it)
    this.upWindows = QUALITY_UP_WINDOWS;
    this.holdWindows = QUALITY_HOLD_WINDOWS;
  }

  // How a host's stall is told from ours (frame_window.js hostStallRule); the loop sets it.
  get hostStalls() {
    return this.window.hostStalls;
  }
  set hostStalls(rule) {
    this.window.hostStalls = rule;
  }

  // Shorter windows, streaks and holds: the test bundle's hooks (handle._test.windows).
  /** @param {number} ms @param {number} frames @param {number} upWindows @param {number} [holdWindows] */
  tune(ms, frames, upWindows, holdWindows) {
    this.window.ms = ms;
    this.window.minFrames = frames;
    this.upWindows = upWindows;
    if (holdWindows) this.holdWindows = holdWindows;
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
    this.upAt = -Infinity;
    this.reset();
  }

  // Forget the running window (after a pause, a seek or a level change, the next frames aren't typical).
  reset() {
    this.window.reset();
    this.upStreak = 0;
    this.slowStreak = 0;
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
    const w = this.window;
    if (w.opens(now)) return false; // the first frame only starts the clock
    if (this.measuring) return w.first(now, costMs, targetFps, hostMs) && this.measured(targetFps);
    if (!w.add(now, costMs, targetFps, hostMs)) return false;
    this.windowIndex++;
    if (this.skip > 0) {
      this.skip--;
      return false;
    }
    return this.judge(w.fps, w.cost, w.even, targetFps, climb);
  }

  // A whole window: `fps` delivered, its frames' mean `cost`, `even` its pacing.
  /** @param {number} fps @param {number} cost @param {boolean} even @param {number} targetFps @param {boolean} climb */
  judge(fps, cost, even, targetFps, climb) {
    if (this.cap > 0 && fps > CAP_LIFT * this.cap) this.cap = 0; // the frames come faster: the cap is gone
    const rate = this.cap > 0 ? Math.min(targetFps, this.cap) : targetFps;
    const slow = fps < QUALITY_SLOW * rate;
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
        this.reason =
          costWords(fps, cost, heavy, this.budget, rate) + ': the lowest level, ' + describeLevel(this.current());
        return false;
      }
      this.level++;
      this.reason =
        costWords(fps, cost, heavy, this.budget, rate) + ': stepped down to ' + describeLevel(this.current());
      return this.changed();
    }
    // Under pressure no step up, but to the pressure floor ('serious' only): the frames a machine can give at 30 fps.
    const pressed = this.pressure === 'critical' || (this.pressure === 'serious' && this.level <= this.floor());
    if (!climb || pressed) {
      this.upStreak = 0;
      return false;
    }
    // A step up that was undone bars the levels above for its back-off, then they may be tried again.
    if (this.flips < QUALITY_MAX_FLIPS && this.windowIndex >= this.barUntil) this.ceiling = 0;
    // What a frame would cost one level up. The margin between this and the step-down bound (the budget) is the
    // hysteresis; the frames delivered must be the level's too.
    const predicted = predictCost(cost, this.current(), this.levels[Math.max(0, this.level - 1)]);
    const room = predicted < QUALITY_ROOM * this.budget && fps >= 0.92 * rate;
    if (!room) {
      this.upStreak = 0;
      return false;
    }
    if (++this.upStreak < this.upWindows || this.level === 0) return false;
    if (this.flips >= QUALITY_MAX_FLIPS && this.windowIndex - this.heldAt > this.holdWindows * 2 ** this.holds) {
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
    this.upAt = this.windowIndex;
    this.upTo = this.level;
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
    return this.undoStep(costWords(fps, cost, heavy, this.budget, rate));
  }

  // The last step up is undone, `why` (its measured cost) first in the reason.
  /** @param {string} why */
  undoStep(why) {
    const tried = this.current();
    this.level = Math.min(this.level + 1, this.levels.length - 1);
    this.failedStepUp();
    this.reason =
      why +
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
      const backoff = Math.max(1, Math.round(BACKOFF * this.holdWindows));
      this.barUntil = this.windowIndex + backoff * 2 ** (this.flips - 1 + this.holds);
    }
  }

  // The machine's CPU pressure (pressure.js): 'serious' steps down one level from where it found the school, never
  // under the pressure floor (floor()), 'critical' to the lowest, each held while it lasts (no step up, but under
  // 'serious' to the floor); 'fair' and 'nominal' end it. Returns true when the level changed. Where the GPU is the
  // CPU (software GL), the school's own frames are the pressure: what it costs the machine is then traded against
  // frames once, by the floor, rather than by falling to the lowest rate that any climb brings pressure back from.
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
    const to = state === 'critical' ? last : Math.max(this.level, Math.min(this.floor(), this.pressureFrom + 1));
    const moved = to !== this.level;
    this.measuring = false;
    // Pressure that would move the level within PRESSURE_WATCH windows of a step up came with that step (the
    // observer samples once a second): the step is undone and backed off, as one that did not deliver its frames.
    const since = this.windowIndex - this.upAt;
    if (moved && since <= PRESSURE_WATCH && this.level === this.upTo)
      return this.undoStep('CPU pressure ' + state + ', ' + since + (since === 1 ? ' window' : ' windows'));
    this.reason =
      'CPU pressure ' + state + ': ' + (moved ? 'stepped down to ' : 'held at ') + describeLevel(this.levels[to]);
    if (!moved) return false;
    this.level = to;
    this.trial = 0;
    return this.changed();
  }

  // The pressure floor: the best level at PRESSURE_FLOOR_FPS (or the page's maxFps, when lower), the lowest
  // resolution and the cheap fish. A machine under 'serious' pressure keeps it where its frames come (a smooth
  // school); only 'critical' pressure, or frames that do not come, take the school under it.
  floor() {
    const fps = Math.min(PRESSURE_FLOOR_FPS, this.levels[0].fps);
    let i = this.levels.length - 1;
    while (i > 0 && this.levels[i].fps < fps - 1e-3) i--;
    return i;
  }

  // The rate the loop aims for while the first frames are measured: the full rate, at the lowest level's resolution
  // and detail, so that their cadence says whether the pipeline keeps up with it.
  measuringFps() {
    return this.levels[0].fps;
  }

  // Whether the next frame is timed to the end of its drawing (gl.finish()): the first few measured ones
  // (frame_window.js).
  timesFinish() {
    return this.measuring && this.window.timesNext();
  }

  // The first frames at the lowest resolution, at the full rate: once FIRST_FRAMES are in, and only if they reached
  // the screen at the full rate (at most FIRST_LATE late: what a frame's own submit or gl.finish() cannot see, the
  // compositor's share, shows here), the school starts at the best level whose predicted cost leaves the same room as
  // a step up needs (QUALITY_ROOM); else at the lowest. From there it climbs or falls as usual: a start that the
  // screen does not hold is left within a window or two.
  /** @param {number} targetFps */
  measured(targetFps) {
    const w = this.window,
      fps = w.fps,
      cost = w.cost,
      late = w.firstLate;
    const here = this.current();
    this.measuring = false;
    let to = this.level;
    const keptUp = late <= FIRST_LATE;
    if (keptUp) {
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
      stalls: this.window.stalls,
    };
  }
}
