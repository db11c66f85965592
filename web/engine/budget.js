// A school's frame budget as the school holds it: what its frames cost (counted for stats() too) and the Governor
// (quality.js) that judges them, under the rule for the host's stalls where the engine runs (frame_window.js).

import { hostStallRule } from './frame_window.js';
import { IN_WORKER } from './pump.js';
import { Governor } from './quality.js';

export class Budget {
  #rule = hostStallRule(IN_WORKER);
  #governor;
  #frames = 0;
  /** @type {number[]} the times of the frames drawn within the last second, oldest first */
  #frameTimes = [];
  #simMs = 0;
  #renderMs = 0;
  /** @type {number | null} null until a GPU timer's result is in, or without one */
  #gpuMs = null;

  /** @param {boolean} software the browser says the context is slow (gl_probe.js) */
  constructor(software) {
    this.#governor = new Governor({ software, hostStalls: this.#rule });
  }

  get governor() {
    return this.#governor;
  }

  // A frame drawn: what its render cost, its simulation (`simMs` < 0: a still frame, no step), at `at` (0: not
  // counted in the frame rate).
  /** @param {number} renderMs @param {number} simMs @param {number} at */
  drawn(renderMs, simMs, at) {
    this.#frames++;
    this.#renderMs = renderMs;
    if (simMs >= 0) this.#simMs = simMs;
    if (at > 0) {
      const times = this.#frameTimes;
      times.push(at);
      while (times.length && times[0] < at - 1000) times.shift();
    }
  }

  // The school stopped animating: its frame rate starts again from nothing.
  stopped() {
    this.#frameTimes.length = 0;
  }

  /** @param {number | null} ms the GPU timer's last result (gl_probe.js) */
  gpu(ms) {
    this.#gpuMs = ms;
  }

  // The numbers for stats() at `now`.
  /** @param {number} now */
  timings(now) {
    const times = this.#frameTimes;
    while (times.length && times[0] < now - 1000) times.shift();
    return {
      frames: this.#frames,
      fps: times.length,
      simMs: this.#simMs,
      renderMs: this.#renderMs,
      gpuMs: this.#gpuMs,
    };
  }

  // A looping frame for the budget at `now`, which is about drawing: the simulation's 60 steps a second cost the same
  // at every level. Its cost is the render submit, or the GPU's time when larger (the render submit alone while the
  // first frames are measured: context.js times those to the end of their drawing). A software rasterizer gets no
  // timer queries (they time its queue across threads, not its work: SwiftShader 15 ms a frame at 20 fps and 18 ms at
  // 42 fps): there the frame rate it holds decides. True when the level changed.
  /** @param {number} now @param {number} targetFps @param {number} hostMs @param {boolean} climb */
  judge(now, targetFps, hostMs, climb) {
    const g = this.#governor;
    const cost = g.measuring ? this.#renderMs : Math.max(this.#renderMs, this.#gpuMs || 0);
    return g.sample(now, cost, targetFps, hostMs, climb);
  }

  // The rate the level aims for (the full rate while the first frames are measured), and whether a frame's callback
  // that starts late waited for the host (the 'late' rule, frame_window.js).
  levelFps() {
    const g = this.#governor;
    return g.measuring ? g.measuringFps() : g.current().fps;
  }
  stallsLate() {
    return this.#rule === 'late';
  }
}
