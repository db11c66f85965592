// S-DEV-6: the run a school's hash gives from step 0, recorded as `mirofish run --trajectory` writes it, on a second
// school in the wasm (the one on screen is not touched). Frames are copied out one at a time, so wasm memory never
// holds the whole recording; a request over the limits throws, before any stepping. The engine runs it in chunks.
import { describe } from '../core/index.js';

const MAX_TRAJECTORY_STEPS = 216000; // steps per call: one hour of simulation
const MAX_TRAJECTORY_BYTES = 256 * 1024 * 1024; // ...and the most Float32Array bytes it returns

// Returns the recording to run: `total` steps, work(n) steps n of them (copying each frame as it passes), done() the
// {data, meta} once all are taken, free() the second school.
/**
 * @param {import('./wasm.js').EngineModule} M @param {string} hash @param {*} steps @param {*} every the page's
 * @returns {{total: number, work: (n: number) => void, done: () => import('../mirofish').MiroFishTrajectory,
 *   free: () => void}}
 */
export function recordTrajectory(M, hash, steps, every) {
  const call = 'trajectory(' + describe(steps) + ', ' + describe(every) + '): ';
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'steps must be a whole number 0..' + MAX_TRAJECTORY_STEPS);
  }
  if (!Number.isInteger(every) || every < 1 || every > MAX_TRAJECTORY_STEPS) {
    throw new RangeError(call + 'every must be a whole number 1..' + MAX_TRAJECTORY_STEPS);
  }
  const run = new M.TrajectoryRun(hash);
  const free = () => run.delete();
  const first = run.frame(0);
  const floats = first.length; // 4 per fish
  const frames = Math.floor(steps / every) + 1;
  const bytes = frames * floats * 4;
  if (bytes > MAX_TRAJECTORY_BYTES) {
    free();
    throw new RangeError(
      call +
        frames +
        ' frames of ' +
        floats / 4 +
        ' fish are ' +
        Math.ceil(bytes / 1048576) +
        ' MB, over the ' +
        MAX_TRAJECTORY_BYTES / 1048576 +
        ' MB limit; record fewer frames (a larger every)',
    );
  }
  const data = new Float32Array(frames * floats);
  data.set(first, 0);
  let f = 1,
    at = 0; // the next frame, the steps taken
  return {
    total: (frames - 1) * every,
    work(n) {
      while (n > 0) {
        const k = Math.min(n, f * every - at);
        const view = run.frame(k);
        at += k;
        n -= k;
        if (at === f * every) data.set(view, floats * f++);
      }
    },
    done() {
      const meta = JSON.parse(run.meta(steps, every));
      free();
      return { data, meta };
    },
    free,
  };
}
