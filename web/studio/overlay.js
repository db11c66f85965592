// The teaching view's overlay geometry (S-DEV-3), built each frame as triangles in world px (x, y, RGBA8 per vertex,
// gl.js's layout) into storage kept between frames, then drawn in one draw call (gl.js) on the studio's own canvas
// laid over the fish's, with the koi's letterbox. Nothing is built or drawn while every overlay is off.
import { errorText } from '../core/index.js';
import { HX, HY, X, Y } from './arrays.js';
import { OVERLAY_ROW, VERTEX_WORDS, OverlayGL } from './gl.js';
import { hue, rgba, warn } from './util.js';

const SEGMENTS = 48; // a circle's segments
const LINE_PX = 1.5; // line width, CSS px (the same at every quality level's resolution)
const ARROW_PX = 25; // world px of arrow per unit of rule weight (a force of weight x limit)
const COLOURS = {
  sep: rgba(255, 90, 90, 0.95),
  ali: rgba(90, 150, 255, 0.95),
  coh: rgba(80, 210, 110, 0.95),
  sepLine: rgba(255, 90, 90, 0.6),
  aliLine: rgba(90, 150, 255, 0.6),
  cohLine: rgba(80, 210, 110, 0.55),
  blind: rgba(0, 0, 0, 0.28),
  grid: rgba(40, 90, 110, 0.2),
  self: rgba(20, 20, 20, 0.9),
};

// The unit circle at SEGMENTS + 1 points, and the heading colours at each whole degree: made once, not per frame.
const CIRCLE = Array.from({ length: SEGMENTS + 1 }, (_, k) => [
  Math.cos((k / SEGMENTS) * 2 * Math.PI),
  Math.sin((k / SEGMENTS) * 2 * Math.PI),
]);
const HUES = Array.from({ length: 360 }, (_, deg) => hue(deg, 0.9));

/** Vertex storage: a Float32Array and a Uint32Array on the same memory.
 * @typedef {{f32: Float32Array, u32: Uint32Array}} Vertices */
/** The neighbour grid's shape, as the core inspects it. @typedef {{cell: number, cols: number, rows: number}} Grid */
/** @typedef {import('./teach.js').TeachState} TeachState */

// Vertex storage for `capacity` vertices in whole texture rows, grown by doubling from `kept`, and `kept` itself when
// it is big enough (a steady overlay allocates nothing).
/** @param {Vertices | null} kept @param {number} capacity @returns {Vertices} */
export function vertexStorage(kept, capacity) {
  const words = Math.ceil(capacity / OVERLAY_ROW) * OVERLAY_ROW * VERTEX_WORDS;
  if (kept && kept.u32.length >= words) return kept;
  let size = kept ? kept.u32.length : OVERLAY_ROW * VERTEX_WORDS;
  while (size < words) size *= 2;
  const buffer = new ArrayBuffer(size * 4);
  return { f32: new Float32Array(buffer), u32: new Uint32Array(buffer) };
}

