// The teaching view's overlay geometry (S-DEV-3), built each frame as triangles in world px (x, y, RGBA8 per vertex,
// gl.js's layout) into storage kept between frames, then drawn in one draw call (gl.js) on the studio's own canvas
// laid over the fish's, with the koi's letterbox. Nothing is built or drawn while every overlay is off.
import { HX, HY, X, Y } from './arrays.js';
import { OVERLAY_ROW, VERTEX_WORDS, createOverlayGL } from './gl.js';
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

// Vertex storage for `capacity` vertices in whole texture rows, grown by doubling and kept (a steady overlay allocates
// nothing): a Float32Array and a Uint32Array on the same memory.
function vertexStorage(s, capacity) {
  const words = Math.ceil(capacity / OVERLAY_ROW) * OVERLAY_ROW * VERTEX_WORDS;
  if (!s.vertices || s.vertices.u32.length < words) {
    let size = s.vertices ? s.vertices.u32.length : OVERLAY_ROW * VERTEX_WORDS;
    while (size < words) size *= 2;
    const buffer = new ArrayBuffer(size * 4);
    s.vertices = { f32: new Float32Array(buffer), u32: new Uint32Array(buffer) };
  }
  return s.vertices;
}

// Writes vertices (x, y as floats, the colour's bits); writes past `capacity` are dropped, so a wrong estimate can
// never write past the storage.
function vertexWriter({ f32, u32 }, capacity) {
  const w = {
    n: 0,
    v(x, y, c) {
      if (w.n >= capacity) return;
      const i = w.n++ * VERTEX_WORDS;
      f32[i] = x;
      f32[i + 1] = y;
      u32[i + 2] = c;
    },
    tri(ax, ay, bx, by, cx, cy, c) {
      w.v(ax, ay, c);
      w.v(bx, by, c);
      w.v(cx, cy, c);
    },
    line(ax, ay, bx, by, width, c) {
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const nx = ((-(by - ay) / len) * width) / 2,
        ny = (((bx - ax) / len) * width) / 2;
      w.tri(ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, c);
      w.tri(ax + nx, ay + ny, bx - nx, by - ny, ax - nx, ay - ny, c);
    },
    ring(cx, cy, r, width, c) {
      const r0 = r - width / 2,
        r1 = r + width / 2;
      for (let k = 0; k < SEGMENTS; k++) {
        const [c0, s0] = CIRCLE[k],
          [c1, s1] = CIRCLE[k + 1];
        w.tri(cx + c0 * r0, cy + s0 * r0, cx + c0 * r1, cy + s0 * r1, cx + c1 * r1, cy + s1 * r1, c);
        w.tri(cx + c0 * r0, cy + s0 * r0, cx + c1 * r1, cy + s1 * r1, cx + c1 * r0, cy + s1 * r0, c);
      }
    },
    // A filled sector from angle a0 to a1 (a whole disc for 0..2 pi).
    fan(cx, cy, r, a0, a1, c) {
      const steps = Math.max(2, Math.ceil((SEGMENTS * (a1 - a0)) / (2 * Math.PI)));
      for (let k = 0; k < steps; k++) {
        const b0 = a0 + ((a1 - a0) * k) / steps,
          b1 = a0 + ((a1 - a0) * (k + 1)) / steps;
        w.tri(cx, cy, cx + Math.cos(b0) * r, cy + Math.sin(b0) * r, cx + Math.cos(b1) * r, cy + Math.sin(b1) * r, c);
      }
    },
    arrow(x, y, dx, dy, width, c) {
      const len = Math.hypot(dx, dy);
      if (len < width) return;
      const ux = dx / len,
        uy = dy / len,
        head = Math.min(len * 0.4, width * 3);
      const bx = x + dx - ux * head,
        by = y + dy - uy * head;
      w.line(x, y, bx, by, width, c);
      w.tri(x + dx, y + dy, bx - uy * head * 0.6, by + ux * head * 0.6, bx + uy * head * 0.6, by - ux * head * 0.6, c);
    },
  };
  return w;
}

// Upper bound of the vertices this frame needs (the writer drops any beyond it).
function overlayCapacity(t, fishCount, grid, links) {
  let n = 0;
  if (t.heading) n += fishCount * 3;
  if (t.grid && grid) n += (grid.cols + grid.rows + 2) * 6;
  if (links !== null) n += 4 * SEGMENTS * 6 + SEGMENTS * 3 * 2 + links * 6 + 3 * 9;
  return n;
}

