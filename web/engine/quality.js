// Frame budget (S-COST-2): each pond measures what its frames cost and steps quality down when it cannot hold its
// rate (canvas resolution first, then cheap fish, then frame rate), and back up with hysteresis. It never touches the
// simulation, so a replay is exact at every level. Modelled on drei's PerformanceMonitor: averages over short windows,
// a lower and an upper bound with a margin between them, and a fixed level after a number of flip-flops.
// What it counts is the frames as they reach the screen: a late animation frame is the pipeline's cost (the GPU, the
// compositor, the machine), whatever the engine's own submit took; only a gap the page can show was its host's own
// work is left out. Its parts, each read alone: the measure (frame_window.js: windows, the host's stalls, the first
// frames), the ladder (quality_ladder.js: the levels and what a frame costs on each), the step-ups (step_ups.js: a
// trial, a back-off, a hold), the CPU pressure's rule (quality_pressure.js) and, here, the policy that joins them.
// Three things a device says are taken as said: frames evenly paced under the level's rate while its own work is
// cheap are a cap (a 30 Hz display, Low Power Mode, a throttled frame), not a cost; a context the browser calls slow
// (software GL: gl_probe.js) starts at the lowest level; the machine's CPU pressure steps down and holds while it lasts.
import { FrameWindow, FIRST_FRAMES } from './frame_window.js';
import { bestUnder, describeLevel, predictCost, qualityLevels, samePlace } from './quality_ladder.js';
import { pressureLine, pressureLevel, PRESSURE_WATCH, underPressure } from './quality_pressure.js';
import { StepUps } from './step_ups.js';

const QUALITY_WINDOW_MS = 500; // a decision needs at least this long...
const QUALITY_WINDOW_FRAMES = 6; // ...and this many frames
const QUALITY_UP_WINDOWS = 3; // windows of headroom in a row before a step up
const QUALITY_SLOW = 0.8; // below 80 % of the level's frame rate: frames are being missed...
const QUALITY_SLOW_WINDOWS = 2; // ...in this many windows in a row (~1 s; one hiccup is not a level's cost)
const QUALITY_ROOM = 0.75; // the level above, as predicted, must cost under 3/4 of the budget: headroom
const CAP_CHEAP = 0.25; // a cap: evenly paced frames (frame_window.js), the school's own work under a quarter of
// their interval...
const CAP_LEAST = 0.4; // ...at 40 % of the level's rate or more (30 of 60): what displays and browsers cap to; under
// it the frames are missed whatever their pacing
const CAP_LIFT = 1.1; // frames this much faster than the cap: it is gone
const FIRST_LATE = 2; // of the first frames (frame_window.js), at most this many came late: the pipeline keeps up

// Why a level was left: its frames' cost over the budget, or the frames it delivered under 80 % of `rate`.
/** @param {number} fps @param {number} cost @param {boolean} heavy @param {number} budget @param {number} rate */
function costWords(fps, cost, heavy, budget, rate) {
  return heavy
    ? 'render ' + cost.toFixed(1) + ' ms over the ' + budget + ' ms budget'
    : fps.toFixed(1) + ' fps delivered, below ' + Math.round(QUALITY_SLOW * 100) + ' % of ' + Math.round(rate);
}

/** @typedef {import('../mirofish').MiroFishQuality['mode']} Mode */
/** @typedef {import('./quality_pressure.js').PressureState} PressureState */

// Its state is #private, written only by its own methods (a misspelt field fails tsc); what others read of it has a
// getter.
export class Governor {
  /** @type {Mode} */
  #mode = 'auto';
  #window; // what the frames measure
  #steps = new StepUps(); // the step-ups' trial, back-off and hold
  #software; // the browser says the context is slow (gl_probe.js): no first-frames jump, no cap
  #configured = false;
  #measuring = false; // auto's first frames, at the lowest level (measured())
  #levels = qualityLevels(1, 60);
  #level = 0;
  #reason = 'starting at the top level';
  #budget = 6;
  #changes = 0;
  #windowIndex = 0; // windows closed so far: the policy's clock
  #skip = 0; // windows left out after a change (the change's own cost)
  #upStreak = 0; // windows of headroom in a row
  #slowStreak = 0; // slow windows in a row
  #cap = 0; // the rate of a cap the frames showed (0: none): the levels are judged against it
  #lastFps = 0; // the rate the last window delivered
  /** @type {PressureState | ''} the machine's CPU pressure ('': not observed) */
  #pressure = '';
  #pressureFrom = 0; // the level the pressure found (serious holds one below it)
  #upWindows = QUALITY_UP_WINDOWS;

