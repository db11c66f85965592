// A WebGL context the browser takes away (#21): the engine's side (the host's is swapCanvas in host/mount.js).
import { createGpuTimer } from './gl_probe.js';

const LOST_WAIT_MS = 2000;     // a context not restored by then (an evicted one never is) is replaced; doubled per try
const ASK_GAP_MS = 1000;       // at most one new canvas asked for a second (a wait that ended while hidden, then shown)

// Context loss and restore, on the canvas the engine draws on (events fire on an OffscreenCanvas too). While lost the
// school neither steps nor draws (state 'lost'); not restored within LOST_WAIT_MS, it asks the host for a new canvas
// (a hidden school waits until it shows) and draws on there from the same School. Each new canvas makes the next
// wait twice as long (2 s .. 32 s), until a context lives 30 s.
export function watchContext(s) {
  s.onLost = (e) => {
    e.preventDefault();  // tells the browser we will restore: without it there is no webglcontextrestored
    lost(s);
  };
  s.onRestored = () => {
    const err = s.pond.contextRestored();
    if (err) {
      s.warn(err);
      return;
    }
    found(s);
  };
  s.canvas.addEventListener('webglcontextlost', s.onLost);
  s.canvas.addEventListener('webglcontextrestored', s.onRestored);
}

function lost(s) {
  const now = performance.now();
  if (now - s.since > 30000) s.tries = 0;
  s.flags.lost = true;
  if (s.gpuTimer) s.gpuTimer.drop();
  s.pond.contextLost();
  s.loop.update();
  s.changed();
  clearTimeout(s.lostTimer);
  s.lostTimer = setTimeout(() => ask(s), LOST_WAIT_MS << Math.min(s.tries, 4));
}

// Hidden (a background tab, scrolled out of view): no work at all, so the new canvas waits until it shows.
function away(s) {
  return s.flags.hidden || s.flags.offscreen;
}

function ask(s) {
  s.askDue = away(s);
  if (s.askDue || s.destroyed) return;
  s.askedAt = performance.now();
  s.out({ t: 'needCanvas', id: s.id });
}

// After the host's flags: a wait that ran out while hidden asks now that the school shows, but never within
// ASK_GAP_MS of the last ask.
export function shownAgain(s) {
  if (!s.askDue || away(s)) return;
  clearTimeout(s.lostTimer);
  const since = s.askedAt === undefined ? Infinity : performance.now() - s.askedAt;
  s.lostTimer = setTimeout(() => ask(s), Math.max(0, ASK_GAP_MS - since));
}

function found(s) {
  clearTimeout(s.lostTimer);
  s.askDue = false;
  s.flags.lost = false;
  s.since = performance.now();
  s.gpuTimer = createGpuTimer(s.gl);
  s.resolution.resize(true);
  s.loop.update();
  s.changed();
}

// The same School on a new canvas: the old context is given back, the renderers start again on a new one.
export function replace(s, canvas) {
  if (s.destroyed) return;
  if (!s.tries++) s.warn('the WebGL context was lost: drawing on a new canvas');
  unwatch(s);
  const old = s.gl;
  const err = s.attach(canvas);
  giveBack(old);
  s.canvas = canvas;
  s.gl = err ? null : s.M.currentGL();  // the context attach() made (a second getContext() throws in Firefox)
  watchContext(s);
  if (err || !s.gl) lost(s);
  else found(s);
}

export function unwatch(s) {
  s.canvas.removeEventListener('webglcontextlost', s.onLost);
  s.canvas.removeEventListener('webglcontextrestored', s.onRestored);
}

// A context given back now rather than at garbage collection (browsers cap live contexts).
export function giveBack(gl) {
  try {
    gl.getExtension('WEBGL_lose_context').loseContext();
  } catch (e) { /* already gone */ }
}
