// The contract between the page's host (web/host) and the engine (web/engine): every message either side posts, with
// its fields, and every call with its answer. The two never import each other; both import this file. It is types
// (JSDoc, checked by `tsc`) and one closed set; nothing here costs the bundle a byte. It travels on the kernel's channel
// (channel.js): a call (`EngineCalls`, request -> answer) is answered once, by the engine's handler of its `t`; an
// event (`HostEvent`, `EngineEvent`) is one way. docs/architecture.md explains the flow; this file is the list.
//
// Every message is a plain object {t, ...}. A school's carry `id` (the host's school counter).

/** @typedef {import('../mirofish').MiroFishStats} MiroFishStats */
/** @typedef {import('../mirofish').MiroFishParamInfo} MiroFishParamInfo */

/**
 * What the page knows that the engine must: the host owns these, the engine only reads them.
 * @typedef {object} Flags
 * @property {boolean} [paused] the page's pause() or the pause button
 * @property {boolean} [hidden] the tab is hidden, or forced colours hide the canvas
 * @property {boolean} [offscreen] the canvas is scrolled out of view
 * @property {boolean} [away] the pointer left the page, or the visitor rests (no input for 3 s): idleFps
 * @property {boolean} [reduced] prefers-reduced-motion
 * @property {number} [text] the page's text colour under the canvas, its WCAG relative luminance (-1 unknown): the
 *   water's tone follows it (host/tone.js)
 */

/**
 * The canvas's size on the page (host/sizing.js measures it).
 * @typedef {object} View
 * @property {number} cssWidth
 * @property {number} cssHeight
 * @property {[number, number] | null} devicePixels the ResizeObserver's device-pixel box (width, height), where given
 * @property {number} dpr
 */

// ---- host -> engine ----------------------------------------------------------------------------------------------

/**
 * The engine's first call: load the wasm (from `wasm`, or the engine's own URL when empty; a fragment `#sha384-...` is
 * the hash the loader was built with, which the file must match, core/wasm_fetch.js; `fresh`: a new instance of it,
 * not the one a failed school left, host/heal.js). Answers Ready; an error names the file that could not load.
 * @typedef {{t: 'hello', wasm: string, fresh?: boolean}} Hello
 */
/**
 * A new school on `canvas` (an OffscreenCanvas transferred to a Worker, or the page's canvas on the main thread).
 * `options` are the page's options the engine reads, `ours` our part of the page's hash, `steps` a seek to that step
 * (a school mounted again after a failure), `box` the world's size when nothing else gives one, `once` a <miro-fish>
 * (one warning per name), `from` the page before's school to go on from (host/carry.js), `fromPaused` whether that
 * school was paused (it is, here too, where it goes on). Answers Mounted.
 * @typedef {{t: 'mount', id: number, canvas: OffscreenCanvas | HTMLCanvasElement, options: Object<string, *>,
 *   ours: string, steps?: number, box: {width: number, height: number}, flags: Flags, once: boolean, view: View,
 *   antialias: boolean, from?: Uint8Array | null, fromPaused?: boolean}} Mount
 */
/** @typedef {{t: 'flags', id: number, flags: Flags}} SetFlags */
/** @typedef {{t: 'view', id: number, view: View, force: boolean}} SetView */
/**
 * The pointer in canvas CSS px (the engine letterboxes it into the world), or gone (`present` false). At most one
 * a frame.
 * @typedef {{t: 'pointer', id: number, present: boolean, x: number, y: number}} Pointer
 */
/**
 * A touch at a point in canvas CSS px (the engine letterboxes it into the world): `click` (the click option decides
 * what it does), or feed()/scare() from the page.
 * @typedef {'click' | 'feed' | 'scare'} PokeKind
 * @typedef {{t: 'poke', id: number, what: PokeKind, x: number, y: number}} Poke
 */
/** `n` boxes, 4 numbers each (x, y, width, height in canvas CSS px). @typedef {{t: 'obstacles', id: number, n: number,
 * boxes: ArrayLike<number>}} Obstacles */
/** The page's hash changed: our part of it. @typedef {{t: 'hash', id: number, ours: string}} Hash */
/** The host's fresh canvas after a `needCanvas`. @typedef {{t: 'canvas', id: number, canvas: OffscreenCanvas |
 * HTMLCanvasElement}} Canvas */
/** A studio attached (`on`) or gone: `studioFrame` after each drawn frame while on. @typedef {{t: 'studio', id: number,
 * on: boolean}} Studio */
/** The school goes. @typedef {{t: 'destroy', id: number}} Destroy */
/**
 * The host's watchdog (host/heal.js): is the engine's thread still there? Answered at once, from its message handler.
 * @typedef {{t: 'ping', id: number}} Ping
 */
/**
 * The handle's methods that return Promises, a call each (the long ones, step and trajectory, with progress).
 * @typedef {{t: 'set', id: number, name: string, value: *}} SetCall
 * @typedef {{t: 'step', id: number, n: *}} StepCall
 * @typedef {{t: 'stateHash', id: number}} StateHashCall
 * @typedef {{t: 'carry', id: number, picture?: boolean}} CarryCall the school's snapshot for the next page; with
 *   `picture`, the school drawn at that moment too, for the next page to show until its first frame (host/carry.js)
 * @typedef {{t: 'picture', id: number}} PictureCall that picture, once encoded
 * @typedef {{t: 'form', id: number, options: {type: *, text: string, hold: *}}} FormCall
 * @typedef {{t: 'release', id: number}} ReleaseCall
 * @typedef {{t: 'trajectory', id: number, steps: *, every: *}} TrajectoryCall
 * @typedef {{t: 'test', id: number, fn: string, ms?: number, frames?: number, upWindows?: number,
 *   holdWindows?: number, on?: boolean, n?: number, inFrame?: boolean}} TestCall the test bundle's hooks only
 */

