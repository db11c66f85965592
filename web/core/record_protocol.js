// The contract between the page's recorder link (web/record/link.js) and the recorder it runs (web/record/serve.js, in
// its Worker or on the main thread): its two calls. Types only, as protocol.js is for the engine's: it costs the
// bundle nothing.

/**
 * What one recording is (record/options.js normalise()): `frames` at `fps` of `width` x `height`, from the school's
 * `hash` (at `time` seconds, or its own seek), its `params` besides; `background` [r, g, b] under an opaque video.
 * @typedef {{seconds: number, fps: number, frames: number, width: number, height: number, format: 'webm' | 'mp4',
 *   alpha: boolean, background: number[], hash: string, time: number | null, params: Object<string, number>}} RecordJob
 */

/** Is the recorder's Worker up? Answers true. @typedef {{t: 'hello'}} RecorderHello */
/**
 * Record `job`, with progress after each frame; answers the file's bytes (moved, not copied). Its errors: why not, in
 * one sentence; an AbortError once the page aborts; `local` (a field of the error): this thread cannot record (no
 * WebGL2 on an OffscreenCanvas in the Worker), and the page runs the job on its own thread instead.
 * @typedef {{t: 'record', job: RecordJob}} RecordStart
 * @typedef {{buffer: ArrayBuffer, mime: string, codec: string}} Recording
 */

/**
 * The recorder's calls, request -> answer; nothing else travels (progress and the abort are the channel's own).
 * @typedef {{hello: [RecorderHello, true], record: [RecordStart, Recording]}} RecorderCalls
 * @typedef {{calls: RecorderCalls, events: never}} RecorderSide the recorder's end
 * @typedef {{calls: {}, events: never}} PageSide the page's end
 * @typedef {import('./channel.js').Caller<PageSide, RecorderSide>} PageChannel
 * @typedef {import('./channel.js').Channel<RecorderSide, PageSide>} RecorderChannel
 */

export {};
