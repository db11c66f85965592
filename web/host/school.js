// One mounted school, the page's side of it (docs/architecture.md "The page and the engine"): its canvas in the page,
// the parts that keep it a good citizen, and its conversation with the engine that runs it (a Worker or this thread).
// What the page says goes out in messages (web/core/protocol.js); what the engine says comes back as snapshots, which
// the handle (handle.js) reads. Its parts, each a file of its own: the input (input.js: pointer, clicks, visibility,
// the hash, media queries), the sizing (sizing.js), the avoid list (avoid.js), the perf overlay (overlay.js), the
// pause button (controls.js), the pointer's rate (pointer_link.js), the page's text colour for the water's tone
// (tone.js) and the watchdog for an engine that fails (heal.js). Its calls go on the engine's channel
// (core/channel.js), each under the school's one AbortSignal: a school that goes or fails settles them at once.
import { createListeners, errorText, truthy, warn } from '../core/index.js';
import { Avoid } from './avoid.js';
import { createControls, rememberedPause } from './controls.js';
import { paramTable } from './engine_link.js';
import { splitHash } from './hash.js';
import { createWatch, failedAnswer, failSchool } from './heal.js';
import {
  FORCED_COLORS,
  REDUCED_TRANSPARENCY,
  createInput,
  hiddenNow,
  mediaMatches,
  prefersReducedMotion,
} from './input.js';
import { createOverlay } from './overlay.js';
import { PointerLink } from './pointer_link.js';
import { Sizing } from './sizing.js';
import { createTone, textElement, textLuminance } from './tone.js';

const FAINT_OPACITY = '0.5'; // the canvas's opacity under prefers-reduced-transparency
const WORKER_SCHOOLS = 4; // Chrome keeps 4 live WebGL contexts a Worker (16 a page): the next schools go on the page

let schoolCounter = 0;

// Worker schools not yet torn down. One whose page already let go (its mount's signal aborted: a framework's fast
// unmount) is on its way out and does not count against the Worker's contexts.
const workerSchools = new Set();
export function workerRoom() {
  let n = 0;
  for (const h of workerSchools) if (!(h.signal && h.signal.aborted)) n++;
  return n < WORKER_SCHOOLS;
}

/** @typedef {import('./engine_link.js').Engine} Engine */

export class HostSchool {
  /**
   * @param {Engine} engine the engine it mounts on first
   * @param {HTMLCanvasElement} canvas already in the page
   * @param {HTMLElement} parent the canvas's parent (the element, or the page's background's)
   * @param {HTMLElement | null} element the page's element it fills (null: the page's background)
   * @param {() => void} giveBack gives the mount element back the styles the layer borrowed (core/layer.js)
   * @param {Object<string, *>} options the mount's
   * @param {Object<string, *>} engineOptions the options the engine reads, kept for a mount again after a failure
   */
  constructor(engine, canvas, parent, element, giveBack, options, engineOptions) {
    this.id = ++schoolCounter;
    this.engine = engine;
    this.engineLeft = false;
    this.canvas = canvas;
    this.parent = parent;
    this.element = element;
    this.fullscreen = element === null;
    this.giveBack = giveBack;
    this.engineOptions = engineOptions;
    this.antialias = truthy(options.antialias === undefined ? false : options.antialias);
    /** @type {AbortSignal | undefined} */
    this.signal = options.signal;
    this.once = element?.localName === 'miro-fish';
    // The visitor's remembered pause holds where the page shows the button (controls.js).
    const controls = engineOptions.controls;
    const remembered = controls !== undefined && truthy(controls) && rememberedPause();
    /** What the page says; the engine hears each change (`flags`). */
    this.flags = {
      paused: remembered || truthy(options.paused === undefined ? false : options.paused),
      hidden: false,
      offscreen: false,
      away: false,
      reduced: prefersReducedMotion(),
      text: textLuminance(textElement(this)), // the water's tone follows it (tone.js)
    };
    /** The engine's last snapshot: what every reading method answers from. */
    this.snapshot = { stats: null, params: {}, hash: '', obstacles: [] };
    this.readHash = true;
    this.lastHashApplied = '';
    this.destroyed = false;
    /** @type {string | null} why the engine failed, until a mount again succeeds (heal.js) */
    this.failed = null;
    this.healed = false;
    this.forced = mediaMatches(FORCED_COLORS);
    /** mirofish-studio.js's hooks, while attached (handle.js _studio) */
    this.studio = null;
    /** the test bundle's level callback */
    this.onLevel = null;
    /** set by api.js: the handle's destroy() */
    this.destroy = null;
    this.post = this.post.bind(this);
    this.destroyIfDetached = this.destroyIfDetached.bind(this);
    /** the calls' signal: aborted with {gone: true} when the school goes, {failed: cause} when it fails */
    this.asking = new AbortController();
    this.pointerLink = new PointerLink(this.post);
    this.watch = createWatch(this, (cause) => {
      if (this.engine.thread === 'worker')
        this.engine.fail(cause); // a silent Worker fails all its schools
      else this.fail(cause);
    });
    this.flags.hidden = hiddenNow(this); // at mount: in the mount message, not a message of its own
    this.onMedia();
    this.sizing = new Sizing(this);
    this.input = createInput(this);
    // Made at start(), once the engine has mounted the school:
    this.listeners = null;
    this.avoid = null;
    this.perf = null;
    this.controls = null;
    this.tone = null;
  }

