// What the page's GL is: whether the browser calls it slow (software rendering: the budget starts at its lowest
// level, S-COST-1), the renderer string (reported, never decided on: S-ENG-3), and GPU time per frame through
// EXT_disjoint_timer_query_webgl2 where the browser offers it.

const GPU_QUERIES = 4; // queries in flight at most; results come back a few frames late

/** @type {boolean | null} */
let slow = null; // what this thread's browser said (asked once: it does not change between schools)

// Whether the browser says a WebGL2 context here would be slow: it refuses one made with failIfMajorPerformanceCaveat
// (Chrome and Firefox on WARP, Chrome's software fallback) and makes one without. A browser that says nothing (one
// that ignores the flag, Firefox on llvmpipe) is measured like any other (quality.js). Both probe contexts are given
// back at once.
export function slowContext() {
  if (slow === null) slow = askCaveat();
  return slow;
}

function askCaveat() {
  const canvas = () => {
    if (typeof document !== 'undefined' && document.createElement) return document.createElement('canvas');
    return typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : null;
  };
  try {
    const strict = probeContext(canvas(), true);
    if (strict) return !giveBack(strict);
    const plain = probeContext(canvas(), false); // no WebGL2 on such a canvas at all: nothing was said
    return !!plain && giveBack(plain);
  } catch (e) {
    return false;
  }
}

/** @param {HTMLCanvasElement | OffscreenCanvas | null} c @param {boolean} caveat */
function probeContext(c, caveat) {
  if (!c) return null;
  c.width = c.height = 1;
  return /** @type {WebGL2RenderingContext | null} */ (
    c.getContext('webgl2', { failIfMajorPerformanceCaveat: caveat, antialias: false, depth: false })
  );
}

// A context given back now rather than at garbage collection (browsers cap live contexts). Returns true.
/** @param {WebGL2RenderingContext | null} gl */
export function giveBack(gl) {
  try {
    const ext = gl && gl.getExtension('WEBGL_lose_context');
    if (ext) ext.loseContext();
  } catch (e) {
    /* already gone */
  }
  return true;
}

// `gl` is the context the C++ side created on this canvas (getContext returns the same object).
/** @param {WebGL2RenderingContext | null} gl */
export function probeRenderer(gl) {
  if (!gl) return '';
  let renderer = '';
  try {
    renderer = String(gl.getParameter(gl.RENDERER) || '');
    // Chromium and Safari report a generic "WebKit WebGL" here; Firefox already gives the real one (and warns that
    // the debug extension is deprecated, so it is asked for only when needed).
    if (/^webkit webgl$/i.test(renderer.trim())) {
      const ext = gl.getExtension('WEBGL_debug_renderer_info');
      if (ext) renderer = String(gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) || renderer);
    }
  } catch (e) {
    return renderer;
  }
  return renderer;
}

// GPU milliseconds of the frames drawn between begin() and end(); null until a result is in, or without the extension.
/** @typedef {NonNullable<ReturnType<typeof createGpuTimer>>} GpuTimer */
/** @param {WebGL2RenderingContext | null} gl */
export function createGpuTimer(gl) {
  if (!gl) return null;
  const ext = gl.getExtension('EXT_disjoint_timer_query_webgl2');
  if (!ext) return null;
  /** @type {WebGLQuery[]} */
  const free = [];
  /** @type {WebGLQuery[]} */
  const pending = [];
  /** @type {WebGLQuery | null} */
  let active = null;
  /** @type {number | null} */
  let lastMs = null;
  return {
    begin() {
      if (active || pending.length >= GPU_QUERIES) return;
      active = free.pop() || gl.createQuery();
      gl.beginQuery(ext.TIME_ELAPSED_EXT, active);
    },
    end() {
      if (!active) return;
      gl.endQuery(ext.TIME_ELAPSED_EXT);
      pending.push(active);
      active = null;
    },
    // Reads the results that are ready; a disjoint event (GPU reset, power change) voids them.
    poll() {
      while (pending.length) {
        const q = pending[0];
        if (!gl.getQueryParameter(q, gl.QUERY_RESULT_AVAILABLE)) break;
        const ns = gl.getQueryParameter(q, gl.QUERY_RESULT);
        pending.shift();
        free.push(q);
        if (!gl.getParameter(ext.GPU_DISJOINT_EXT)) lastMs = ns / 1e6;
      }
      return lastMs;
    },
    // After a context loss the queries are gone with the context.
    drop() {
      free.length = pending.length = 0;
      active = null;
      lastMs = null;
    },
    release() {
      for (const q of free.concat(pending)) gl.deleteQuery(q);
      if (active) gl.deleteQuery(active);
      this.drop();
    },
  };
}
