// The school's WebGL context: the canvas the engine draws on, its context and GPU timer, and what happens when
// the browser takes the context away (the host's side is swapCanvas in host/mount.js).
import { createGpuTimer, giveBack } from './gl_probe.js';

export { giveBack };

const LOST_WAIT_MS = 2000; // a context not restored by then (an evicted one never is) is replaced; doubled per try
const ASK_GAP_MS = 1000; // at most one new canvas asked for a second (a wait that ended while hidden, then shown)

// Context loss and restore, on the canvas the engine draws on (events fire on an OffscreenCanvas too). While lost the
// school neither steps nor draws (state 'lost'); not restored within LOST_WAIT_MS, it asks the host for a new canvas
// (a hidden school waits until it shows) and draws on there from the same School. Each new canvas makes the next
// wait twice as long (2 s .. 32 s), until a context lives 30 s. Each loss and each new context is the school's to
// follow (contextChanged()).
export class Context {
  #s;
  /** @type {OffscreenCanvas | HTMLCanvasElement} */
  #canvas;
  /** @type {WebGL2RenderingContext | null} null while a new canvas has none */
  #gl;
  #attach;
  /** @type {import('./gl_probe.js').GpuTimer | null} */
  #gpuTimer;
  #tries = 0; // new canvases since a context last lived 30 s
  #since = 0; // when the context in use was found
  #lostTimer = 0;
  #askDue = false; // the wait ran out while hidden: ask once the school shows
  #askedAt = -Infinity;
  /** @type {WEBGL_lose_context | null} the test bundle's (loseContext/restoreContext hooks) */
  #loseExt = null;

  /**
   * @param {Pick<import('./school.js').EngineSchool, 'M' | 'contextChanged' | 'flags' | 'id' | 'life' | 'out' |
   *   'pond' | 'softwareGL' | 'warn'>} s what it reads of its school
   * @param {OffscreenCanvas | HTMLCanvasElement} canvas
   * @param {WebGL2RenderingContext} gl the context Pond::attach made on it
   * @param {(canvas: OffscreenCanvas | HTMLCanvasElement) => string} attach Pond::attach on another canvas ('' or why
   * not)
   */
  constructor(s, canvas, gl, attach) {
    this.#s = s;
    this.#canvas = canvas;
    this.#gl = gl;
    this.#attach = attach;
    this.#gpuTimer = this.timer(gl);
    this.onLost = this.onLost.bind(this);
    this.onRestored = this.onRestored.bind(this);
    this.ask = this.ask.bind(this);
  }

  // The canvas the school draws on, its context (null while a new canvas has none) and its GPU timer (null: none).
  get canvas() {
    return this.#canvas;
  }
  get gl() {
    return this.#gl;
  }
  get gpuTimer() {
    return this.#gpuTimer;
  }

  // No timer queries on a software rasterizer: they time its queue across threads, not its work (the budget reads the
  // frame rate there, loop.js), and each one costs SwiftShader CPU time every frame (docs/performance.md).
  /** @param {WebGL2RenderingContext | null} gl */
  timer(gl) {
    return this.#s.softwareGL ? null : createGpuTimer(gl);
  }

  watch() {
    this.#canvas.addEventListener('webglcontextlost', this.onLost);
    this.#canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  unwatch() {
    this.#canvas.removeEventListener('webglcontextlost', this.onLost);
    this.#canvas.removeEventListener('webglcontextrestored', this.onRestored);
  }

  /** @param {Event} e */
  onLost(e) {
    e.preventDefault(); // tells the browser we will restore: without it there is no webglcontextrestored
    this.lost();
  }

  onRestored() {
    const err = this.#s.pond.contextRestored();
    if (err) {
      this.#s.warn(err);
      return;
    }
    this.found();
  }

  lost() {
    const s = this.#s;
    if (performance.now() - this.#since > 30000) this.#tries = 0;
    if (this.#gpuTimer) this.#gpuTimer.drop();
    s.pond.contextLost();
    s.contextChanged(true);
    clearTimeout(this.#lostTimer);
    this.#lostTimer = setTimeout(this.ask, LOST_WAIT_MS << Math.min(this.#tries, 4));
  }

  // Hidden (a background tab, scrolled out of view): no work at all, so the new canvas waits until it shows.
  away() {
    return this.#s.flags.hidden || this.#s.flags.offscreen;
  }

  ask() {
    const s = this.#s;
    this.#askDue = this.away();
    if (this.#askDue || s.life.destroyed) return;
    this.#askedAt = performance.now();
    s.out({ t: 'needCanvas', id: s.id });
  }

  // After the host's flags: a wait that ran out while hidden asks now that the school shows, but never within
  // ASK_GAP_MS of the last ask.
  shownAgain() {
    if (!this.#askDue || this.away()) return;
    clearTimeout(this.#lostTimer);
    this.#lostTimer = setTimeout(this.ask, Math.max(0, ASK_GAP_MS - (performance.now() - this.#askedAt)));
  }

  found() {
    const s = this.#s;
    clearTimeout(this.#lostTimer);
    this.#askDue = false;
    this.#since = performance.now();
    this.#gpuTimer = this.timer(this.#gl);
    s.contextChanged(false);
  }

  // The same School on the host's new canvas: the old context is given back, the renderers start again on a new one.
  /** @param {OffscreenCanvas | HTMLCanvasElement} canvas */
  replace(canvas) {
    const s = this.#s;
    if (s.life.destroyed) return;
    if (!this.#tries++) s.warn('the WebGL context was lost: drawing on a new canvas');
    this.unwatch();
    const old = this.#gl;
    const err = this.#attach(canvas);
    giveBack(old);
    this.#canvas = canvas;
    this.#gl = err ? null : s.M.currentGL(); // the context attach() made (a second getContext() throws in Firefox)
    this.watch();
    if (err || !this.#gl) this.lost();
    else this.found();
  }

  // The test bundle's lost context (handle._test.loseContext): false when it is lost already. The extension is taken
  // while the context lives: a lost context hands out no extensions, so the restore needs this one.
  loseForTest() {
    const gl = this.#gl;
    if (!gl || gl.isContextLost()) return false; // no context (a new canvas that has none) is lost already
    const ext = gl.getExtension('WEBGL_lose_context');
    if (!ext) throw new Error('test: this WebGL2 context has no WEBGL_lose_context');
    this.#loseExt = ext;
    ext.loseContext();
    return true;
  }

  restoreForTest() {
    if (this.#gl && this.#gl.isContextLost() && this.#loseExt) this.#loseExt.restoreContext();
  }

  // The school goes: no timers, no listeners, the GPU timer's queries and then the context given back.
  dispose() {
    clearTimeout(this.#lostTimer);
    this.unwatch();
    if (this.#gpuTimer && !this.#s.flags.lost) this.#gpuTimer.release();
  }
}