  /** @type {import('../core/protocol.js').PostFromSchool} */
  post(msg, transfer) {
    if (this.failed) return; // the engine failed: nothing more goes to it (heal.js)
    this.engine.send(
      /** @type {import('../core/protocol.js').HostEvent} */ (Object.assign(msg, { id: this.id })),
      transfer,
    );
  }

  // A call of the engine for this school (the handle's methods that return Promises). `progress(done, total)`, if a
  // function, hears a long step() or trajectory() after each slice. Never rejects for what the page passes (handle.js
  // sends plain values only): a school gone answers undefined, a failed one its method's failure value (heal.js); a
  // trajectory over the limits rejects with the engine's RangeError.
  /**
   * @template {keyof import('../core/protocol.js').EngineCalls} K
   * @param {Omit<import('../core/protocol.js').EngineCalls[K][0], 'id'> & {t: K}} msg
   * @param {*} [progress]
   * @returns {Promise<import('../core/protocol.js').EngineCalls[K][1] | undefined>}
   */
  call(msg, progress) {
    if (this.destroyed) return Promise.resolve(undefined);
    if (this.failed) return failedAnswer(msg.t, this.failed);
    const request = /** @type {*} */ (Object.assign(msg, { id: this.id }));
    return this.engine
      .call(request, { progress: typeof progress === 'function' ? progress : undefined, signal: this.asking.signal })
      .then(
        (value) => {
          this.watch.heard();
          return value;
        },
        (e) => {
          if (e && e.gone) return undefined;
          if (e && typeof e.failed === 'string') return failedAnswer(msg.t, e.failed);
          if (e && e.name === 'DataCloneError') {
            warn('the school could not be asked (' + errorText(e) + ')');
            return undefined;
          }
          throw e; // the engine's own answer: a RangeError
        },
      );
  }

  // Every call still waiting settles now: the school went ({gone: true}) or failed ({failed: cause}).
  /** @param {{gone: true} | {failed: string}} why */
  endCalls(why) {
    const asking = this.asking;
    this.asking = new AbortController();
    asking.abort(why);
  }

  // The watchdog's question (heal.js): does the engine's thread still answer?
  ping() {
    this.engine.call({ t: 'ping', id: this.id }, { signal: this.asking.signal }).then(
      () => this.watch.heard(),
      () => {},
    );
  }

