// The school's arrays as the studio reads them: the last studioFrame message the engine sent (after each drawn frame,
// on either thread: web/engine/commands.js postStudioFrame), by the indices of the constants table
// (src/base/constants.h kStudio*, which C++ Pond::studioArray and the engine use too).
import {
  kStudioFishArrays,
  kStudioHX,
  kStudioHY,
  kStudioMetrics,
  kStudioStates,
  kStudioX,
  kStudioY,
} from 'mirofish-constants';

export const FISH_ARRAYS = kStudioFishArrays; // the fish's floats: x, y, vx, vy, hx, hy, panic, forceScale
export const METRICS_ARRAY = kStudioMetrics; // the last step's StepMetrics, as its bytes
export const STATES_ARRAY = kStudioStates; // the fish's behaviour states, a byte each (FishState)
export const X = kStudioX,
  Y = kStudioY,
  HX = kStudioHX,
  HY = kStudioHY;

/** @typedef {import('../core/protocol.js').StudioFrame} StudioFrame */

// The last frame's arrays; update(msg) takes the next one (its arrays are the studio's now).
export class LastFrame {
  #count = 0;
  /** @type {StudioFrame['arrays']} */
  #arrays = [];
  /** @param {StudioFrame} msg */
  update(msg) {
    this.#count = msg.count;
    this.#arrays = msg.arrays;
  }
  /** @returns {number} the fish in the last frame */
  count() {
    return this.#count;
  }
  // Fish array k (below FISH_ARRAYS: X, Y, HX, HY...), a float a fish; null before the first frame.
  /** @param {number} k @returns {Float32Array | null} */
  floats(k) {
    return /** @type {Float32Array | null} */ (this.#arrays[k] || null);
  }
  // Array k of bytes: the StepMetrics (METRICS_ARRAY) or the behaviour states (STATES_ARRAY); null before the first
  // frame.
  /** @param {number} k @returns {Uint8Array | null} */
  bytes(k) {
    return /** @type {Uint8Array | null} */ (this.#arrays[k] || null);
  }
}