// Builds and draws this frame's overlay; returns the vertices drawn (0: nothing was done).
export function drawOverlay(s, fish) {
  const t = s.teach;
  const count = s.pond.count();
  const grid = t.grid ? s.grid : null;
  const capacity = overlayCapacity(t, count, grid, fish ? fish.neighbours.length : null);
  const own = fitOverlay(s);
  if (!capacity) {
    if (s.overlayShown) own.clear(); // once, to take the last overlay away
    s.overlayShown = false;
    return 0;
  }
  const p = s.params;
  // CSS px and device px per world px (the koi's letterbox, from the core). Lines are LINE_PX CSS px wide, and never
  // under 1.5 device px: at a low quality level's resolution a thinner line can miss every pixel.
  const canvas = s.overlayCanvas;
  const scale = s.core.view(p.width, p.height, canvas.clientWidth, canvas.clientHeight).scale || 1;
  const device = s.core.view(p.width, p.height, canvas.width, canvas.height).scale || 1;
  const lw = Math.max(LINE_PX / scale, 1.5 / device);
  const storage = vertexStorage(s, capacity);
  const w = vertexWriter(storage, capacity);

  if (grid) {
    // the neighbour grid's cells: a fish's candidates are the fish in its 3x3 cells
    for (let c = 0; c <= grid.cols; c++) w.line(c * grid.cell, 0, c * grid.cell, p.height, lw, COLOURS.grid);
    for (let r = 0; r <= grid.rows; r++) w.line(0, r * grid.cell, p.width, r * grid.cell, lw, COLOURS.grid);
  }
  if (t.heading) {
    // hsl(atan2(vy, vx)): a chevron on each fish, coloured by where it swims
    const x = s.pond.studioArray(X),
      y = s.pond.studioArray(Y),
      hx = s.pond.studioArray(HX),
      hy = s.pond.studioArray(HY);
    const size = 7 * (p.fishSize || 1);
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
    const fx = s.pond.studioArray(X),
      fy = s.pond.studioArray(Y);
    for (const nb of fish.neighbours) {
      // each line in the colour of the innermost rule it counts for
      const c = nb.rules & 1 ? COLOURS.sepLine : nb.rules & 2 ? COLOURS.aliLine : COLOURS.cohLine;
      w.line(x, y, fx[nb.id], fy[nb.id], lw, c);
    }
    const unit = ARROW_PX / (fish.limit || 1);
    w.arrow(x, y, fish.sepX * unit, fish.sepY * unit, lw * 2, COLOURS.sep);
    w.arrow(x, y, fish.aliX * unit, fish.aliY * unit, lw * 2, COLOURS.ali);
    w.arrow(x, y, fish.cohX * unit, fish.cohY * unit, lw * 2, COLOURS.coh);
    if (fish.cohN > 0) w.fan(fish.cx, fish.cy, 3.5 * lw, 0, 2 * Math.PI, COLOURS.coh); // the centroid
    w.ring(x, y, 16 * (p.fishSize || 1), lw, COLOURS.self);
  }
  if (!w.n || s.overlayFailed) return 0;
  // Its own canvas stays when the school's is replaced (a context lost for good): made once, rebuilt by gl.js after
  // a loss of its own.
  if (!s.overlayGL) s.overlayGL = createOverlayGL(canvas.getContext('webgl2'), s.core);
  own.clear();
  s.overlayShown = true;
  try {
    s.overlayGL.draw(storage.u32, w.n, p.width, p.height);
  } catch (e) {
    // a shader this browser refuses: no overlay, one warning, the rest of the studio goes on
    s.overlayFailed = true;
    warn('the overlay cannot draw here (' + ((e && e.message) || e) + ')');
  }
  return w.n;
}

// The overlay canvas follows the fish canvas's backing store (the engine's size, from the school's stats, on either
// thread); returns what clears it before a frame (a canvas of its own keeps its last picture until drawn over).
function fitOverlay(s) {
  const c = s.overlayCanvas,
    size = s.school.stats().canvas;
  if (size && (c.width !== size.width || c.height !== size.height)) {
    c.width = size.width;
    c.height = size.height;
  }
  const gl = c.getContext('webgl2');
  return {
    clear() {
      if (!gl) return;
      gl.viewport(0, 0, c.width, c.height);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
    },
  };
}