  // Mounts the school on `engine` from `ours` (our part of a hash) and `steps` (a seek there); resolves to the
  // engine's answer (the renderer, or why not). At mount, and once more after a failure (heal.js) on a fresh canvas.
  /**
   * @param {Engine} engine @param {string} ours @param {number} steps
   * @returns {Promise<import('../core/protocol.js').Mounted>}
   */
  mountOn(engine, ours, steps) {
    const box = this.fullscreen // the padding box the canvas fills: the world's size when nothing else gives one
      ? { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight }
      : { width: this.element.clientWidth, height: this.element.clientHeight };
    const offscreen = engine.thread === 'worker' ? this.canvas.transferControlToOffscreen() : this.canvas;
    this.engine = engine;
    this.engineLeft = false;
    engine.live++;
    if (engine.thread === 'worker') workerSchools.add(this);
    engine.schools.set(this.id, this);
    return engine
      .call(
        {
          t: 'mount',
          id: this.id,
          canvas: offscreen,
          options: this.engineOptions,
          ours,
          steps,
          box,
          flags: this.flags,
          once: this.once,
          view: this.sizing.measure(),
          antialias: this.antialias,
        },
        { transfer: [offscreen] },
      )
      .catch((e) => ({ error: 'the engine failed (' + errorText(e) + ')' }));
  }

  // After a failure (heal.js): a fresh canvas in the old one's place (a transferred canvas cannot be drawn on from
  // another engine), and the school again from the last snapshot's hash and steps. The page's own settings (the
  // params a hash never carries: maxFps, quality, ...) as they are now, set() since the mount included; the layer and
  // antialias stay the mount's, as the canvas does.
  /** @param {Engine} engine */
  remount(engine) {
    this.newCanvas();
    const params = this.snapshot.params;
    for (const info of paramTable() || []) {
      if (!info.inHash && info.name in params && info.name !== 'layer' && info.name !== 'antialias') {
        this.engineOptions[info.name] = params[info.name];
      }
    }
    const st = this.snapshot.stats;
    return this.mountOn(engine, this.snapshot.hash, st ? st.steps : 0);
  }

  // The engine mounted it: the page's parts start listening, measuring and drawing.
  start(opts) {
    this.listeners = createListeners();
    this.input.start();
    this.avoid = new Avoid(this);
    if (opts.avoid !== undefined) this.avoid.set(opts.avoid);
    this.perf = createOverlay(this);
    this.perf.sync();
    this.controls = createControls(this);
    this.controls.sync();
    this.tone = createTone(this);
    this.tone.start();
    this.sizing.observe();
    this.sizing.send(false);
  }

  /** @param {import('../core/protocol.js').Flags} change */
  setFlags(change) {
    if (this.destroyed) return;
    Object.assign(this.flags, change);
    this.post({ t: 'flags', flags: change });
    if (this.controls) this.controls.reflect(); // a page's pause() shows on the button
    if (!this.canvas.isConnected) setTimeout(this.destroyIfDetached, 0);
    this.watch.stop(); // hidden or paused: no watchdog timer at all; shown again: silence counts from now
    this.watch.heard();
  }

  // The pointer at a point of the canvas (CSS px), or gone: at most one message a frame (pointer_link.js).
  pointer(present, x, y) {
    this.pointerLink.move(present, x, y);
  }

  /** @param {import('../core/protocol.js').PokeKind} what */
  poke(what, x, y) {
    this.post({ t: 'poke', what, x, y });
  }

  onHashChange() {
    if (!this.readHash || location.hash === this.lastHashApplied) return;
    const ours = splitHash(location.hash).ours;
    if (!ours) return;
    this.lastHashApplied = location.hash;
    this.post({ t: 'hash', ours });
  }

  // Forced colours hide the canvas and stop the school as a hidden tab would; reduced transparency makes it fainter.
  onMedia() {
    this.forced = mediaMatches(FORCED_COLORS);
    this.canvas.style.visibility = this.forced ? 'hidden' : ''; // this.canvas: a lost context's replacement too
    this.canvas.style.opacity = mediaMatches(REDUCED_TRANSPARENCY) ? FAINT_OPACITY : '';
    if (this.controls) this.controls.sync();
    if (this.flags.hidden !== hiddenNow(this)) this.setFlags({ hidden: hiddenNow(this) });
  }