// ---- engine -> host ----------------------------------------------------------------------------------------------

/** The wasm is in: the parameter table (C++ kParams) for the host's get()/table(). @typedef {{table:
 * MiroFishParamInfo[], version: string}} Ready */
/** One console warning, the engine's text. @typedef {{t: 'warn', text: string}} Warn */
/** The mount's outcome: the renderer's name, or why not (no WebGL2); `continued`: it went on from the page before's
 * school. @typedef {{renderer?: string, error?: string, continued?: boolean}} Mounted */
/**
 * What the handle's reading methods answer from: the stats always (the engine's part of MiroFishStats: the host
 * adds `thread`), the params, hash and obstacles (canvas CSS px) when one of them changed.
 * @typedef {Omit<MiroFishStats, 'thread'>} EngineStats
 * @typedef {{t: 'snap', id: number, stats: EngineStats, params?: Object<string, number>, hash?: string,
 *   obstacles?: number[][]}} Snap
 */
/** The context is gone for good: the host answers with `canvas`, a fresh element in the old one's place.
 * @typedef {{t: 'needCanvas', id: number}} NeedCanvas */
/** The studio's arrays (Pond::studioArray), copies moved to the page. @typedef {{t: 'studioFrame', id: number,
 * count: number, arrays: (Float32Array | Uint8Array | null)[]}} StudioFrame */
/** The test bundle's level callback. @typedef {{t: 'level', id: number, stats: *}} Level */
/** A throw in the school's work (engine/guard.js): it stopped for good; the host heals it once (host/heal.js).
 * @typedef {{t: 'error', id: number, error: string}} SchoolError */

// ---- the lists ---------------------------------------------------------------------------------------------------

/**
 * The engine's calls, request -> answer. set: the value held after the table's clamping, or undefined (an unknown
 * name); step: the steps taken; stateHash: the state hash; carry: the snapshot (null: none); picture: the last carry's picture, WebP or PNG (null: none); form: whether a formation was laid out; release: true;
 * trajectory: the run (a RangeError over the limits); test: the hook's value.
 * @typedef {{
 *   hello: [Hello, Ready],
 *   mount: [Mount, Mounted],
 *   ping: [Ping, true],
 *   set: [SetCall, number | undefined],
 *   step: [StepCall, number],
 *   stateHash: [StateHashCall, string],
 *   carry: [CarryCall, Uint8Array | null],
 *   picture: [PictureCall, Uint8Array | null],
 *   form: [FormCall, boolean],
 *   release: [ReleaseCall, boolean],
 *   trajectory: [TrajectoryCall, import('../mirofish').MiroFishTrajectory],
 *   test: [TestCall, *],
 * }} EngineCalls
 */
/**
 * What the host tells the engine, one way; a school's are addressed by `id`, which its own `post` (host/school.js)
 * sets: its callers pass them Unaddressed.
 * @typedef {SetFlags | SetView | Pointer | Poke | Obstacles | Hash | Canvas | Studio | Destroy} HostEvent
 * @typedef {HostEvent extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never} Unaddressed
 */
/**
 * What the engine tells the host, one way: a school's by `id`, a warning for the page.
 * @typedef {Warn | Snap | NeedCanvas | StudioFrame | Level | SchoolError} EngineEvent
 */
/**
 * Where a school's side posts its events: the host's school (`id` added), the engine's school.
 * @callback PostFromSchool
 * @param {Unaddressed} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */
/**
 * @callback PostToHost
 * @param {EngineEvent} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */
/**
 * The two ends as the channel (channel.js) types them: what each answers and hears.
 * @typedef {{calls: EngineCalls, events: HostEvent}} EngineSide the engine's end
 * @typedef {{calls: {}, events: EngineEvent}} HostSide the host's end
 * @typedef {import('./channel.js').Caller<HostSide, EngineSide>} HostChannel
 * @typedef {import('./channel.js').Channel<EngineSide, HostSide>} EngineChannel
 */

/**
 * The one rule for which state a school is in (stats().state), for both sides: what the page owns first (a failure,
 * its pause, its visibility), then what only the engine knows (no context, reduced motion, nothing to draw, the
 * pointer away). The engine passes its flags and config; the host passes its own flags and, as `decided`, the state
 * in the engine's last snapshot, which the page's fresher flags override, or 'failed' (host/heal.js), which nothing
 * overrides.
 * @param {Flags & {lost?: boolean}} f
 * @param {{reducedMotion: number, fish: number, water: number} | null} cfg
 * @param {import('../mirofish').MiroFishState} [decided]
 * @returns {import('../mirofish').MiroFishState}
 */
export function schoolState(f, cfg, decided) {
  if (decided === 'failed') return 'failed';
  if (f.paused) return 'paused';
  if (f.hidden || f.offscreen) return 'hidden';
  if (decided) return decided;
  if (f.lost) return 'lost'; // no context to draw with: no steps either (engine/context.js replaces it)
  if (f.reduced && cfg && cfg.reducedMotion === 1) return 'reduced-motion';
  // Nothing moves and nothing is drawn: no loop at all (a 0-fish canvas once kept 1.5 cores busy in SwiftShader).
  if (cfg && cfg.fish === 0 && cfg.water === 0) return 'empty';
  if (f.away) return 'idle';
  return 'running';
}
