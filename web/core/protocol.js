// The contract between the page's host (web/host) and the engine (web/engine): every message either side
// posts, with its fields and what answers it. The two never import each other; both import this file. It is types
// (JSDoc, checked by `tsc -p web` in scripts/test) and one closed set; nothing here costs the bundle a byte it does not
// use. docs/architecture.md explains the flow; this file is the list.
//
// Every message is a plain object {t, ...}. Per-school messages carry `id` (the host's school counter). A host
// message with `seq` is a call: the engine answers with one `reply` (and `progress` before it if `progress` is set).

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
 * @property {{width: number, height: number} | null} devicePixels the ResizeObserver's device-pixel box, where given
 * @property {number} dpr
 */

// ---- host -> engine ----------------------------------------------------------------------------------------------

/**
 * The engine's first message: load the wasm (from `wasm`, or the engine's own URL when empty; `fresh`: a new instance
 * of it, not the one a failed school left, host/heal.js). Answer: `ready` or `failed`.
 * @typedef {{t: 'hello', wasm: string, fresh?: boolean}} Hello
 */
/**
 * A new school on `canvas` (an OffscreenCanvas transferred to a Worker, or the page's canvas on the main thread).
 * `options` are the page's options the engine reads, `ours` our part of the page's hash, `steps` a seek to that step
 * (a school mounted again after a failure), `box` the world's size when nothing else gives one, `once` a <miro-fish>
 * (one warning per name). Answer: `mounted`.
 * @typedef {{t: 'mount', id: number, canvas: OffscreenCanvas | HTMLCanvasElement, options: Object<string, *>,
 *   ours: string, steps?: number, box: {width: number, height: number}, flags: Flags, once: boolean, view: View,
 *   antialias: boolean}} Mount
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
/** The school goes: no answer. @typedef {{t: 'destroy', id: number}} Destroy */
/**
 * The host's watchdog (host/heal.js): is the engine's thread still there? Answer: `pong`, at once.
 * @typedef {{t: 'ping', id: number}} Ping
 */

/**
 * The calls (the handle's methods that return Promises). Each answers with one `reply` whose `value` is, in order:
 * the value held or undefined; the steps taken; the state hash; whether the formation landed; true; {data, meta}
 * (or `error`); the test hook's value.
 * @typedef {{id?: number, seq?: number, progress?: boolean}} CallBase
 * @typedef {CallBase & {t: 'set', name: string, value: *}} SetCall
 * @typedef {CallBase & {t: 'step', n: *}} StepCall
 * @typedef {CallBase & {t: 'stateHash'}} StateHashCall
 * @typedef {CallBase & {t: 'form', options: {type: *, text: string, hold: *}}} FormCall
 * @typedef {CallBase & {t: 'release'}} ReleaseCall
 * @typedef {CallBase & {t: 'trajectory', steps: *, every: *}} TrajectoryCall
 * @typedef {CallBase & {t: 'test', fn: string, ms?: number, frames?: number, upWindows?: number, holdWindows?: number, on?: boolean,
 *   n?: number, inFrame?: boolean}} TestCall the test bundle's hooks only
 * @typedef {SetCall | StepCall | StateHashCall | FormCall | ReleaseCall | TrajectoryCall | TestCall} Call
 */

/**
 * Every message the host posts: Hello is the engine's; the rest are a school's, addressed by `id`, which the school's
 * own post (host/mount.js) sets: its callers pass an Unaddressed message.
 * @typedef {Mount | SetFlags | SetView | Pointer | Poke | Obstacles | Hash | Canvas | Studio | Destroy | Ping | Call}
 *   SchoolMessage
 * @typedef {Hello | SchoolMessage} HostMessage
 * @typedef {SchoolMessage extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never} Unaddressed
 */

// ---- engine -> host ----------------------------------------------------------------------------------------------

/** The wasm is in: the parameter table (C++ kParams) for the host's get()/table(). @typedef {{t: 'ready',
 * table: MiroFishParamInfo[], version: string}} Ready */
/** The wasm could not load (the sentence says which file, and where). @typedef {{t: 'failed', error: string}}
 * Failed */
/** One console warning, the engine's text. @typedef {{t: 'warn', text: string}} Warn */
/** The mount's outcome: the renderer's name, or why not. @typedef {{t: 'mounted', id: number, renderer?: string,
 * error?: string}} Mounted */
/**
 * What the handle's reading methods answer from: the stats always (the engine's part of MiroFishStats: the host
 * adds `thread`), the params, hash and obstacles (canvas CSS px) when one of them changed.
 * @typedef {Omit<MiroFishStats, 'thread'>} EngineStats
 * @typedef {{t: 'snap', id: number, stats: EngineStats, params?: Object<string, number>, hash?: string,
 *   obstacles?: number[][]}} Snap
 */
/** A call's answer. @typedef {{t: 'reply', id: number, seq: number, value?: *, error?: string, range?: boolean}}
 * Reply */
/** A long step() or trajectory() after each slice. @typedef {{t: 'progress', id: number, seq: number, done: number,
 * total: number}} Progress */
/** The context is gone for good: the host answers with `canvas`, a fresh element in the old one's place.
 * @typedef {{t: 'needCanvas', id: number}} NeedCanvas */
/** The studio's arrays (Pond::studioArray), copies moved to the page. @typedef {{t: 'studioFrame', id: number,
 * count: number, arrays: (Float32Array | Uint8Array | null)[]}} StudioFrame */
/** The test bundle's level callback. @typedef {{t: 'level', id: number, stats: *}} Level */
/** The answer to `ping`. @typedef {{t: 'pong', id: number}} Pong */
/** A throw in the school's work (engine/guard.js): it stopped for good; the host heals it once (host/heal.js).
 * @typedef {{t: 'error', id: number, error: string}} SchoolError */
/** Something escaped every school's guard in a Worker: the whole engine failed. @typedef {{t: 'fatal',
 * error: string}} Fatal */

/**
 * Every message the engine posts.
 * @typedef {Ready | Failed | Warn | Mounted | Snap | Reply | Progress | NeedCanvas | StudioFrame | Level | Pong |
 *   SchoolError | Fatal} EngineMessage
 */

/**
 * Where each side posts: `transfer` moves canvases and buffers.
 * @callback PostToEngine
 * @param {HostMessage} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */
/**
 * @callback PostFromSchool
 * @param {Unaddressed} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */
/**
 * @callback PostToHost
 * @param {EngineMessage} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
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
  if (f.reduced && cfg.reducedMotion === 1) return 'reduced-motion';
  // Nothing moves and nothing is drawn: no loop at all (a 0-fish canvas once kept 1.5 cores busy in SwiftShader).
  if (cfg.fish === 0 && cfg.water === 0) return 'empty';
  if (f.away) return 'idle';
  return 'running';
}