  destroyIfDetached() {
    if (!this.destroyed && !this.canvas.isConnected && this.destroy) this.destroy();
  }

  /** @param {string} cause */
  fail(cause) {
    failSchool(this, cause);
  }

  // Leaves the engine the school ran on (teardown, or a failure): its school destroyed there, a Worker with no school
  // left terminated.
  leaveEngine() {
    if (this.engineLeft) return;
    this.engineLeft = true;
    const engine = this.engine;
    engine.send({ t: 'destroy', id: this.id });
    engine.schools.delete(this.id);
    workerSchools.delete(this);
    if (--engine.live === 0 && engine.release) engine.release();
  }

  // Mounted again after a failure: the fresh engine hears the size and the obstacles sent before.
  afterRemount() {
    this.sizing.send(true);
    if (this.avoid) {
      this.avoid.sentCount = 0;
      this.avoid.update();
    }
  }

  // The engine's events for this school: snapshots, a failure, the studio's arrays, the test bundle's level callback.
  /** @param {import('../core/protocol.js').EngineEvent} msg */
  receive(msg) {
    this.watch.heard();
    if (msg.t === 'error') {
      this.fail(msg.error);
    } else if (msg.t === 'snap') {
      this.snapshotIn(msg);
    } else if (msg.t === 'needCanvas' && !this.destroyed) {
      this.swapCanvas();
    } else if (msg.t === 'studioFrame' && this.studio) {
      this.studio.frame(msg);
    } else if (msg.t === 'level' && this.onLevel) {
      this.onLevel(msg.stats);
    }
  }

  /** @param {import('../core/protocol.js').Snap} msg */
  snapshotIn(msg) {
    const snap = this.snapshot;
    snap.stats = msg.stats;
    if (msg.params) {
      snap.params = msg.params;
      snap.hash = msg.hash;
      snap.obstacles = msg.obstacles;
      if (this.perf) this.perf.sync();
      if (this.controls) this.controls.sync();
      if (this.studio && !this.destroyed) this.studio.params(snap.params, snap.hash); // pushed: the studio polls none
    }
    if (this.destroyed) return;
    if (!this.canvas.isConnected) {
      // the host left the document (a single-page app moved on): clean up
      this.destroyIfDetached();
      return;
    }
    if (this.perf) this.perf.draw();
    const st = msg.stats.state; // the poll for boxes that moved unseen runs only while the school animates
    if (this.avoid && (st === 'running' || st === 'idle')) this.avoid.tick(performance.now());
  }

  // The engine's context was taken for good (an evicted one never comes back): a fresh canvas in the same place for
  // the engine to draw on from the same school.
  swapCanvas() {
    const c = this.newCanvas();
    const off = this.engine.thread === 'worker' ? c.transferControlToOffscreen() : c;
    this.post({ t: 'canvas', canvas: off }, [off]); // the local engine ignores the transfer list
  }

  // A copy of the canvas element in its place (no layout shift), with the page's listeners on it.
  newCanvas() {
    const c = /** @type {HTMLCanvasElement} */ (this.canvas.cloneNode());
    this.canvas.replaceWith(c);
    this.canvas = c;
    if (this.listeners) {
      // started (a mount's own failure comes before)
      this.input.teardown();
      this.input.start();
      this.sizing.teardown();
      this.sizing.observe();
    }
    return c;
  }

  // Stops the engine's school and takes back everything mount added: listeners, observers, canvases.
  /** @param {boolean} started whether start() ran */
  teardown(started) {
    this.destroyed = true;
    this.leaveEngine();
    this.watch.stop();
    this.pointerLink.stop();
    if (started) {
      this.listeners.clear();
      this.input.teardown();
      this.avoid.teardown();
      this.sizing.teardown();
      this.perf.remove();
      this.controls.remove();
      this.tone.teardown();
    }
    this.endCalls({ gone: true });
    this.canvas.remove();
    this.giveBack();
  }
}
