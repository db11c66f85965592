// One school as the engine runs it: a C++ Pond drawing on its canvas (an OffscreenCanvas in the Worker, or the page's
// canvas on the main thread), its frame loop, frame budget and resolution. It knows nothing of the DOM: the host tells
// it the page's state in messages (flags, view, pointer, obstacles, hash) and it answers with snapshots.
import { errorText } from '../core/index.js';
import { command } from './commands.js';
import { applyHash, applyOptions, checkSanity, checkTone, readConfig } from './config.js';
import { Context, giveBack } from './context.js';
import { probeRenderer, slowContext } from './gl_probe.js';
import { guard, guarded } from './guard.js';
import { Loop } from './loop.js';
import { Pressure } from './pressure.js';
import { Governor } from './quality.js';
import { Resolution } from './resolution.js';
import { Snapshots } from './snapshots.js';

/** @typedef {import('../core/protocol.js').PostToHost} PostToHost */
/** @typedef {import('./wasm.js').EngineModule} EngineModule */
/** @typedef {import('../core/protocol.js').Ready['table']} Table */
/** @typedef {OffscreenCanvas | HTMLCanvasElement} Canvas */

// `init`: {id, canvas, options, ours (our part of the hash), box, flags, view, antialias, once (a <miro-fish>)}.
// In two parts, so that the page's main thread can run them a task apart: the GL context and the renderers' programs
// here, then the school and its first frame in start(table, channel) (the engine's end of the channel to the host),
// which returns the school. Returns {error} without WebGL2.
/**
 * @param {EngineModule} M @param {import('../core/protocol.js').Mount} init
 * @param {EngineModule['specialHTMLTargets']} targets
 */
export function attachEngineSchool(M, init, targets) {
  const selector = '#mirofish-engine-' + init.id;
  const pond = new M.Pond();
  targets[selector] = init.canvas; // Emscripten's GL finds the canvas by selector: a worker has no document
  let error = '';
  try {
    error = pond.attach(selector, init.antialias === true);
  } catch (e) {
    error = 'WebGL2 could not start (' + errorText(e) + ')';
  }
  if (error) {
    delete targets[selector];
    pond.delete();
    return { error };
  }
  const gl = M.currentGL(); // the context C++ made on this canvas (never getContext() again: Firefox throws)
  return {
    start: (/** @type {Table} */ table, /** @type {import('../core/protocol.js').EngineChannel} */ channel) =>
      startEngineSchool(M, table, init, channel, targets, selector, pond, gl),
    cancel: () => {
      delete targets[selector];
      try {
        pond.release();
      } finally {
        pond.delete();
      }
      giveBack(gl);
    },
  };
}

/**
 * @param {EngineModule} M @param {Table} table @param {import('../core/protocol.js').Mount} init
 * @param {import('../core/protocol.js').EngineChannel} channel @param {EngineModule['specialHTMLTargets']} targets
 * @param {string} selector @param {import('./wasm.js').Pond} pond @param {WebGL2RenderingContext} gl
 */
function startEngineSchool(M, table, init, channel, targets, selector, pond, gl) {
  /** @type {PostToHost} */
  const out = (msg, transfer) => channel.send(msg, transfer);
  const attach = (/** @type {Canvas} */ canvas) => {
    targets[selector] = canvas;
    return pond.attach(selector, init.antialias === true);
  };
  const s = new EngineSchool(M, table, init, out, pond, gl, attach);
  s.start(init);
  /** @param {Parameters<typeof command>[1]} msg @param {import('../core/channel.js').CallContext} [ctx] */
  const handle = (msg, ctx) => command(s, msg, ctx);
  return {
    school: s,
    handle: (/** @type {Parameters<typeof handle>[0]} */ msg, /** @type {Parameters<typeof handle>[1]} */ ctx) =>
      guard(s, handle, null, msg, ctx), // every command under the school's guard (guard.js)
    destroy: () => {
      s.destroy();
      delete targets[selector];
    },
  };
}

