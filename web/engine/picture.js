// The school drawn for the next page of the site to show until its own first frame (host/carry.js, loader/picture.js),
// taken with a carry call's snapshot: from the loop's next frame where the school animates (no frame more to draw,
// at most a frame on from the snapshot), else from a frame of its own in the next task, so that the snapshot's answer
// goes first. Read in the frame's task, as a frame's drawing buffer is not kept once it shows; then encoded off the
// frames' way. WebP, PNG where the browser writes no WebP (WebKit); null where nothing is drawn (hidden, a lost
// context).

const QUALITY = 0.7; // WebP's: shown for a moment, under a view transition
const FRAME_WAIT_MS = 250; // the loop's next frame, at 5 fps or more
const MAX_SIDE = 640; // px: a larger canvas is halved (and again) first, a quarter of the encoding's work each time

/** @typedef {Pick<import('./school.js').EngineSchool, 'canvas' | 'life' | 'flags' | 'draw'>} Drawn */

export class Picture {
  #s;
  /** @type {((blob: Promise<Blob | null>) => void) | null} a carry call's, until a frame is drawn */
  #wanted = null;
  /** @type {Promise<Uint8Array | null>} */
  #taken = Promise.resolve(null);
  #timer = 0; // the wait for a frame, or the still school's own frame: one take's, cleared when a frame answers it

  /** @param {Drawn} s */
  constructor(s) {
    this.#s = s;
  }

  /** @param {boolean} animating whether the loop's next frame comes */
  take(animating) {
    if (this.#wanted) this.#wanted(Promise.resolve(null));
    clearTimeout(this.#timer);
    /** @type {Promise<Blob | null>} */
    const blob = new Promise((resolve) => (this.#wanted = resolve));
    this.#taken = blob.then(
      (b) => (b ? b.arrayBuffer().then((a) => new Uint8Array(a)) : null),
      () => /** @type {null} */ (null),
    );
    this.#timer = !animating
      ? setTimeout(() => this.drawn(this.#drawable() && this.#s.draw(performance.now())))
      : setTimeout(() => this.drawn(false), FRAME_WAIT_MS); // no frame came: no picture, and the next ask is free
  }

  // After a frame of the loop's (school.drawFrame), or the one of its own: the picture from it, where one is wanted.
  /** @param {boolean} drawn */
  drawn(drawn) {
    const wanted = this.#wanted;
    if (!wanted) return; // the common case: each of the loop's frames asks
    this.#wanted = null;
    clearTimeout(this.#timer);
    wanted(drawn && this.#drawable() ? encode(this.#s.canvas) : Promise.resolve(null));
  }

  /** @returns {Promise<Uint8Array | null>} the last take()'s, once encoded (once: a second ask gets null) */
  handOver() {
    const p = this.#taken;
    this.#taken = Promise.resolve(null);
    return p;
  }

  #drawable() {
    const s = this.#s;
    return s.life.started && !s.life.destroyed && !s.flags.hidden && !s.flags.lost;
  }
}

/** @param {OffscreenCanvas | HTMLCanvasElement} c @returns {Promise<Blob | null>} */
function encode(c) {
  let k = 1;
  while (Math.max(c.width, c.height) / k > MAX_SIDE) k *= 2;
  if (k === 1) return toBlob(c);
  const small = new OffscreenCanvas(Math.ceil(c.width / k), Math.ceil(c.height / k));
  const g = small.getContext('2d');
  if (!g) return toBlob(c);
  g.drawImage(c, 0, 0, small.width, small.height);
  return toBlob(small);
}

/** @param {OffscreenCanvas | HTMLCanvasElement} c @returns {Promise<Blob | null>} */
function toBlob(c) {
  return 'convertToBlob' in c
    ? c.convertToBlob({ type: 'image/webp', quality: QUALITY })
    : new Promise((done) => c.toBlob(done, 'image/webp', QUALITY));
}
