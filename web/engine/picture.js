// The school drawn for the next page of the site to show until its own first frame (host/carry.js, loader/poster.js).
// Drawn in a task of its own, so that the snapshot it goes with is answered first (the school at most a frame on from
// it), and read in that task, as a frame's drawing buffer is not kept once it shows; then encoded off the frames' way.
// WebP, PNG where the browser writes no WebP (WebKit); null where nothing is drawn (hidden, a lost context).

const QUALITY = 0.7; // WebP's: shown for a moment, under a view transition

/**
 * @param {Pick<import('./school.js').EngineSchool, 'canvas' | 'life' | 'flags' | 'draw'>} s
 * @returns {Promise<Uint8Array | null>}
 */
export function drawPicture(s) {
  return new Promise((drawn) => setTimeout(() => drawn(encode(s)))).then(
    (/** @type {Blob | null} */ b) => (b ? b.arrayBuffer().then((a) => new Uint8Array(a)) : null),
    () => /** @type {null} */ (null),
  );
}

/**
 * @param {Pick<import('./school.js').EngineSchool, 'canvas' | 'life' | 'flags' | 'draw'>} s
 * @returns {Promise<Blob | null>}
 */
function encode(s) {
  const c = s.canvas;
  if (!s.life.started || s.life.destroyed || s.flags.hidden || s.flags.lost || !s.draw(performance.now())) {
    return Promise.resolve(null);
  }
  return 'convertToBlob' in c
    ? c.convertToBlob({ type: 'image/webp', quality: QUALITY })
    : new Promise((done) => c.toBlob(done, 'image/webp', QUALITY));
}
