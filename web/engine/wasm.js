// The wasm module's surface as the engine calls it: Embind's block (src/web/bindings.cpp) and what the glue adds
// (src/web/glue_post.js). Types only, for `tsc`: no code imports this file, so it costs the bundle nothing.

/**
 * C++ Pond (src/web/pond.h): one school, its renderer and its canvas.
 * @typedef {object} Pond
 * @property {(selector: string, antialias: boolean) => string} attach GL on the canvas of that selector ('' or why
 *   not)
 * @property {(nameOrKey: string, value: number) => SetResult} set
 * @property {(nameOrKey: string) => number} get NaN for an unknown name
 * @property {() => Object<string, number>} params every parameter by name
 * @property {(hash: string) => HashResult} applyHash
 * @property {() => string} encodeHash
 * @property {() => string} sanityWarning
 * @property {(luminance: number) => void} setPageText
 * @property {() => string} waterToneWarning
 * @property {(detail: number) => void} setDetail
 * @property {() => void} begin
 * @property {(frameSeconds: number) => number} advance
 * @property {(n: number) => void} step
 * @property {(cssWidth: number, cssHeight: number, pixelWidth: number, pixelHeight: number, dpr: number) => void}
 *   setViewport
 * @property {(present: boolean, cssX: number, cssY: number) => void} pointer
 * @property {(cssX: number, cssY: number) => void} scare
 * @property {(cssX: number, cssY: number) => void} feed
 * @property {(cssX: number, cssY: number) => void} click
 * @property {(timeSeconds: number) => boolean} render
 * @property {() => void} contextLost
 * @property {() => string} contextRestored '' on success
 * @property {(k: number, x: number, y: number, w: number, h: number) => void} stageObstacle
 * @property {(n: number) => void} commitObstacles
 * @property {() => number} obstacleCount
 * @property {(k: number, which: number) => number} obstacleEdge
 * @property {() => PondStats} stats
 * @property {(type: string, text: string, holdSeconds: number) => {ok: boolean, warning: string}} form
 * @property {() => void} releaseForm
 * @property {() => string} stateHash
 * @property {() => Uint8Array | null} snapshot the school's, a view into the heap (copy it out at once); null: none
 * @property {(n: number) => Uint8Array} snapshotRoom room for a snapshot of n bytes, filled before continueFrom()
 * @property {() => string} continueFrom '' when the school goes on from the snapshot, else why not
 * @property {() => number} count
 * @property {(on: boolean) => void} setMetrics
 * @property {(k: number) => Float32Array | Uint8Array | null} studioArray a view into the heap: copy it out at once
 * @property {() => void} release
 * @property {() => void} delete Embind's: the C++ object freed
 */

/**
 * @typedef {object} SetResult
 * @property {ParamStatus} status
 * @property {number} value the value now held (NaN for an unknown name)
 * @property {string} warning
 */

/**
 * An Embind enum's value (C++ ParamStatus, sim/params.h), compared by identity.
 * @typedef {{value: number}} ParamStatus
 */

/**
 * What a hash did to the pond (C++ HashResult).
 * @typedef {{anyKey: boolean, hasSeek: boolean, seekSeconds: number, seekSteps: number, hasWorld: boolean,
 *   warnings: string[]}} HashResult
 */

/**
 * C++ PondStats; formPhase is one of the words MiroFishStats names (pond.cpp writes them).
 * @typedef {{fish: number, steps: number, rendering: boolean, drawCalls: number, scares: number, feeds: number,
 *   pellets: number, eaten: number, cruise: number, sprint: number, hover: number, startle: number, form: string,
 *   formPhase: import('../mirofish').MiroFishStats['form']['phase'], formTargets: number, formSettled: number,
 *   formAdded: number}} PondStats
 */

/**
 * C++ TrajectoryRun (src/web/trajectory_run.h): a second school run from a hash, off screen.
 * @typedef {object} TrajectoryRun
 * @property {(steps: number) => Float32Array} frame a view into the heap after `steps` more steps
 * @property {(steps: number, every: number) => string} meta JSON
 * @property {() => void} delete
 */

/**
 * The module (core/module.js loadModule's `M`).
 * @typedef {object} EngineModule
 * @property {new () => Pond} Pond
 * @property {new (hash: string) => TrajectoryRun} TrajectoryRun
 * @property {{Ok: ParamStatus, Clamped: ParamStatus, NotFinite: ParamStatus, Unknown: ParamStatus}} ParamStatus
 * @property {(text: string) => number} parseNumber the hash's number grammar; NaN when not a number of it
 * @property {() => boolean} bakeKoiSlice the koi textures' next bake slice; true once done
 * @property {() => never} trap a real wasm trap (the test bundle's hook)
 * @property {() => (Omit<import('../mirofish').MiroFishParamInfo, 'values'> & {values: string})[]} paramTable the
 *   table's rows, a named option's value names joined by '|' (core/module.js reads it)
 * @property {Object<string, OffscreenCanvas | HTMLCanvasElement>} specialHTMLTargets canvases Pond::attach finds by
 *   selector (a Worker has no document)
 * @property {() => WebGL2RenderingContext} currentGL the context Pond::attach made current
 * @property {Int8Array} HEAP8
 */

export {};