  /**
   * @param {{software?: boolean, hostStalls?: 'none' | 'late' | 'gap'}} [device] whether the browser says the
   *   context is slow (gl_probe.js), and how a host's stall is told from ours (frame_window.js hostStallRule)
   */
  constructor({ software = false, hostStalls = 'gap' } = {}) {
    this.#software = software;
    this.#window = new FrameWindow(QUALITY_WINDOW_MS, QUALITY_WINDOW_FRAMES, hostStalls);
  }

  // What others read: the level in force (0 the best), the ladder, why (stats().quality.reason), whether auto's first
  // frames are being measured, and of the step-ups (step_ups.js) the trial's windows left, those undone since the last
  // hold and the holds so far.
  get level() {
    return this.#level;
  }
  get levels() {
    return this.#levels;
  }
  get reason() {
    return this.#reason;
  }
  get measuring() {
    return this.#measuring;
  }
  get trial() {
    return this.#steps.trial;
  }
  get flips() {
    return this.#steps.flips;
  }
  get holds() {
    return this.#steps.holds;
  }

  // Shorter windows, streaks and holds: the test bundle's hooks (handle._test.windows).
  /** @param {number} ms @param {number} frames @param {number} upWindows @param {number} [holdWindows] */
  tune(ms, frames, upWindows, holdWindows) {
    this.#window.tune(ms, frames);
    this.#upWindows = upWindows;
    if (holdWindows) this.#steps.tune(holdWindows);
  }

  // A level set from outside: the tests' cases that start at a given level.
  /** @param {number} level */
  place(level) {
    this.#level = level;
  }

  current() {
    return this.#levels[this.#level];
  }

