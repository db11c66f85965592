// The encoder and the file, by mediabunny (docs/recording.md says why it): WebCodecs' VideoEncoder does the coding,
// mediabunny the WebM or MP4 around it (and VP9's alpha, as a second coded stream in the WebM's block additions).
import {
  BufferTarget,
  Mp4OutputFormat,
  Output,
  Quality,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
  canEncodeVideo,
} from 'mediabunny';

// The codecs tried for each format, in order: WebM is VP9; MP4 is H.264 where the browser encodes it, else AV1, else
// VP9 (both are valid in MP4, and players read them).
/**
 * @typedef {import('../core/record_protocol.js').RecordJob} RecordJob
 * @typedef {'vp9' | 'avc' | 'av1'} Codec mediabunny's names
 */
/**
 * An output in memory (openOutput): add(frame, k) encodes frame k (a VideoFrame, closed here) and resolves once the
 * encoder can take the next; finish() resolves to the file's bytes; cancel() drops it all.
 * @typedef {{mime: string, add: (frame: VideoFrame, k: number) => Promise<void>, finish: () => Promise<ArrayBuffer>,
 *   cancel: () => Promise<void>}} Encoding
 */
/** @type {{[format in RecordJob['format']]: Codec[]}} */
const CODECS = { webm: ['vp9'], mp4: ['avc', 'av1', 'vp9'] };
/** @type {{[codec in Codec]: string}} */
const NAMES = { vp9: 'VP9', avc: 'H.264', av1: 'AV1' };
const KEY_SECONDS = 2; // a key frame every 2 s: an editor seeks quickly, the file stays small

// Resolves to the codec to use for `job`, or rejects with what this browser is missing.
/** @param {Pick<RecordJob, 'format' | 'width' | 'height'>} job @returns {Promise<Codec>} */
export async function pickCodec(job) {
  if (typeof VideoEncoder !== 'function' || typeof VideoFrame !== 'function') {
    throw new Error(
      'record(): this browser has no WebCodecs VideoEncoder (Chrome 94+, Safari 16.4+, Firefox 130+), ' +
        'so it cannot record video',
    );
  }
  const tried = CODECS[job.format];
  for (const codec of tried) {
    if (await canEncodeVideo(codec, { width: job.width, height: job.height, bitrate: new Quality('high') }))
      return codec;
  }
  throw new Error(
    "record(): this browser's VideoEncoder cannot encode " +
      tried.map((c) => NAMES[c]).join(' or ') +
      ' at ' +
      job.width +
      'x' +
      job.height +
      " (format '" +
      job.format +
      "')" +
      (job.format === 'webm' ? "; try format 'mp4'" : "; try format 'webm'"),
  );
}

// An output for `job` in memory: add(frame, k) encodes frame k (a VideoFrame, closed here) and resolves once the
// encoder can take the next (its backpressure: frames are never dropped, the loop waits); finish() resolves to the
// file's bytes; cancel() drops it all.
/** @param {RecordJob} job @param {Codec} codec @returns {Promise<Encoding>} */
export async function openOutput(job, codec) {
  const target = new BufferTarget();
  const output = new Output({
    format: job.format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target,
  });
  const source = new VideoSampleSource({
    codec,
    bitrate: new Quality('high'),
    keyFrameInterval: KEY_SECONDS,
    alpha: job.alpha ? 'keep' : 'discard',
    sizeChangeBehavior: 'deny',
  });
  output.addVideoTrack(source, { frameRate: job.fps });
  await output.start();
  const duration = 1 / job.fps;
  return {
    mime: job.format === 'webm' ? 'video/webm' : 'video/mp4',
    async add(frame, k) {
      const sample = new VideoSample(frame, { timestamp: k / job.fps, duration });
      try {
        await source.add(sample);
      } finally {
        sample.close();
        frame.close();
      }
    },
    async finish() {
      source.close();
      await output.finalize();
      if (!target.buffer) throw new Error('the muxer wrote no file');
      return target.buffer;
    },
    cancel: () => output.cancel().catch(() => {}),
  };
}
