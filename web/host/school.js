// One mounted school, the page's side of it (docs/architecture.md "The page and the engine"): its canvas in the page,
// the parts that keep it a good citizen, and its conversation with the engine that runs it (a Worker or this thread).
// What the page says goes out in messages (web/core/protocol.js); what the engine says comes back as snapshots, which
// the handle (handle.js) reads. Its parts, each a file of its own: its line to the engine (school_link.js: messages,
// calls, the engine it is on), the input (input.js: pointer, clicks, visibility, the hash, media queries), the sizing
// (sizing.js), the pointer's rate (pointer_link.js), the page's hash as it follows it (hash.js), the watchdog for an
// engine that fails (heal.js), and those started once it is mounted (school_parts.js: the avoid list, the perf
// overlay, the pause button, the water's tone).
// Its state is grouped by concern or #private, and only its own methods write it (a misspelt field fails tsc); what is
// made once is @readonly; each part is given a Pick of what it reads.
import { truthy, warn } from '../core/index.js';
import { dropCarried } from './carry.js';
import { rememberedPause } from './controls.js';
import { paramTable, retire } from './engine_link.js';
import { HashFollower } from './hash.js';
import { createWatch, remountOnMain } from './heal.js';
import {
  FORCED_COLORS,
  REDUCED_TRANSPARENCY,
  createInput,
  hiddenNow,
  mediaMatches,
  prefersReducedMotion,
} from './input.js';
import { PointerLink } from './pointer_link.js';
import { receive, SchoolLink } from './school_link.js';
import { SchoolParts } from './school_parts.js';
import { Sizing } from './sizing.js';
import { textElement, textLuminance } from './tone.js';

const FAINT_OPACITY = '0.5'; // the canvas's opacity under prefers-reduced-transparency
const WORKER_SCHOOLS = 4; // Chrome keeps 4 live WebGL contexts a Worker (16 a page): the next schools go on the page

let schoolCounter = 0;

// Room for one more school on the Worker `engine`: its schools not yet torn down, but one whose page already let go
// (its mount's signal aborted: a framework's fast unmount) is on its way out and does not count against its contexts.
/** @param {Engine} engine */
export function workerRoom(engine) {
  let n = 0;
  for (const h of engine.schools.values()) if (!(h.page.signal && h.page.signal.aborted)) n++;
  return n < WORKER_SCHOOLS;
}

/**
 * @typedef {import('./engine_link.js').Engine} Engine
 * @typedef {import('../core/protocol.js').EngineCalls} EngineCalls
 * @typedef {import('../mirofish').MiroFishOptions} MiroFishOptions
 * @typedef {Object<string, *>} EngineOptions the mount's options that the engine reads (mount.js leaves out the
 *   page's own: avoid, paused, hash, thread, signal), each as the page wrote it
 */
/**
 * What the page asked for at mount.
 * @typedef {object} Page
 * @property {HTMLElement | null} element the page's element it fills (null: the page's background, behind all of it)
 * @property {boolean} once a <miro-fish>: one warning per name (its attributes may change 1 000 times a second)
 * @property {boolean} antialias
 * @property {AbortSignal | undefined} signal the mount's: aborted, the school goes
 * @property {EngineOptions} engineOptions
 */
/**
 * The canvas in the page: where it sits, what gives the mount element back the styles the layer borrowed
 * (core/layer.js), and whether forced colours hide it.
 * @typedef {{canvas: HTMLCanvasElement, parent: HTMLElement, giveBack: () => void, forced: boolean}} Layout
 */
/**
 * Where it is in its life: `failed`, why the engine failed, until a mount again succeeds (heal.js); `healed`,
 * mounted again once already; `destroy`, the handle's destroy() (api.js), once there is a handle.
 * @typedef {{destroyed: boolean, failed: string | null, healed: boolean, destroy: (() => void) | null}} Life
 */
/**
 * The engine's last snapshot: what every reading method answers from.
 * @typedef {{stats: import('../core/protocol.js').EngineStats | null, params: Object<string, number>, hash: string,
 *   obstacles: number[][]}} Snapshot
 */