// Writes vertices (x, y as floats, the colour's bits) into storage; writes past `capacity` are dropped, so a wrong
// estimate can never write past the storage. One writer, reset each frame.
export class VertexWriter {
  #n = 0;
  #capacity = 0;
  /** @type {Float32Array} */
  #f32 = new Float32Array(0);
  /** @type {Uint32Array} */
  #u32 = new Uint32Array(0);
  /** The vertices written since reset(). */
  get n() {
    return this.#n;
  }
  /** @param {Vertices} storage @param {number} capacity */
  reset(storage, capacity) {
    this.#n = 0;
    this.#capacity = capacity;
    this.#f32 = storage.f32;
    this.#u32 = storage.u32;
  }
  /** @param {number} x @param {number} y @param {number} c the colour, rgba() */
  v(x, y, c) {
    if (this.#n >= this.#capacity) return;
    const i = this.#n++ * VERTEX_WORDS;
    this.#f32[i] = x;
    this.#f32[i + 1] = y;
    this.#u32[i + 2] = c;
  }
  /**
   * @param {number} ax @param {number} ay @param {number} bx @param {number} by @param {number} cx @param {number} cy
   * @param {number} c
   */
  tri(ax, ay, bx, by, cx, cy, c) {
    this.v(ax, ay, c);
    this.v(bx, by, c);
    this.v(cx, cy, c);
  }
  /**
   * @param {number} ax @param {number} ay @param {number} bx @param {number} by @param {number} width
   * @param {number} c
   */
  line(ax, ay, bx, by, width, c) {
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const nx = ((-(by - ay) / len) * width) / 2,
      ny = (((bx - ax) / len) * width) / 2;
    this.tri(ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, c);
    this.tri(ax + nx, ay + ny, bx - nx, by - ny, ax - nx, ay - ny, c);
  }
  /** @param {number} cx @param {number} cy @param {number} r @param {number} width @param {number} c */
  ring(cx, cy, r, width, c) {
    const r0 = r - width / 2,
      r1 = r + width / 2;
    for (let k = 0; k < SEGMENTS; k++) {
      const [c0, s0] = CIRCLE[k],
        [c1, s1] = CIRCLE[k + 1];
      this.tri(cx + c0 * r0, cy + s0 * r0, cx + c0 * r1, cy + s0 * r1, cx + c1 * r1, cy + s1 * r1, c);
      this.tri(cx + c0 * r0, cy + s0 * r0, cx + c1 * r1, cy + s1 * r1, cx + c1 * r0, cy + s1 * r0, c);
    }
  }
  // A filled sector from angle a0 to a1 (a whole disc for 0..2 pi).
  /** @param {number} cx @param {number} cy @param {number} r @param {number} a0 @param {number} a1 @param {number} c */
  fan(cx, cy, r, a0, a1, c) {
    const steps = Math.max(2, Math.ceil((SEGMENTS * (a1 - a0)) / (2 * Math.PI)));
    for (let k = 0; k < steps; k++) {
      const b0 = a0 + ((a1 - a0) * k) / steps,
        b1 = a0 + ((a1 - a0) * (k + 1)) / steps;
      this.tri(cx, cy, cx + Math.cos(b0) * r, cy + Math.sin(b0) * r, cx + Math.cos(b1) * r, cy + Math.sin(b1) * r, c);
    }
  }
  /**
   * @param {number} x @param {number} y @param {number} dx @param {number} dy @param {number} width
   * @param {number} c
   */
  arrow(x, y, dx, dy, width, c) {
    const len = Math.hypot(dx, dy);
    if (len < width) return;
    const ux = dx / len,
      uy = dy / len,
      head = Math.min(len * 0.4, width * 3);
    const bx = x + dx - ux * head,
      by = y + dy - uy * head;
    this.line(x, y, bx, by, width, c);
    this.tri(x + dx, y + dy, bx - uy * head * 0.6, by + ux * head * 0.6, bx + uy * head * 0.6, by - ux * head * 0.6, c);
  }
}

// Upper bound of the vertices this frame needs (the writer drops any beyond it); `links` null without a fish.
/** @param {TeachState} t @param {number} fishCount @param {Grid | null} grid @param {number | null} links */
function overlayCapacity(t, fishCount, grid, links) {
  let n = 0;
  if (t.heading) n += fishCount * 3;
  if (t.grid && grid) n += (grid.cols + grid.rows + 2) * 6;
  if (links !== null) n += 4 * SEGMENTS * 6 + SEGMENTS * 3 * 2 + links * 6 + 3 * 9;
  return n;
}

/**
 * What the overlay reads of its studio: the toggles, the last frame's arrays, the parameters, the letterbox, and the
 * school's canvas it lies over.
 * @typedef {Pick<import('./studio.js').Studio, 'teach' | 'lastFrame' | 'params' | 'core' | 'school'>} OverlayStudio
 */

// The overlay on its own canvas over the school's: same place, same size, never in the way of a click. Its own, on
// both threads: the school's context may live in a Worker, and the studio leaves the one on the page alone too.
export class Overlay {
  #studio;
  #canvas = document.createElement('canvas');

  /** @type {OverlayGL | null} made at the first draw; it outlives a replaced school canvas, and rebuilds itself after
   * a loss of its own */
  #gl = null;
  /** @type {Vertices | null} */
  #vertices = null;
  #writer = new VertexWriter();
  #shown = false; // the canvas holds an overlay
  #failed = false; // a shader this browser refuses: no overlay from then on

  /** @param {OverlayStudio} studio */
  constructor(studio) {
    this.#studio = studio;
    const fish = studio.school.canvas,
      c = this.#canvas;
    c.setAttribute('aria-hidden', 'true');
    if (!fish) return; // attach() makes a studio for a live school only
    c.style.cssText = fish.style.cssText;
    c.style.pointerEvents = 'none';
    fish.after(c);
  }

