// The teaching view's overlay renderer: one batch of coloured triangles in world px, drawn on the studio's own canvas
// over the koi's, in its own WebGL2 context, with the koi's letterbox mapping (src/render/core/view_transform.h, through
// the core), in one texture upload and one draw call; nothing is made until the first draw. Its shaders are
// shaders/overlay.*, embedded at build time. It lives in the studio's script, not beside the koi renderer in C++:
// there it cost the page's bundle 0.6 KB gzipped, for something only the studio draws.
import { kOverlayFrag, kOverlayVert } from 'mirofish-studio-glsl'; // shaders/overlay.*, embedded by the build

export const OVERLAY_ROW = 1024; // vertices per texture row (overlay.vert kRow)
const OVERLAY_UNIT = 3; // the texture unit it reads the vertices from
export const VERTEX_WORDS = 4; // one RGBA32UI texel a vertex: x, y (float bits), RGBA8 colour, unused

// `core` (core.js) gives the letterbox: the C++ copy the koi draw with.
export function createOverlayGL(gl, core) {
  let program = null,
    vao = null,
    texture = null,
    rows = 0,
    uWorld = null,
    uPixels = null;
  const build = () => {
    const shader = (type, source) => {
      const sh = gl.createShader(type);
      gl.shaderSource(sh, source);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(sh));
      return sh;
    };
    const vs = shader(gl.VERTEX_SHADER, kOverlayVert),
      fs = shader(gl.FRAGMENT_SHADER, kOverlayFrag);
    program = gl.createProgram();
    gl.attachShader(program, vs);
    gl.attachShader(program, fs);
    gl.linkProgram(program);
    gl.deleteShader(vs); // flagged; freed with the program
    gl.deleteShader(fs);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
    uWorld = gl.getUniformLocation(program, 'u_world');
    uPixels = gl.getUniformLocation(program, 'u_pixels');
    gl.useProgram(program);
    gl.uniform1i(gl.getUniformLocation(program, 'u_vertices'), OVERLAY_UNIT);
    vao = gl.createVertexArray(); // no attributes, but a vertex array of its own
    texture = null;
    rows = 0;
  };
  return {
    gl,
    // Deletes what it made (a context that is already lost took them with it).
    release() {
      if (!gl.isContextLost()) {
        gl.deleteProgram(program);
        gl.deleteVertexArray(vao);
        gl.deleteTexture(texture);
      }
      program = vao = texture = null;
    },
    // Draws `count` vertices of `words` (a Uint32Array, VERTEX_WORDS a vertex, whole OVERLAY_ROW rows) over what the
    // canvas holds; false when the context is lost.
    draw(words, count, worldW, worldH) {
      if (gl.isContextLost()) return false;
      if (!program || !gl.isProgram(program)) build(); // first use, or a restored context
      const r = Math.ceil(count / OVERLAY_ROW);
      gl.activeTexture(gl.TEXTURE0 + OVERLAY_UNIT);
      if (r > rows || !texture) {
        // immutable storage: a bigger overlay gets a new texture, in doubled rows
        if (texture) gl.deleteTexture(texture);
        rows = Math.max(1, rows);
        while (rows < r) rows *= 2;
        texture = gl.createTexture();
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32UI, OVERLAY_ROW, rows);
      }
      gl.bindTexture(gl.TEXTURE_2D, texture);
      // rows of 16 KB: any unpack alignment reads them the same
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, OVERLAY_ROW, r, gl.RGBA_INTEGER, gl.UNSIGNED_INT, words, 0);
      gl.activeTexture(gl.TEXTURE0);
      // World -> device px as the koi: the world scaled to fit the drawing buffer, centred.
      const W = gl.drawingBufferWidth,
        H = gl.drawingBufferHeight;
      const view = core.view(worldW, worldH, W, H);
      gl.viewport(0, 0, W, H);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA); // premultiplied, as the koi
      gl.useProgram(program);
      gl.uniform3f(uWorld, view.scale, view.x, view.y);
      gl.uniform2f(uPixels, W, H);
      gl.bindVertexArray(vao);
      gl.drawArrays(gl.TRIANGLES, 0, count - (count % 3));
      gl.bindVertexArray(null);
      return true;
    },
  };
}