// One school as the engine runs it. Its parts: the pond (C++), the loop (frames and the state machine), the
// resolution (the canvas's backing store and the quality level), the context (the canvas, its GL context and its
// loss), the snapshots (what the host reads) and the CPU pressure. The rest is what those parts share: what the page
// said (flags, view), what the pond's params mean for the loop (cfg), what frames cost (timing), a pending seek.
// The school is the one caller of its parts: a part tells it what happened (a frame shown, a new level, a lost
// context) through its methods below, and the school decides which part acts next; commands.js calls them too.
export class EngineSchool {
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
    this.M = M;
    this.table = table;
    this.id = init.id;
    this.out = out;
    this.pond = pond;
    this.renderer = probeRenderer(gl);
    this.softwareGL = slowContext();
    this.governor = new Governor();
    this.governor.software = this.softwareGL;
    /** What each frame reads of the params (config.js readConfig). */
    this.cfg = { maxFps: 60, idleFps: 20, reducedMotion: 1, water: 0, fish: 0 };
    /** What the page says (host messages), and `lost` (the context's). */
    this.flags = Object.assign(
      { paused: false, hidden: false, offscreen: false, away: false, reduced: false, lost: false },
      init.flags,
    );
    this.view = Object.assign({ cssWidth: 0, cssHeight: 0, devicePixels: null, dpr: 1, autoWorld: true }, init.view);
    this.timing = { frames: 0, frameTimes: [], simMs: 0, renderMs: 0, gpuMs: null };
    this.seek = { left: 0, stepMs: Infinity, workMs: 0 };
    this.destroyed = false;
    /** A throw in its work stopped it for good (guard.js). */
    this.failed = false;
    this.started = false;
    this.lastSanity = '';
    this.lastTone = '';
    this.lastWorkMs = 0;
    /** @type {(WebGL2RenderingContext | null)[]} The test bundle's extra contexts (_test.evict). */
    this.extra = [];
    /** @type {{frame: () => void} | null} An attached studio (mirofish-studio.js): frame() after each drawn frame. */
    this.studio = null;
    /** A <miro-fish> school says one warning per name (an attribute changed 1 000 times a second warns once). */
    /** @type {Object<string, 1> | null} */
    this.once = init.once ? {} : null;
    this.context = new Context(this, init.canvas, gl, attach);
    this.loop = new Loop(this);
    this.resolution = new Resolution(this);
    this.snapshots = new Snapshots(this);
    this.pressure = new Pressure(this, (fn, self) => guarded(this, fn, self));
  }

  // Configuration first (options < hash), then the school, then what follows the page.
  /** @param {import('../core/protocol.js').Mount} init */
  start(init) {
    this.context.watch();
    applyOptions(this, init.options, init.box);
    applyHash(this, init.ours);
    this.pond.begin();
    // A school mounted again after a failure (host/heal.js) seeks back to the steps it had: same hash, same steps,
    // same state.
    if (init.steps > 0) this.seek.left = init.steps;
    readConfig(this);
    checkSanity(this);
    checkTone(this);
    this.resolution.resize(false);
    this.started = true;
    this.loop.update();
    this.snapshots.changed();
  }

  /** The canvas the school draws on (the context's: a lost one is replaced). */
  get canvas() {
    return this.context.canvas;
  }

  /** Which state the school is in (protocol.js schoolState). */
  state() {
    return this.loop.state();
  }

  // ---- what the host's messages do (commands.js) ----

  // The page's flags: the loop follows them, a new canvas that waited while hidden is asked for now, and a snapshot
  // has the steps and the state as they stopped (a pause, a hidden tab).
  /** @param {import('../core/protocol.js').Flags} flags */
  setFlags(flags) {
    Object.assign(this.flags, flags);
    if ('text' in flags) {
      checkTone(this); // the page's colour scheme changed: the water follows, paused or not
      if (!this.loop.animating()) this.loop.redrawStill(); // and shows
    }
    this.loop.update();
    this.context.shownAgain();
    this.snapshots.now();
  }

  /** @param {import('../core/protocol.js').View} view @param {boolean} force */
  setView(view, force) {
    Object.assign(this.view, view);
    this.resolution.resize(force);
  }

  // The canvas's backing store, quality ladder and world again (a set(), a hash, a new view).
  /** @param {boolean} force a redraw even when the backing store keeps its size */
  resize(force) {
    this.resolution.resize(force);
  }

  // The loop's state again, after anything that can change it (a set(), a hash).
  update() {
    this.loop.update();
  }

  /** @param {Canvas} canvas the host's fresh canvas, in the old one's place on the page */
  replaceCanvas(canvas) {
    this.context.replace(canvas);
  }

  // A still frame after a command (loop.still()): then() once it is drawn, or at once when none will be.
  /** @param {() => void} then */
  still(then) {
    this.loop.still(then);
  }

  // Something the page sees changed (a poke, a set(), a form, a new world): drawn once at once if the school is still
  // (its own frames show it otherwise), then a snapshot with the change.
  showChange() {
    this.redraw();
    this.snapshots.changed();
  }

  // Something the page reads changed (obstacles, steps): a snapshot with params, hash and obstacles, at once.
  changed() {
    this.snapshots.changed();
  }

  // What the school is now, at once: sent before each call's answer, so that once the page's Promise resolves every
  // reading method sees this moment.
  snapshot() {
    this.snapshots.now();
  }

  /** @param {number} msPerMp the test bundle's slow compositor (handle._test.holdFrames) */
  holdFrames(msPerMp) {
    this.loop.holdFrames(msPerMp);
  }

  loseContext() {
    return this.context.loseForTest();
  }

  restoreContext() {
    this.context.restoreForTest();
  }

  // ---- what the parts tell it ----

  // A frame was drawn or the state changed (loop.js): the host's snapshot, at most every SNAPSHOT_MS.
  onFrame() {
    this.snapshots.frame();
  }

  // The budget chose another level (the loop's frames, or the CPU pressure): the canvas's resolution follows it.
  levelChanged() {
    this.resolution.applyLevel();
  }

  /** @param {'nominal' | 'fair' | 'serious' | 'critical'} state the machine's CPU pressure, changed (pressure.js) */
  pressureChanged(state) {
    if (this.governor.pressed(state)) this.levelChanged();
    this.snapshots.changed();
  }

  // The context was lost, or one lives again (context.js): a live one gets its backing store again, the loop stops
  // or starts, and the host hears of it.
  contextChanged() {
    if (!this.flags.lost) this.resolution.resize(true);
    this.loop.update();
    this.snapshots.changed();
  }

  // Drawn again now if no frame of the loop's is coming (a resized canvas is cleared).
  redraw() {
    if (!this.loop.animating()) this.loop.drawOnce();
  }

  // A throw stopped the school (guard.js): no frame more.
  stopFrames() {
    this.loop.stop();
  }

  // A hash as C++ decoded it (Pond::applyHash, over hash_codec's decode): its warnings, a shared world (w=, h=) kept
  // as the link has it, and its seek in whole steps. False when nothing in it is ours (a plain anchor).
  /** @param {{anyKey: boolean, hasWorld: boolean, seekSteps: number, warnings: string[]}} decoded */
  apply(decoded) {
    for (const w of decoded.warnings) this.warn(w, 'hash'); // each already names the hash and the key
    if (!decoded.anyKey) return false;
    if (decoded.hasWorld) this.view.autoWorld = false; // a shared world is kept, letterboxed
    this.seek.left = decoded.seekSteps;
    return true;
  }

  /** @param {string} text @param {string} [name] */
  warn(text, name) {
    if (this.once && name !== undefined) {
      if (this.once[name]) return;
      this.once[name] = 1;
    }
    this.out({ t: 'warn', text });
  }

  // Draws the school, then sends an attached studio (mirofish-studio.js) the arrays it draws its overlay from.
  /** @param {number} now */
  draw(now) {
    const drawn = this.pond.render(now / 1000);
    if (drawn && this.studio) this.studio.frame();
    return drawn;
  }

  // One of the loop's frames: drawn with its GPU time (context.js's timer) unless the context is lost.
  /** @param {number} now */
  drawFrame(now) {
    const timer = this.flags.lost ? null : this.context.gpuTimer;
    if (timer) timer.begin();
    const drawn = !this.flags.lost && this.draw(now);
    // The first frames the budget measures are timed to the end of their drawing, which a renderer may do later on
    // other threads (SwiftShader, llvmpipe, a GPU): what it costs, whatever it calls itself.
    if (drawn && this.governor.timesFinish()) this.context.gl.finish();
    if (timer) {
      timer.end();
      this.timing.gpuMs = timer.poll();
    }
    return drawn;
  }

  // Stops the loop and takes back everything the engine made: the wasm objects and the GPU context.
  destroy() {
    this.destroyed = true;
    this.loop.dispose();
    this.resolution.teardown();
    this.snapshots.stop();
    this.pressure.stop();
    this.context.dispose();
    try {
      this.pond.release();
    } finally {
      this.pond.delete(); // frees the school and renderer memory in the wasm heap
    }
    giveBack(this.context.gl);
  }
}