/**
 * What an attached studio (mirofish-studio.js) hears: each drawn frame's arrays, every change of the parameters or
 * the hash, and each click or tap first (canvas CSS px; true takes it); `ms`, its own draw time (the perf overlay).
 * @typedef {object} StudioHooks
 * @property {(msg: import('../core/protocol.js').StudioFrame) => void} frame
 * @property {(params: Object<string, number>, hash: string) => void} params
 * @property {(x: number, y: number, e: Event) => boolean} click
 * @property {number} [ms]
 */
/**
 * Who else hears the engine: an attached studio, the test bundle's level callback.
 * @typedef {{studio: StudioHooks | null, onLevel: ((stats: import('../core/protocol.js').Level['stats']) => void) |
 *   null}} Hooks
 */

export class HostSchool {
  // started once the engine has mounted the school (start())
  #parts = new SchoolParts(this);
  /** @type {HashFollower} the page's hash as it follows it */
  #hash;

  /**
   * @param {Engine} engine the engine it mounts on first
   * @param {HTMLCanvasElement} canvas already in the page
   * @param {HTMLElement} parent the canvas's parent (the element, or the page's background's)
   * @param {HTMLElement | null} element the page's element it fills (null: the page's background)
   * @param {() => void} giveBack gives the element back the styles the layer borrowed (core/layer.js)
   * @param {MiroFishOptions} options the mount's
   * @param {EngineOptions} engineOptions the options the engine reads, kept for a mount again after a failure
   */
  constructor(engine, canvas, parent, element, giveBack, options, engineOptions) {
    /** @readonly */ this.id = ++schoolCounter;
    this.#hash = new HashFollower(options.hash);
    // The visitor's remembered pause holds where the page shows the button (controls.js).
    const controls = engineOptions.controls;
    const remembered = controls !== undefined && truthy(controls) && rememberedPause();
    /** @type {Page} */
    this.page = {
      element,
      once: element?.localName === 'miro-fish',
      antialias: truthy(options.antialias === undefined ? false : options.antialias),
      signal: options.signal,
      engineOptions,
    };
    /** @type {Layout} */
    this.layout = { canvas, parent, giveBack, forced: mediaMatches(FORCED_COLORS) };
    /** @readonly the engine it runs on, and its calls (school_link.js) */
    this.link = new SchoolLink(this.id, engine, this);
    /** @type {Life} */
    this.life = { destroyed: false, failed: null, healed: false, destroy: null };
    /**
     * What the page says; the engine hears each change (`flags`).
     * @type {import('../core/protocol.js').Flags}
     */
    this.flags = {
      paused: remembered || truthy(options.paused === undefined ? false : options.paused),
      hidden: false,
      offscreen: false,
      away: false,
      reduced: prefersReducedMotion(),
      text: textLuminance(textElement(element)), // the water's tone follows it (tone.js)
    };
    /** @type {Snapshot} */
    this.snapshot = { stats: null, params: {}, hash: '', obstacles: [] };
    /** @type {Hooks} */
    this.hooks = { studio: null, onLevel: null };
    /** @readonly */ this.post = this.link.post; // what goes to the engine, one way
    this.destroyIfDetached = this.destroyIfDetached.bind(this);
    /** @readonly */ this.pointerLink = new PointerLink(this.post);
    /** @readonly */
    this.watch = createWatch(this, (cause) => {
      if (this.link.engine.thread === 'worker')
        this.link.engine.fail(cause); // a silent Worker fails all its schools
      else this.fail(cause);
    });
    this.flags.hidden = hiddenNow(this); // at mount: in the mount message, not a message of its own
    this.onMedia();
    /** @readonly */ this.sizing = new Sizing(this);
    /** @readonly */ this.input = createInput(this);
  }

  // What the parts made at start() share, and the avoid list the handle sets and reads: null before start().
  get listeners() {
    return this.#parts.listeners;
  }
  get avoid() {
    return this.#parts.avoid;
  }

