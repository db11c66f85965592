// One school as the engine runs it: a C++ Pond drawing on its canvas (an OffscreenCanvas in the Worker, or the page's
// canvas on the main thread), its frame loop, frame budget and resolution. It knows nothing of the DOM: the host tells
// it the page's state in messages (flags, view, pointer, obstacles, hash) and it answers with snapshots.
import { findInfo } from '../core/index.js';
import { applyHash, applyOptions, continueFrom, readConfig } from './config.js';
import { Context, giveBack } from './context.js';
import { Budget } from './budget.js';
import { probeRenderer, slowContext } from './gl_probe.js';
import { guarded } from './guard.js';
import { Loop } from './loop.js';
import { Picture } from './picture.js';
import { Pressure } from './pressure.js';
import { Resolution } from './resolution.js';
import { Snapshots } from './snapshots.js';
import { Warnings } from './warnings.js';

/** @typedef {import('../core/protocol.js').PostToHost} PostToHost */
/** @typedef {import('./wasm.js').EngineModule} EngineModule */
/** @typedef {import('../core/protocol.js').Ready['table']} Table */
/** @typedef {OffscreenCanvas | HTMLCanvasElement} Canvas */

/**
 * What the page says (host messages), and `lost` (the context's).
 * @typedef {Required<Omit<import('../core/protocol.js').Flags, 'text'>> & {text?: number, lost: boolean}} Flags
 * @typedef {ReturnType<typeof readConfig>} Config
 * @typedef {{started: boolean, continued: boolean, destroyed: boolean, failed: boolean}} Life
 */

// Its parts: the pond (C++), the loop (frames, states, a pending seek), the resolution (the view, the backing store,
// the quality level), the context (canvas, GL context, its loss), the snapshots (what the host reads), the CPU
// pressure, the frame budget (budget.js, judged by quality.js), the warnings. What they share: the page's flags, what
// the params mean for the loop (cfg), its life. The school is the one caller of its parts: a part tells it what
// happened through its methods below, and it decides which part acts next; commands.js calls them too. What it is
// given at the start is @readonly; its state is #private, written only by its own methods (a misspelt field fails
// tsc), and what the parts read of it has a getter.
export class EngineSchool {
  #budget;
  /** @type {Config} What each frame reads of the params (config.js readConfig). */
  #cfg = { maxFps: 60, idleFps: 20, reducedMotion: 1, water: 0, fish: 0 };
  /** @type {Flags} */
  #flags;
  // started; went on from the page before's school (host/carry.js); destroyed; failed: a throw in its work stopped it
  // for good (guard.js)
  /** @type {Life} */
  #life = { started: false, continued: false, destroyed: false, failed: false };
  #lastWorkMs = 0;
  /** @type {{frame: () => void} | null} An attached studio (mirofish-studio.js): frame() after each drawn frame. */
  #studio = null;
  #warnings;
  #context;
  #loop;
  #resolution;
  #snapshots;
  #pressure;
  #picture = new Picture(this); // the school for the next page (picture.js)

