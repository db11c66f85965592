// The contract between the page's recorder link (web/record/link.js) and the recorder it runs (web/record/serve.js, in
// its Worker or on the main thread): its six messages. Types only, as protocol.js is for the engine's: it costs the
// bundle nothing. Every message but `hello` carries `id`, the page's job counter.

/**
 * What one recording is (record/options.js normalise()): `frames` at `fps` of `width` x `height`, from the school's
 * `hash` (at `time` seconds, or its own seek), its `params` besides; `background` [r, g, b] under an opaque video.
 * @typedef {{seconds: number, fps: number, frames: number, width: number, height: number, format: 'webm' | 'mp4',
 *   alpha: boolean, background: number[], hash: string, time: number | null, params: Object<string, number>}} RecordJob
 */

// ---- page -> recorder --------------------------------------------------------------------------------------------

/** Record `job`. Answer: `progress` after each frame, then `done` or `error`. @typedef {{t: 'record', id: number,
 * job: RecordJob}} RecordStart */
/** Stop job `id`: it answers `error` with an AbortError. @typedef {{t: 'abort', id: number}} RecordAbort */
/** @typedef {RecordStart | RecordAbort} PageToRecorder */

// ---- recorder -> page --------------------------------------------------------------------------------------------

/** The recorder's Worker started: the page's link sends its jobs after this. @typedef {{t: 'hello'}} RecorderHello */
/** @typedef {{t: 'progress', id: number, done: number, total: number}} RecordProgress */
/** The file's bytes, moved (not copied). @typedef {{t: 'done', id: number, buffer: ArrayBuffer, mime: string,
 * codec: string}} RecordDone */
/**
 * Why not, in one sentence; `name` 'AbortError' for a cancel; `local`: this thread cannot record (no WebGL2 on an
 * OffscreenCanvas in the Worker): the page runs the job on its own thread instead.
 * @typedef {{t: 'error', id: number, error: string, name?: string, local?: boolean}} RecordError
 */
/** @typedef {RecorderHello | RecordProgress | RecordDone | RecordError} RecorderToPage */

/**
 * @callback PostToRecorder
 * @param {PageToRecorder} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */
/**
 * @callback PostToPage
 * @param {RecorderToPage} msg
 * @param {Transferable[]} [transfer]
 * @returns {void}
 */

export {};
