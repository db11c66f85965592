// The opaque video's background, drawn *under* the koi in the recorder's own GL context after the Pond has drawn:
// one triangle with blend (1 - dst alpha, 1), which is "source under destination" for premultiplied colour, the same
// sum the browser makes when it lays the page's transparent canvas over a page of that colour. The GL state it
// touches (program, vertex array, blending) is put back, so the Pond's next frame finds what it left.
const VERT =
  '#version 300 es\nvoid main() {\n' +
  '  gl_Position = vec4(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0, 0.0, 1.0);\n}\n';
const FRAG =
  '#version 300 es\nprecision mediump float;\nuniform vec4 u_colour;\nout vec4 o;\n' +
  'void main() { o = u_colour; }\n';

/**
 * @param {WebGL2RenderingContext} gl the recorder's context, after the Pond's frame
 * @param {number[]} rgb the background, bytes [r, g, b]
 */
export function createUnderlay(gl, rgb) {
  /** @param {number} type @param {string} text */
  const shader = (type, text) => {
    const s = gl.createShader(type);
    if (!s) throw new Error('the background shader could not be made (the context is lost)');
    gl.shaderSource(s, text);
    gl.compileShader(s);
    return s;
  };
  const program = gl.createProgram();
  gl.attachShader(program, shader(gl.VERTEX_SHADER, VERT));
  gl.attachShader(program, shader(gl.FRAGMENT_SHADER, FRAG));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error('the background shader did not link (' + gl.getProgramInfoLog(program) + ')');
  }
  const colour = gl.getUniformLocation(program, 'u_colour');
  const vao = gl.createVertexArray(); // empty: the triangle comes from gl_VertexID
  return {
    draw() {
      const was = {
        program: gl.getParameter(gl.CURRENT_PROGRAM),
        vao: gl.getParameter(gl.VERTEX_ARRAY_BINDING),
        blend: gl.isEnabled(gl.BLEND),
        src: gl.getParameter(gl.BLEND_SRC_RGB),
        dst: gl.getParameter(gl.BLEND_DST_RGB),
        srcA: gl.getParameter(gl.BLEND_SRC_ALPHA),
        dstA: gl.getParameter(gl.BLEND_DST_ALPHA),
      };
      gl.useProgram(program);
      gl.bindVertexArray(vao);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE_MINUS_DST_ALPHA, gl.ONE);
      gl.uniform4f(colour, rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      gl.useProgram(was.program);
      gl.bindVertexArray(was.vao);
      gl.blendFuncSeparate(was.src, was.dst, was.srcA, was.dstA);
      if (!was.blend) gl.disable(gl.BLEND);
    },
    release() {
      gl.deleteProgram(program);
      gl.deleteVertexArray(vao);
    },
  };
}
