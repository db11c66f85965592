// S-DEV-6: the run a school's hash gives from step 0, recorded as `mirofish run --trajectory` writes it, on a second
// school in the wasm (the one on screen is not touched). Frames are copied out one at a time, so wasm memory never
// holds the whole recording; a request over the limits throws, before any stepping.
import { describe } from '../util.js';

const MAX_TRAJECTORY_STEPS = 216000;             // steps per call: one hour of simulation
const MAX_TRAJECTORY_BYTES = 256 * 1024 * 1024;  // ...and the most Float32Array bytes it returns

export function recordTrajectory(M, hash, steps, every) {
  const call = 'trajectory(' + describe(steps) + ', ' + describe(every) + '): ';
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'steps must be a whole number 0..' + MAX_TRAJECTORY_STEPS);
  }
  if (!Number.isInteger(every) || every < 1 || every > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'every must be a whole number 1..' + MAX_TRAJECTORY_STEPS);
  }
  const run = new M.TrajectoryRun(hash);
  try {
    const first = run.frame(0);
    const floats = first.length;  // 4 per fish
    const frames = Math.floor(steps / every) + 1;
    const bytes = frames * floats * 4;
    if (bytes > MAX_TRAJECTORY_BYTES) {
      throw new RangeError(call + frames + ' frames of ' + floats / 4 + ' fish are ' + Math.ceil(bytes / 1048576) +
        ' MB, over the ' + MAX_TRAJECTORY_BYTES / 1048576 + ' MB limit; record fewer frames (a larger every)');
    }
    const data = new Float32Array(frames * floats);
    data.set(first, 0);
    for (let f = 1; f < frames; f++) data.set(run.frame(every), f * floats);
    return { data, meta: JSON.parse(run.meta(steps, every)) };
  } finally {
    run.delete();
  }
}
