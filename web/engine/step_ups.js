// The frame budget's step-ups (quality.js): each one on trial until its frames come; one that fails is undone, and
// the levels above it are barred for a back-off that doubles with each failure; after QUALITY_MAX_FLIPS failures the
// level holds, for a hold that doubles each time, then they are tried again. Its clock is the budget's: windows
// closed so far (`at`).

const QUALITY_MAX_FLIPS = 3; // step-ups that had to be undone before the level stays put...
const QUALITY_HOLD_WINDOWS = 240; // ...for ~2 min of windows, then it is tried again (each hold twice the last):
// a minute of load on the machine must not cap the page for good
const TRIAL_WINDOWS = 4; // a step up must deliver 80 % of its level's rate in one of the windows after it (~2-3 s)...
const BACKOFF = 1 / 12; // ...else it is undone and not tried again for 1/12 of a hold (20 windows, ~10 s), then
// twice that; after a hold (QUALITY_MAX_FLIPS) the back-offs start twice as long

export class StepUps {
  #holdWindows = QUALITY_HOLD_WINDOWS;
  #trial = 0; // windows left for the last step up to deliver its rate (0: none under way)
  #ceiling = 0; // the best level auto may climb back to
  #flips = 0; // step-ups undone since the last hold
  #holds = 0; // holds after flip-flops so far (each lasts twice the last)
  #heldAt = 0; // the window the current hold began
  #barUntil = 0; // the window until which a step up that failed bars the levels above (the back-off)
  #upAt = -Infinity; // the window of the last step up, and the level it went to (the pressure's watch)
  #upTo = -1;

  /** Step-ups undone since the last hold. */
  get flips() {
    return this.#flips;
  }

  /** Holds so far. */
  get holds() {
    return this.#holds;
  }

  /** Windows left for the last step up to deliver its rate (0: none on trial). */
  get trial() {
    return this.#trial;
  }

  // Shorter holds: the test bundle's hooks (handle._test.windows).
  /** @param {number} holdWindows */
  tune(holdWindows) {
    this.#holdWindows = holdWindows;
  }

  // A new start (auto's first frames, another mode): no bar and no hold.
  forget() {
    this.#ceiling = 0;
    this.#flips = this.#holds = 0;
  }

  // The same mode on a new ladder, at `level`: a bar never above it.
  /** @param {number} level */
  keepUnder(level) {
    this.#ceiling = Math.min(this.#ceiling, level);
  }

  // A new ladder: no trial under way, and no step up the pressure could be the cost of.
  restart() {
    this.#trial = 0;
    this.#upAt = -Infinity;
  }

  // The trial is over: the step up delivered, the frames were a cap, or the pressure moved the level.
  endTrial() {
    this.#trial = 0;
  }

  // A window of the trial without its level's rate: true when that was its last.
  /** @returns {boolean} */
  expired() {
    return --this.#trial === 0;
  }

  // After a step up's failure, its back-off over: the levels above may be tried again. (Not during a hold.)
  /** @param {number} at */
  liftBar(at) {
    if (this.#flips < QUALITY_MAX_FLIPS && at >= this.#barUntil) this.#ceiling = 0;
  }

  // Whether the level holds after flip-flops at window `at`; a hold that has lasted its time ends here (the levels
  // above may be tried again).
  /** @param {number} at */
  holding(at) {
    if (this.#flips >= QUALITY_MAX_FLIPS && at - this.#heldAt > this.#holdWindows * 2 ** this.#holds) {
      this.#holds++;
      this.#flips = 0;
      this.#ceiling = 0;
    }
    return this.#flips >= QUALITY_MAX_FLIPS;
  }

  // Whether a step up from `level` is allowed: the level above is not barred.
  /** @param {number} level */
  allows(level) {
    return level > this.#ceiling;
  }

  // A step up to `level` at window `at`: on trial.
  /** @param {number} level @param {number} at */
  began(level, at) {
    this.#trial = TRIAL_WINDOWS;
    this.#upAt = at;
    this.#upTo = level;
  }

  // Windows since the last step up, if it went to `level` (else Infinity): pressure soon after it was its cost.
  /** @param {number} level @param {number} at */
  since(level, at) {
    return level === this.#upTo ? at - this.#upAt : Infinity;
  }

  // The step up under trial failed, back at `level` now: the levels above are barred for a back-off that doubles
  // with each failure and each hold before; the QUALITY_MAX_FLIPS-th holds the level (holdWindows, twice as long each
  // time). Returns the words for the reason: held, or for how long not tried again.
  /** @param {number} level @param {number} at */
  failed(level, at) {
    this.#trial = 0;
    this.#ceiling = level;
    if (++this.#flips >= QUALITY_MAX_FLIPS) {
      this.#heldAt = at;
      return ', held';
    }
    const backoff = Math.max(1, Math.round(BACKOFF * this.#holdWindows));
    this.#barUntil = at + backoff * 2 ** (this.#flips - 1 + this.#holds);
    return ', not tried again for ' + (this.#barUntil - at) + ' windows';
  }
}
