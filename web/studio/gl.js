// The teaching view's overlay renderer: one batch of coloured triangles in world px, drawn on the studio's own canvas
// over the koi's, in its own WebGL2 context, with the koi's letterbox mapping (src/render/core/view_transform.h,
// through the core), in one texture upload and one draw call; nothing is made until the first draw. Its shaders are
// shaders/overlay.*, embedded at build time. It lives in the studio's script, not beside the koi renderer in C++,
// where it would cost the page's bundle 0.6 KB gzipped for something only the studio draws.
import { kOverlayFrag, kOverlayVert } from 'mirofish-studio-glsl'; // shaders/overlay.*, embedded by the build

export const OVERLAY_ROW = 1024; // vertices per texture row (overlay.vert kRow)
const OVERLAY_UNIT = 3; // the texture unit it reads the vertices from
export const VERTEX_WORDS = 4; // one RGBA32UI texel a vertex: x, y (float bits), RGBA8 colour, unused

// The renderer on a context of its own (`gl`); `core` gives the letterbox, the C++ copy the koi draw with.
export class OverlayGL {
  /** @type {WebGLProgram | null} */
  #program = null;
  /** @type {WebGLVertexArrayObject | null} */
  #vao = null;
  /** @type {WebGLTexture | null} */
  #texture = null;
  #rows = 0; // the texture's rows of OVERLAY_ROW vertices
  /** @type {WebGLUniformLocation | null} */
  #uWorld = null;
  /** @type {WebGLUniformLocation | null} */
  #uPixels = null;

  /** @param {WebGL2RenderingContext} gl @param {Pick<import('./core.js').StudioCore, 'view'>} core */
  constructor(gl, core) {
    this.gl = gl;
    this.core = core;
  }

  #build() {
    const gl = this.gl;
    /** @param {number} type @param {string} source */
    const shader = (type, source) => {
      const sh = gl.createShader(type);
      if (!sh) throw new Error('the overlay shader could not be made (the context is lost)');
      gl.shaderSource(sh, source);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(String(gl.getShaderInfoLog(sh))); // null if lost
      return sh;
    };
    const vs = shader(gl.VERTEX_SHADER, kOverlayVert),
      fs = shader(gl.FRAGMENT_SHADER, kOverlayFrag);
    const program = gl.createProgram();
    this.#program = program;
    gl.attachShader(program, vs);
    gl.attachShader(program, fs);
    gl.linkProgram(program);
    gl.deleteShader(vs); // flagged; freed with the program
    gl.deleteShader(fs);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(String(gl.getProgramInfoLog(program)));
    this.#uWorld = gl.getUniformLocation(program, 'u_world');
    this.#uPixels = gl.getUniformLocation(program, 'u_pixels');
    gl.useProgram(program);
    gl.uniform1i(gl.getUniformLocation(program, 'u_vertices'), OVERLAY_UNIT);
    this.#vao = gl.createVertexArray(); // no attributes, but a vertex array of its own
    this.#texture = null;
    this.#rows = 0;
  }

  // Deletes what it made (a context that is already lost took them with it).
  release() {
    const gl = this.gl;
    if (!gl.isContextLost()) {
      gl.deleteProgram(this.#program);
      gl.deleteVertexArray(this.#vao);
      gl.deleteTexture(this.#texture);
    }
    this.#program = this.#vao = this.#texture = null;
  }

  // Draws `count` vertices of `words` (VERTEX_WORDS a vertex, whole OVERLAY_ROW rows) over what the canvas holds;
  // false when the context is lost.
  /**
   * @param {Uint32Array} words @param {number} count @param {number} worldW @param {number} worldH world px
   * @returns {boolean}
   */
  draw(words, count, worldW, worldH) {
    const gl = this.gl;
    if (gl.isContextLost()) return false;
    if (!this.#program || !gl.isProgram(this.#program)) this.#build(); // first use, or a restored context
    const r = Math.ceil(count / OVERLAY_ROW);
    gl.activeTexture(gl.TEXTURE0 + OVERLAY_UNIT);
    if (r > this.#rows || !this.#texture) {
      // immutable storage: a bigger overlay gets a new texture, in doubled rows
      if (this.#texture) gl.deleteTexture(this.#texture);
      let rows = Math.max(1, this.#rows);
      while (rows < r) rows *= 2;
      this.#rows = rows;
      this.#texture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, this.#texture);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32UI, OVERLAY_ROW, rows);
    }
    gl.bindTexture(gl.TEXTURE_2D, this.#texture);
    // rows of 16 KB: any unpack alignment reads them the same
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, OVERLAY_ROW, r, gl.RGBA_INTEGER, gl.UNSIGNED_INT, words, 0);
    gl.activeTexture(gl.TEXTURE0);
    // World -> device px as the koi: the world scaled to fit the drawing buffer, centred.
    const W = gl.drawingBufferWidth,
      H = gl.drawingBufferHeight;
    const view = this.core.view(worldW, worldH, W, H);
    gl.viewport(0, 0, W, H);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA); // premultiplied, as the koi
    gl.useProgram(this.#program);
    gl.uniform3f(this.#uWorld, view.scale, view.x, view.y);
    gl.uniform2f(this.#uPixels, W, H);
    gl.bindVertexArray(this.#vao);
    gl.drawArrays(gl.TRIANGLES, 0, count - (count % 3));
    gl.bindVertexArray(null);
    return true;
  }
}
