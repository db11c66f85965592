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

// count() and studioArray(k) of the last frame; update(msg) takes the next one (its arrays are the studio's now).
export function framePond() {
  let count = 0,
    arrays = [];
  return {
    count: () => count,
    studioArray: (k) => arrays[k] || null,
    update(msg) {
      count = msg.count;
      arrays = msg.arrays;
    },
  };
}