  // (Re)builds the levels for the device's DPR and the page's settings; keeps the level where it can.
  // Auto starts at the lowest level, whatever the renderer calls itself (WebKit says "Apple GPU" on llvmpipe): its
  // first frames, timed to the end of their drawing, say how far up it can start (measured()).
  /** @param {Mode} mode @param {number} deviceDpr @param {number} maxFps @param {number} budget */
  configure(mode, deviceDpr, maxFps, budget) {
    const first = !this.#configured;
    this.#configured = true;
    const modeChanged = mode !== this.#mode;
    this.#mode = mode;
    this.#budget = budget;
    const before = this.#levels[this.#level];
    this.#levels = qualityLevels(deviceDpr, maxFps);
    const last = this.#levels.length - 1;
    if (mode === 'high') {
      this.#level = 0;
      this.#reason = 'quality=high: fixed at the top level';
    } else if (mode === 'low') {
      this.#level = last;
      this.#reason = 'quality=low: fixed at the lowest level';
    } else if (first || modeChanged) {
      this.#level = last;
      this.#measuring = !this.#software;
      this.#steps.forget();
      this.#cap = 0;
      this.#reason = this.#software
        ? 'the browser says this WebGL is slow (software rendering): the lowest level, climbing on frames delivered'
        : 'measuring its first frames at the lowest level';
    } else {
      this.#level = samePlace(this.#levels, before, deviceDpr);
      this.#steps.keepUnder(this.#level);
    }
    if (mode === 'auto' && this.#pressure === 'critical') this.#level = last;
    this.#steps.restart();
    this.reset();
  }

  // Forget the running window (after a pause, a seek or a level change, the next frames aren't typical).
  reset() {
    this.#window.reset();
    this.#upStreak = 0;
    this.#slowStreak = 0;
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
    if (this.#mode !== 'auto') return false;
    const w = this.#window;
    if (w.opens(now)) return false; // the first frame only starts the clock
    if (this.#measuring) return w.first(now, costMs, targetFps, hostMs) && this.measured(targetFps);
    if (!w.add(now, costMs, targetFps, hostMs)) return false;
    this.#windowIndex++;
    if (this.#skip > 0) {
      this.#skip--;
      return false;
    }
    return this.judge(w.fps, w.cost, w.even, targetFps, climb);
  }

  // A whole window: `fps` delivered, its frames' mean `cost`, `even` its pacing.
  /** @param {number} fps @param {number} cost @param {boolean} even @param {number} targetFps @param {boolean} climb */
  judge(fps, cost, even, targetFps, climb) {
    if (this.#cap > 0 && fps > CAP_LIFT * this.#cap) this.#cap = 0; // the frames come faster: the cap is gone
    const rate = this.#cap > 0 ? Math.min(targetFps, this.#cap) : targetFps;
    const slow = fps < QUALITY_SLOW * rate;
    const heavy = cost > this.#budget;
    // A cap, not a cost: evenly paced frames under the level's rate, the school's own work cheap, at a rate displays
    // and browsers cap to (a 30 Hz display, Low Power Mode, a throttled frame). Not under software GL, where every
    // frame is the CPU's work and a slow pipeline paces its frames just as evenly.
    const capped =
      slow && !heavy && !this.#software && even && cost < (CAP_CHEAP * 1000) / fps && fps >= CAP_LEAST * targetFps;
    const before = this.#lastFps;
    this.#lastFps = fps;
    const steps = this.#steps;
    if (steps.trial > 0) {
      // The last step up stays once a window delivers its level's rate, or the same capped frames as the level below
      // (the step cost no frame); heavy, or no such window in time, undoes it.
      if (capped && fps >= 0.92 * before) return this.capAt(fps, cost);
      if (!slow && !heavy) steps.endTrial();
      else if (heavy || steps.expired()) return this.undoStep(costWords(fps, cost, heavy, this.#budget, rate));
      else return false;
    }
    if (capped) return this.capAt(fps, cost);
    this.#slowStreak = slow ? this.#slowStreak + 1 : 0;
    if ((slow && this.#slowStreak >= QUALITY_SLOW_WINDOWS) || heavy) {
      this.#upStreak = 0;
      const words = costWords(fps, cost, heavy, this.#budget, rate);
      if (this.#level >= this.#levels.length - 1) {
        this.#reason = words + ': the lowest level, ' + describeLevel(this.current());
        return false;
      }
      this.#level++;
      this.#reason = words + ': stepped down to ' + describeLevel(this.current());
      return this.changed();
    }
    // Under pressure no step up, but to the pressure line ('serious' only): the frames a machine can give at 30 fps.
    const pressed =
      this.#pressure === 'critical' || (this.#pressure === 'serious' && this.#level <= this.pressureLine());
    if (!climb || pressed) {
      this.#upStreak = 0;
      return false;
    }
    // A step up that was undone bars the levels above for its back-off, then they may be tried again.
    steps.liftBar(this.#windowIndex);
    // What a frame would cost one level up. The margin between this and the step-down bound (the budget) is the
    // hysteresis; the frames delivered must be the level's too.
    const predicted = predictCost(cost, this.current(), this.#levels[Math.max(0, this.#level - 1)]);
    const room = predicted < QUALITY_ROOM * this.#budget && fps >= 0.92 * rate;
    if (!room) {
      this.#upStreak = 0;
      return false;
    }
    if (++this.#upStreak < this.#upWindows || this.#level === 0) return false;
    if (steps.holding(this.#windowIndex)) {
      this.#reason = 'held after ' + steps.flips + ' step-ups that did not hold: ' + describeLevel(this.current());
      return false;
    }
    if (!steps.allows(this.#level)) return false;
    this.#level--;
    const was = `render ${cost.toFixed(1)} ms, ${fps.toFixed(0)} fps`;
    this.#reason = `headroom (${was}): stepped up to ${describeLevel(this.current())}`;
    this.changed();
    steps.began(this.#level, this.#windowIndex);
    return true;
  }

  // Frames capped at `fps`: the level holds, and is judged against that rate until frames come faster.
  /** @param {number} fps @param {number} cost */
  capAt(fps, cost) {
    this.#cap = fps;
    this.#steps.endTrial();
    this.#slowStreak = this.#upStreak = 0;
    const pace = `evenly paced, render ${cost.toFixed(1)} ms`;
    this.#reason = `frames capped at ${fps.toFixed(0)} fps (${pace}): held at ${describeLevel(this.current())}`;
    return false;
  }

  // The last step up is undone, `why` (its measured cost) first in the reason; the levels above are barred for a
  // while, or held (step_ups.js).
  /** @param {string} why */
  undoStep(why) {
    const tried = this.current();
    this.#level = Math.min(this.#level + 1, this.#levels.length - 1);
    const barred = this.#steps.failed(this.#level, this.#windowIndex);
    this.#reason =
      why + ' after a step up to ' + describeLevel(tried) + ': back to ' + describeLevel(this.current()) + barred;
    return this.changed();
  }

  // The machine's CPU pressure changed (pressure.js; what it does: quality_pressure.js). Returns true when the level
  // changed.
  /** @param {PressureState} state */
  pressed(state) {
    const was = this.#pressure;
    this.#pressure = state;
    if (this.#mode !== 'auto' || state === was) return false;
    if (!underPressure(state)) {
      if (underPressure(was))
        this.#reason = 'CPU pressure ' + state + ': may climb again from ' + describeLevel(this.current());
      return false;
    }
    if (!underPressure(was)) this.#pressureFrom = this.#level;
    const to = pressureLevel(state, this.#level, this.#pressureFrom, this.#levels);
    const moved = to !== this.#level;
    this.#measuring = false;
    // Pressure that would move the level within PRESSURE_WATCH windows of a step up came with that step (the
    // observer samples once a second): the step is undone and backed off, as one that did not deliver its frames.
    const since = this.#steps.since(this.#level, this.#windowIndex);
    if (moved && since <= PRESSURE_WATCH)
      return this.undoStep('CPU pressure ' + state + ', ' + since + (since === 1 ? ' window' : ' windows'));
    this.#reason =
      'CPU pressure ' + state + ': ' + (moved ? 'stepped down to ' : 'held at ') + describeLevel(this.#levels[to]);
    if (!moved) return false;
    this.#level = to;
    this.#steps.endTrial();
    return this.changed();
  }

  // The pressure line (quality_pressure.js): 'serious' pressure holds the school there.
  pressureLine() {
    return pressureLine(this.#levels);
  }

  // The rate the loop aims for while the first frames are measured: the full rate, at the lowest level's resolution
  // and detail, so that their cadence says whether the pipeline keeps up with it.
  measuringFps() {
    return this.#levels[0].fps;
  }

  // Whether the next frame is timed to the end of its drawing (gl.finish()): the first few measured ones
  // (frame_window.js).
  timesFinish() {
    return this.#measuring && this.#window.timesNext();
  }

  // The first frames at the lowest resolution, at the full rate: once FIRST_FRAMES are in, and only if they reached
  // the screen at the full rate (at most FIRST_LATE late: what a frame's own submit or gl.finish() cannot see, the
  // compositor's share, shows here), the school starts at the best level whose predicted cost leaves the same room as
  // a step up needs (QUALITY_ROOM); else at the lowest. From there it climbs or falls as usual: a start that the
  // screen does not hold is left within a window or two.
  /** @param {number} targetFps */
  measured(targetFps) {
    const w = this.#window,
      fps = w.fps,
      cost = w.cost,
      late = w.firstLate;
    const here = this.current();
    this.#measuring = false;
    let to = this.#level;
    const keptUp = late <= FIRST_LATE;
    if (keptUp) to = bestUnder(this.#levels, here, cost, QUALITY_ROOM * this.#budget, to);
    const first = `${cost.toFixed(1)} ms a frame, ${fps.toFixed(0)} fps delivered at the lowest resolution`;
    const lateFor = keptUp ? '' : `, ${late} of ${FIRST_FRAMES} late for ${Math.round(targetFps)}`;
    this.#reason = `measured ${first}${lateFor}: started at ${describeLevel(this.#levels[to])}`;
    if (to === this.#level) return false;
    this.#level = to;
    return this.changed();
  }

  changed() {
    this.#changes++;
    this.#upStreak = this.#slowStreak = 0;
    this.#skip = 1; // the window right after a change pays for the change itself
    return true;
  }

  /** @returns {import('../mirofish').MiroFishQuality} */
  stats() {
    const l = this.current();
    return {
      mode: this.#mode,
      level: this.#level,
      levels: this.#levels.length,
      dpr: l.dpr,
      detail: l.detail,
      fps: l.fps,
      reason: this.#reason,
      changes: this.#changes,
      stalls: this.#window.stalls,
    };
  }
}
