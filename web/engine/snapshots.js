// Snapshots for the host: what the handle's reading methods answer at once (stats, params, hash, obstacles). At most
// one every SNAPSHOT_MS while frames run, with a trailing one so the last state always arrives; params, the hash and
// the obstacles ride only when something changed them.
import { guarded } from './guard.js';

/**
 * What the snapshots read of their school.
 * @typedef {Pick<import('./school.js').EngineSchool, 'canvas' | 'cfg' | 'failOnce' | 'flags' | 'budgetStats' |
 *   'id' | 'life' | 'out' | 'pond' | 'renderer' | 'seeking' | 'softwareGL' | 'state' | 'stopFrames' | 'timings'>}
 *   Snapshotted
 */

const SNAPSHOT_MS = 250; // a snapshot to the host at most this often while animating (and after every change)

export class Snapshots {
  #s;
  #last = 0;
  #timer = 0;
  #dirty = true;

  /** @param {Snapshotted} s what it reads of its school */
  constructor(s) {
    this.#s = s;
    this.post = guarded(s, this.post, this); // bound once (the trailing timer's callback), under the school's guard
  }

  // After a drawn frame: one now if the last is old enough, else one when it is.
  frame() {
    if (this.#timer) return;
    const wait = SNAPSHOT_MS - (performance.now() - this.#last);
    if (wait <= 0) this.post();
    else this.#timer = setTimeout(this.post, wait);
  }

  // Something the page reads changed (a set(), a hash, a command): params, hash and obstacles go too, at once.
  changed() {
    this.#dirty = true;
    this.post();
  }

  // At once, what the school is now (before a reply: once the page's Promise resolves every reading method sees it).
  now() {
    this.post();
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = 0;
  }

  post() {
    const s = this.#s;
    this.stop();
    if (s.life.destroyed) return;
    this.#last = performance.now();
    /** @type {import('../core/protocol.js').Snap} */
    const msg = { t: 'snap', id: s.id, stats: liveStats(s) };
    if (this.#dirty) {
      this.#dirty = false;
      msg.params = s.pond.params();
      msg.hash = s.pond.encodeHash();
      msg.obstacles = obstacleBoxes(s);
    }
    s.out(msg);
  }
}

// The school's obstacles in canvas CSS px (the host adds the canvas's place on the page).
/** @param {Snapshotted} s */
function obstacleBoxes(s) {
  const out = [];
  for (let k = 0; k < s.pond.obstacleCount(); k++) {
    out.push([
      s.pond.obstacleEdge(k, 0),
      s.pond.obstacleEdge(k, 1),
      s.pond.obstacleEdge(k, 2),
      s.pond.obstacleEdge(k, 3),
    ]);
  }
  return out;
}

/**
 * The engine's part of the page's stats(): checked against MiroFishStats (web/mirofish.d.ts) by `tsc -p web`.
 * @param {Snapshotted} s
 * @returns {import('../core/protocol.js').EngineStats}
 */
function liveStats(s) {
  const st = s.pond.stats(),
    tm = s.timings(),
    canvas = s.canvas;
  return {
    fish: st.fish,
    steps: st.steps,
    frames: tm.frames,
    fps: tm.fps,
    simMs: tm.simMs,
    renderMs: tm.renderMs,
    gpuMs: tm.gpuMs,
    state: s.state(),
    seeking: s.seeking(),
    rendering: st.rendering && !s.flags.lost,
    scares: st.scares,
    feeds: st.feeds,
    pellets: st.pellets,
    eaten: st.eaten,
    states: { cruise: st.cruise, sprint: st.sprint, hover: st.hover, startle: st.startle },
    form: { type: st.form, phase: st.formPhase, targets: st.formTargets, settled: st.formSettled, added: st.formAdded },
    maxFps: s.cfg.maxFps,
    quality: s.budgetStats(), // {mode, level, levels, dpr, detail, fps, reason, changes, stalls}
    softwareGL: s.softwareGL,
    renderer: s.renderer,
    canvas: { width: canvas.width, height: canvas.height }, // the backing store (the engine owns the canvas)
  };
}