  /**
   * @param {EngineModule} M the Emscripten module
   * @param {Table} table the parameter table
   * @param {import('../core/protocol.js').Mount} init
   * @param {PostToHost} out
   * @param {import('./wasm.js').Pond} pond the C++ Pond, attached to init.canvas
   * @param {WebGL2RenderingContext} gl the context it made there
   * @param {(canvas: Canvas) => string} attach
   */
  constructor(M, table, init, out, pond, gl, attach) {
    /** @readonly */ this.M = M;
    /** @readonly */ this.table = table;
    /** @readonly */ this.id = init.id;
    /** @readonly */ this.out = out;
    /** @readonly */ this.pond = pond;
    /** @readonly */ this.renderer = probeRenderer(gl);
    /** @readonly */ this.softwareGL = slowContext();
    this.#budget = new Budget(this.softwareGL);
    this.#flags = Object.assign(
      { paused: false, hidden: false, offscreen: false, away: false, reduced: false, lost: false },
      init.flags,
    );
    this.#warnings = new Warnings(out, init.once);
    this.#context = new Context(this, init.canvas, gl, attach);
    this.#loop = new Loop(this);
    this.#resolution = new Resolution(this, init.view);
    this.#snapshots = new Snapshots(this);
    this.#pressure = new Pressure(this, (fn, self) => guarded(this, fn, self));
  }

  // What the parts read: the budget's level and its stats, the params each frame reads, the page's flags, its life,
  // and the steps' own time in the last long call.
  level() {
    return this.#budget.governor.current();
  }
  budgetStats() {
    return this.#budget.governor.stats();
  }
  // The parts the test bundle's hooks put their stand-ins into (test_hooks.js); the shipped files never call it.
  forTest() {
    return { governor: this.#budget.governor, loop: this.#loop, context: this.#context };
  }
  /** @returns {Readonly<Config>} */
  get cfg() {
    return this.#cfg;
  }
  /** @returns {Readonly<Flags>} */
  get flags() {
    return this.#flags;
  }
  /** @returns {Readonly<Life>} */
  get life() {
    return this.#life;
  }
  get lastWorkMs() {
    return this.#lastWorkMs;
  }

  // Configuration first (options < hash), then the school, then what follows the page.
  /** @param {import('../core/protocol.js').Mount} init */
  start(init) {
    this.#context.watch();
    this.#resolution.worldFollows(applyOptions(this, init.options, init.box));
    const linked = applyHash(this, init.ours);
    this.pond.begin();
    // The page before's school goes on here, unless a link's hash says which school this is (a link is a promise).
    const steps = init.steps || 0; // a seek back to a failed school's steps (host/heal.js), or none
    if (init.from && !linked && !(steps > 0) && continueFrom(this, init.from)) {
      this.#life.continued = true;
      if (init.fromPaused) this.#flags.paused = true; // the page before's pause, from its first frame (host/carry.js)
    }
    // A school mounted again after a failure (host/heal.js) seeks back to the steps it had: same hash, same steps,
    // same state.
    if (steps > 0) this.#loop.seekTo(steps);
    this.#cfg = readConfig(this.pond);
    this.checkSanity();
    this.checkTone();
    this.#resolution.resize(false);
    this.#life.started = true;
    this.#loop.update();
    this.#snapshots.changed();
  }

  /** The canvas the school draws on (the context's: a lost one is replaced). */
  get canvas() {
    return this.#context.canvas;
  }

  /** Which state the school is in (protocol.js schoolState). */
  state() {
    return this.#loop.state();
  }

  // ---- what the host's messages do (commands.js) ----

  // The page's flags: the loop follows them, a new canvas that waited while hidden is asked for now, and a snapshot
  // has the steps and the state as they stopped (a pause, a hidden tab).
  /** @param {import('../core/protocol.js').Flags} flags */
  setFlags(flags) {
    Object.assign(this.#flags, flags);
    if ('text' in flags) {
      this.checkTone(); // the page's colour scheme changed: the water follows, paused or not
      if (!this.#loop.animating()) this.#loop.redrawStill(); // and shows
    }
    this.#loop.update();
    this.#context.shownAgain();
    this.#snapshots.now();
  }

  /** @param {import('../core/protocol.js').View} view @param {boolean} force */
  setView(view, force) {
    this.#resolution.setView(view, force);
  }

  // What a set() or a hash changes beyond the value: sanity, the water's tone, resolution, a pending seek, the world's
  // origin; then the loop, and a frame with the change.
  /** @param {string} name the option set, or '' for a hash */
  afterChange(name) {
    this.#cfg = readConfig(this.pond);
    const info = name ? findInfo(this.table, name) : null;
    if (!info || info.group === 'sim' || info.group === 'pointer') this.checkSanity();
    if (!info || ['water', 'palette', 'waterTone'].includes(name)) this.checkTone();
    if (!info || ['maxDpr', 'quality', 'maxFps', 'budget'].includes(name)) this.resize(true);
    if (name === 'seed') this.#loop.seekTo(0);
    if (name === 'layer' || name === 'antialias')
      this.warn(name + ' is read at mount: it applies to the next mount', name);
    if (name === 'width' || name === 'height') this.#resolution.worldFollows(false);
    this.update();
    this.showChange(); // colours and sizes show at once even when paused
  }

  // The water's tone: the page's text (the `text` flag, host/tone.js) to the pond, and one warning when that text reads
  // at under 4.5:1 against the water (not repeated while unchanged).
  checkTone() {
    this.pond.setPageText(typeof this.#flags.text === 'number' ? this.#flags.text : -1);
    this.#warnings.standing('tone', this.pond.waterToneWarning(), 'waterTone');
  }

  // S-SIM-13: one warning when the parameters make a fish outrun its own radius (not repeated while unchanged).
  checkSanity() {
    this.#warnings.standing('sanity', this.pond.sanityWarning(), '');
  }

  // mirofish-studio.js attached (either thread: `studio.frame()` after each drawn frame sends it the arrays) or gone.
  /** @param {{frame: () => void} | null} studio */
  setStudio(studio) {
    this.#studio = studio;
    this.pond.setMetrics(!!studio);
  }

  /** @param {number} ms the steps' own time in the last step(n) or trajectory() (handle._test.lastWork) */
  workDone(ms) {
    this.#lastWorkMs = ms;
  }

  // The canvas's backing store, quality ladder and world again (a set(), a hash, a new view).
  /** @param {boolean} force a redraw even when the backing store keeps its size */
  resize(force) {
    this.#resolution.resize(force);
  }

  // The loop's state again, after anything that can change it (a set(), a hash).
  update() {
    this.#loop.update();
  }

  /** @param {Canvas} canvas the host's fresh canvas, in the old one's place on the page */
  replaceCanvas(canvas) {
    this.#context.replace(canvas);
  }

  // A still frame after a command (loop.still()): then() once it is drawn, or at once when none will be.
  /** @param {() => void} then */
  still(then) {
    this.#loop.still(then);
  }

  // Something the page sees changed (a poke, a set(), a form, a new world): drawn once at once if the school is still
  // (its own frames show it otherwise), then a snapshot with the change.
  showChange() {
    this.redraw();
    this.#snapshots.changed();
  }

  // Something the page reads changed (obstacles, steps): a snapshot with params, hash and obstacles, at once.
  changed() {
    this.#snapshots.changed();
  }

  // What the school is now, at once: sent before each call's answer, so that once the page's Promise resolves every
  // reading method sees this moment.
  snapshot() {
    this.#snapshots.now();
  }

  // ---- what the parts tell it ----

  // The loop's frames and the budget (budget.js): a frame drawn, what it cost (`simMs` < 0: a still frame, no step)
  // at `at` (0: not counted in the frame rate); a school fallen still (its frame rate starts again from nothing); a
  // looping frame judged at `now`; the budget's window started again (a seek, a stop: the next frames aren't typical);
  // the rate its level aims for; whether a frame's callback that starts late waited for the host.
  /** @param {number} renderMs @param {number} simMs @param {number} at */
  frameDrawn(renderMs, simMs, at) {
    this.#budget.drawn(renderMs, simMs, at);
  }
  fellStill() {
    this.#budget.stopped();
  }
  /** @param {number} now @param {number} targetFps @param {number} hostMs @param {boolean} climb */
  judgeFrame(now, targetFps, hostMs, climb) {
    if (this.#budget.judge(now, targetFps, hostMs, climb)) this.levelChanged();
  }
  resetBudget() {
    this.#budget.governor.reset();
  }
  /** @param {Parameters<import('./quality.js').Governor['configure']>} args the ladder's: mode, DPR, maxFps, budget */
  configureBudget(...args) {
    this.#budget.governor.configure(...args);
  }
  levelFps() {
    return this.#budget.levelFps();
  }
  hostStallsLate() {
    return this.#budget.stallsLate();
  }

  // What the snapshots read: the frames' numbers for stats() now, and whether a seek is under way (loop.js).
  timings() {
    return this.#budget.timings(performance.now());
  }
  seeking() {
    return this.#loop.seeking();
  }

  // A frame was drawn or the state changed (loop.js): the host's snapshot, at most every SNAPSHOT_MS.
  onFrame() {
    this.#snapshots.frame();
  }

  // The budget chose another level (the loop's frames, or the CPU pressure): the canvas's resolution follows it.
  levelChanged() {
    this.#resolution.applyLevel();
  }

  /** @param {'nominal' | 'fair' | 'serious' | 'critical'} state the machine's CPU pressure, changed (pressure.js) */
  pressureChanged(state) {
    if (this.#budget.governor.pressed(state)) this.levelChanged();
    this.#snapshots.changed();
  }

  // The context was lost, or one lives again (context.js): a live one gets its backing store again, the loop stops
  // or starts, and the host hears of it.
  /** @param {boolean} lost */
  contextChanged(lost) {
    this.#flags.lost = lost;
    if (!lost) this.#resolution.resize(true);
    this.#loop.update();
    this.#snapshots.changed();
  }

  // Drawn again now if no frame of the loop's is coming (a resized canvas is cleared).
  redraw() {
    if (!this.#loop.animating()) this.#loop.drawOnce();
  }

  // A throw in its work (guard.js): it stops for good (false when it had already), and draws no frame more.
  failOnce() {
    if (this.#life.failed) return false;
    this.#life.failed = this.#life.destroyed = true;
    return true;
  }
  stopFrames() {
    this.#loop.stop();
  }

  // A hash as C++ decoded it (Pond::applyHash, over hash_codec's decode): its warnings, a shared world (w=, h=) kept
  // as the link has it, and its seek in whole steps. False when nothing in it is ours (a plain anchor).
  /** @param {{anyKey: boolean, hasWorld: boolean, seekSteps: number, warnings: string[]}} decoded */
  apply(decoded) {
    for (const w of decoded.warnings) this.warn(w, 'hash'); // each already names the hash and the key
    if (!decoded.anyKey) return false;
    if (decoded.hasWorld) this.#resolution.worldFollows(false); // a shared world is kept, letterboxed
    this.#loop.seekTo(decoded.seekSteps);
    return true;
  }

  /** @param {string} text @param {string} [name] */
  warn(text, name) {
    this.#warnings.say(text, name); // warnings.js: a <miro-fish> school's once per name
  }

  // Draws the school, then sends an attached studio (mirofish-studio.js) the arrays it draws its overlay from.
  /** @param {number} now */
  draw(now) {
    const drawn = this.pond.render(now / 1000);
    if (drawn && this.#studio) this.#studio.frame();
    return drawn;
  }

  // One of the loop's frames: drawn with its GPU time (context.js's timer) unless the context is lost.
  /** @param {number} now */
  drawFrame(now) {
    const timer = this.#flags.lost ? null : this.#context.gpuTimer;
    if (timer) timer.begin();
    const drawn = !this.#flags.lost && this.draw(now);
    // The first frames the budget measures are timed to the end of their drawing, which a renderer may do later on
    // other threads (SwiftShader, llvmpipe, a GPU): what it costs, whatever it calls itself.
    const gl = this.#context.gl; // null only while a new canvas has no context: then `lost`, nothing drawn
    if (drawn && gl && this.#budget.governor.timesFinish()) gl.finish();
    if (timer) {
      timer.end();
      this.#budget.gpu(timer.poll());
    }
    this.#picture.drawn(drawn);
    return drawn;
  }

  // The school for the next page (picture.js): taken with a carry call's snapshot, then handed over once encoded.
  takePicture() {
    this.#picture.take(this.#loop.animating());
  }
  pictureTaken() {
    return this.#picture.handOver();
  }

  // Stops the loop and takes back everything the engine made: the wasm objects and the GPU context.
  destroy() {
    this.#life.destroyed = true;
    this.#loop.dispose();
    this.#resolution.teardown();
    this.#snapshots.stop();
    this.#pressure.stop();
    this.#context.dispose();
    try {
      this.pond.release();
    } finally {
      this.pond.delete(); // frees the school and renderer memory in the wasm heap
    }
    giveBack(this.#context.gl);
  }
}