  // Builds and draws this frame's overlay; returns the vertices drawn (0: nothing was done). `fish` is the selected
  // fish inspected, `grid` the neighbour grid's shape.
  /** @param {import('./core.js').Inspection | null} fish @param {Grid | null} grid @returns {number} */
  draw(fish, grid) {
    const s = this.#studio;
    const t = s.teach;
    const count = s.lastFrame.count();
    if (!t.grid) grid = null;
    const capacity = overlayCapacity(t, count, grid, fish ? fish.neighbours.length : null);
    const gl = this.#fit();
    if (!capacity) {
      if (this.#shown) this.#clear(gl); // once, to take the last overlay away
      this.#shown = false;
      return 0;
    }
    const p = s.params;
    // CSS px and device px per world px (the koi's letterbox, from the core). Lines are LINE_PX CSS px wide, and never
    // under 1.5 device px: at a low quality level's resolution a thinner line can miss every pixel.
    const canvas = this.#canvas;
    const scale = s.core.view(p.width, p.height, canvas.clientWidth, canvas.clientHeight).scale || 1;
    const device = s.core.view(p.width, p.height, canvas.width, canvas.height).scale || 1;
    const lw = Math.max(LINE_PX / scale, 1.5 / device);
    const storage = (this.#vertices = vertexStorage(this.#vertices, capacity));
    const w = this.#writer;
    w.reset(storage, capacity);

    if (grid) {
      // the neighbour grid's cells: a fish's candidates are the fish in its 3x3 cells
      for (let c = 0; c <= grid.cols; c++) w.line(c * grid.cell, 0, c * grid.cell, p.height, lw, COLOURS.grid);
      for (let r = 0; r <= grid.rows; r++) w.line(0, r * grid.cell, p.width, r * grid.cell, lw, COLOURS.grid);
    }
    if (t.heading) {
      // hsl(atan2(vy, vx)): a chevron on each fish, coloured by where it swims
      const x = s.lastFrame.floats(X),
        y = s.lastFrame.floats(Y),
        hx = s.lastFrame.floats(HX),
        hy = s.lastFrame.floats(HY);
      const size = 7 * (p.fishSize || 1);
      // arrays, unless the frame has no fish (no school in the wasm)
      if (x && y && hx && hy) {
        for (let i = 0; i < count; i++) {
          const c = HUES[Math.round((Math.atan2(hy[i], hx[i]) * 180) / Math.PI + 360) % 360];
          const fx = hx[i] * size,
            fy = hy[i] * size;
          w.tri(
            x[i] + fx,
            y[i] + fy,
            x[i] - fx * 0.6 - fy * 0.6,
            y[i] - fy * 0.6 + fx * 0.6,
            x[i] - fx * 0.6 + fy * 0.6,
            y[i] - fy * 0.6 - fx * 0.6,
            c,
          );
        }
      }
    }
    if (fish) {
      const { x, y } = fish;
      const rMax = Math.max(p.sepRadius, p.aliRadius, p.cohRadius);
      if (p.fov < 360) {
        // the blind spot behind it
        const back = Math.atan2(fish.hy, fish.hx) + Math.PI,
          half = (((360 - p.fov) / 2) * Math.PI) / 180;
        w.fan(x, y, rMax, back - half, back + half, COLOURS.blind);
      }
      w.ring(x, y, p.sepRadius, lw, COLOURS.sep);
      w.ring(x, y, p.aliRadius, lw, COLOURS.ali);
      w.ring(x, y, p.cohRadius, lw, COLOURS.coh);
      const fx = s.lastFrame.floats(X),
        fy = s.lastFrame.floats(Y);
      // an inspected fish came in the frame's arrays
      if (fx && fy) {
        for (const nb of fish.neighbours) {
          // each line in the colour of the innermost rule it counts for
          const c = nb.rules & 1 ? COLOURS.sepLine : nb.rules & 2 ? COLOURS.aliLine : COLOURS.cohLine;
          w.line(x, y, fx[nb.id], fy[nb.id], lw, c);
        }
      }
      const unit = ARROW_PX / (fish.limit || 1);
      w.arrow(x, y, fish.sepX * unit, fish.sepY * unit, lw * 2, COLOURS.sep);
      w.arrow(x, y, fish.aliX * unit, fish.aliY * unit, lw * 2, COLOURS.ali);
      w.arrow(x, y, fish.cohX * unit, fish.cohY * unit, lw * 2, COLOURS.coh);
      if (fish.cohN > 0) w.fan(fish.cx, fish.cy, 3.5 * lw, 0, 2 * Math.PI, COLOURS.coh); // the centroid
      w.ring(x, y, 16 * (p.fishSize || 1), lw, COLOURS.self);
    }
    if (!w.n || this.#failed) return 0;
    if (!this.#gl && gl) this.#gl = new OverlayGL(gl, s.core); // `gl`: this canvas's, as #fit() asked for it
    this.#clear(gl);
    this.#shown = true;
    try {
      if (!this.#gl) throw new Error('no WebGL2 context');
      this.#gl.draw(storage.u32, w.n, p.width, p.height);
    } catch (e) {
      // a shader this browser refuses: no overlay, one warning, the rest of the studio goes on
      this.#failed = true;
      warn('the overlay cannot draw here (' + errorText(e) + ')');
    }
    return w.n;
  }

  // The canvas follows the school canvas's backing store (the engine's size, from the school's stats, on either
  // thread); returns its context, which #clear() takes.
  /** @returns {WebGL2RenderingContext | null} */
  #fit() {
    const c = this.#canvas,
      size = this.#studio.school.stats().canvas;
    if (size && (c.width !== size.width || c.height !== size.height)) {
      c.width = size.width;
      c.height = size.height;
    }
    return c.getContext('webgl2');
  }

  // A canvas of its own keeps its last picture until drawn over: cleared before each overlay.
  /** @param {WebGL2RenderingContext | null} gl */
  #clear(gl) {
    if (!gl) return;
    gl.viewport(0, 0, this.#canvas.width, this.#canvas.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  // Takes the canvas and what was made on it away (it was never in the school's picture: nothing to redraw).
  remove() {
    if (this.#gl) this.#gl.release();
    this.#canvas.remove();
  }
}