  // A call of the engine for this school (the handle's methods that return Promises; school_link.js).
  /**
   * @template {keyof EngineCalls} K
   * @param {Omit<EngineCalls[K][0], 'id'> & {t: K}} msg
   * @param {unknown} [progress] the page's onProgress, used only if it is a function
   * @returns {Promise<EngineCalls[K][1] | undefined>}
   */
  call(msg, progress) {
    return this.link.call(msg, progress);
  }

  // The watchdog's question (heal.js): does the engine's thread still answer?
  ping() {
    this.link.ping();
  }

  // Our part of the page's hash at mount (the `hash` option: false reads none, a string reads that one).
  /** @param {MiroFishOptions['hash']} option @returns {string} */
  hashAtMount(option) {
    return this.#hash.atMount(option, location.hash);
  }

  // The hash the page's address now carries because share() wrote it: no news for this school.
  /** @param {string} hash */
  hashShared(hash) {
    this.#hash.shared(hash);
  }

  // Mounts the school on `engine` from `ours` (our part of a hash) and `steps` (a seek there); resolves to the
  // engine's answer (the renderer, or why not). At mount, and once more after a failure (heal.js) on a fresh canvas.
  /**
   * @param {Engine} engine @param {string} ours @param {number} steps
   * @param {{bytes: Uint8Array, paused: boolean} | null} [from] the page before's school to go on from (carry.js)
   * @returns {Promise<import('../core/protocol.js').Mounted>}
   */
  mountOn(engine, ours, steps, from) {
    const box = this.page.element // the padding box the canvas fills: the world's size when nothing else gives one
      ? { width: this.page.element.clientWidth, height: this.page.element.clientHeight }
      : { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
    const offscreen = engine.thread === 'worker' ? this.layout.canvas.transferControlToOffscreen() : this.layout.canvas;
    /** @type {import('../core/protocol.js').Mount} */
    const msg = {
      t: 'mount',
      id: this.id,
      canvas: offscreen,
      options: this.page.engineOptions,
      ours,
      steps,
      box,
      flags: this.flags,
      once: this.page.once,
      view: this.sizing.measure(),
      antialias: this.page.antialias,
      from: from ? from.bytes : null,
      fromPaused: !!from && from.paused,
    };
    return this.link.mount(engine, this, msg, [offscreen]);
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
        this.page.engineOptions[info.name] = params[info.name];
      }
    }
    const st = this.snapshot.stats;
    return this.mountOn(engine, this.snapshot.hash, st ? st.steps : 0);
  }

  // Mounted again after a failure (heal.js): it runs again, and the fresh engine hears the size and the obstacles.
  remounted() {
    this.life.failed = null;
    this.sizing.send(true);
    this.#parts.remounted();
    this.watch.heard();
  }

  // The engine mounted it: the page's parts start listening, measuring and drawing (school_parts.js).
  /** @param {MiroFishOptions} opts the mount's */
  start(opts) {
    this.#parts.start(opts);
  }

  // The handle that holds it: its destroy() is what a canvas that left the page calls.
  /** @param {() => void} destroy */
  heldBy(destroy) {
    this.life.destroy = destroy;
  }

  // An attached studio (handle.js _studio) or the test bundle's level callback, or none (null).
  /** @template {keyof Hooks} K @param {K} name @param {Hooks[K]} hook */
  hear(name, hook) {
    this.hooks[name] = hook;
  }

  /** @param {import('../core/protocol.js').Flags} change */
  setFlags(change) {
    if (this.life.destroyed) return;
    Object.assign(this.flags, change);
    this.post({ t: 'flags', flags: change });
    this.#parts.flagsChanged(); // a page's pause() shows on the button
    if (!this.layout.canvas.isConnected) setTimeout(this.destroyIfDetached, 0);
    this.watch.stop(); // hidden or paused: no watchdog timer at all; shown again: silence counts from now
    this.watch.heard();
  }

  // The pointer at a point of the canvas (CSS px), or gone: at most one message a frame (pointer_link.js).
  /** @param {boolean} present @param {number} x @param {number} y */
  pointer(present, x, y) {
    this.pointerLink.move(present, x, y);
  }

  /** @param {import('../core/protocol.js').PokeKind} what @param {number} x @param {number} y */
  poke(what, x, y) {
    this.post({ t: 'poke', what, x, y });
  }

  onHashChange() {
    const ours = this.#hash.changed(location.hash);
    if (ours) this.post({ t: 'hash', ours });
  }

  // Forced colours hide the canvas and stop the school as a hidden tab would; reduced transparency makes it fainter.
  onMedia() {
    const layout = this.layout;
    layout.forced = mediaMatches(FORCED_COLORS);
    layout.canvas.style.visibility = layout.forced ? 'hidden' : ''; // a lost context's replacement too
    layout.canvas.style.opacity = mediaMatches(REDUCED_TRANSPARENCY) ? FAINT_OPACITY : '';
    this.#parts.mediaChanged();
    if (this.flags.hidden !== hiddenNow(this)) this.setFlags({ hidden: hiddenNow(this) });
  }

  destroyIfDetached() {
    if (!this.life.destroyed && !this.layout.canvas.isConnected && this.life.destroy) this.life.destroy();
  }

  // The engine failed this school (its error, a Worker that died or went silent; heal.js): every call settles with
  // its failure value, stats() reads 'failed' with one warning, and the first time it is mounted again.
  /** @param {string} cause */
  fail(cause) {
    if (this.life.destroyed || this.life.failed) return;
    this.life.failed = cause; // stats().state reads 'failed'; post() sends nothing; calls settle at once (call())
    this.watch.stop();
    const old = this.link.engine;
    this.link.leave();
    if (old.thread === 'main') retire(old); // a trapped wasm instance takes no new schools
    if (this.life.healed) {
      warn('the school failed again (' + cause + '); it stays stopped, as last drawn');
    } else {
      this.life.healed = true;
      warn('the school failed (' + cause + '); mounting it again on the main thread');
      remountOnMain(this);
    }
    this.link.endCalls({ failed: cause });
  }

  // The engine's events for this school (school_link.js RECEIVE).
  /** @param {import('./school_link.js').SchoolEvent} msg */
  receive(msg) {
    this.watch.heard();
    receive(this, msg);
  }

  /** @param {import('../core/protocol.js').Snap} msg */
  snapshotIn(msg) {
    const snap = this.snapshot;
    snap.stats = msg.stats;
    if (msg.params) {
      snap.params = msg.params;
      snap.hash = msg.hash || ''; // each comes with the params (engine/snapshots.js)
      snap.obstacles = msg.obstacles || [];
      this.#parts.paramsChanged();
      // pushed: the studio polls none
      if (this.hooks.studio && !this.life.destroyed) this.hooks.studio.params(snap.params, snap.hash);
    }
    if (this.life.destroyed) return;
    if (!this.layout.canvas.isConnected) {
      // the mount element left the document (a single-page app moved on): clean up
      this.destroyIfDetached();
      return;
    }
    this.#parts.snapshotIn(msg.stats.state);
  }

  // The engine's context was taken for good (an evicted one never comes back): a fresh canvas in the same place for
  // the engine to draw on from the same school.
  swapCanvas() {
    const c = this.newCanvas();
    const off = this.link.engine.thread === 'worker' ? c.transferControlToOffscreen() : c;
    this.post({ t: 'canvas', canvas: off }, [off]); // the local engine ignores the transfer list
  }

  // A copy of the canvas element in its place (no layout shift), with the page's listeners on it.
  newCanvas() {
    const c = /** @type {HTMLCanvasElement} */ (this.layout.canvas.cloneNode());
    this.layout.canvas.replaceWith(c);
    this.layout.canvas = c;
    this.#parts.followCanvas(); // once started (a mount's own failure comes before)
    return c;
  }

  // Stops the engine's school and takes back everything mount added: listeners, observers, canvases.
  /** @param {boolean} started whether start() ran */
  teardown(started) {
    this.life.destroyed = true;
    dropCarried(this);
    this.link.leave();
    this.watch.stop();
    this.pointerLink.stop();
    this.#parts.teardown(started);
    this.link.endCalls({ gone: true });
    this.layout.canvas.remove();
    this.layout.giveBack();
  }
}
