// One mounted school: a C++ Pond on its own canvas, and the parts that keep it a good citizen of the page. `p` is the
// state every part shares; createPond wires the parts, teardown takes back all that mount added.

let warnedNoWebGL = false;
const schools = new Set();  // live handles, in mount order (MiroFish.all)

function createPond(M, element, options, onDestroy) {
  const fullscreen = element === null;
  let layer = LAYERS[optionNumber('layer', options.layer)] || 'behind';
  if (layer === 'element' && fullscreen) {
    warn('layer "element" needs an element to mount into; using "behind"');
    layer = 'behind';
  }
  const host = fullscreen ? fullscreenParent() : element;
  const canvas = createCanvas(fullscreen, layer);
  const restoreHost = claimHost(element, layer);
  const pond = new M.Pond();
  // MSAA is chosen when the context is made; the shader smooths its own edges, so it is off unless asked for.
  const attachError = attachCanvas(pond, canvas, host, optionNumber('antialias', options.antialias) === 1);
  if (attachError) {
    pond.delete();
    canvas.remove();
    restoreHost();
    if (!warnedNoWebGL) {
      warnedNoWebGL = true;
      warn(attachError + '; the page is left as it is, without fish');
    }
    return null;
  }

  const gl = canvas.getContext('webgl2');  // the context C++ made on this canvas
  const renderer = probeRenderer(gl);
  const p = {
    M, pond, canvas, host, element, fullscreen, gl, renderer,
    softwareGL: SOFTWARE_GL.test(renderer),
    gpuTimer: createGpuTimer(gl),
    governor: createGovernor(),
    listeners: createListeners(),
    destroyed: false, started: false,   // drawOnce waits until the first size is known
    userPaused: false, readHash: true, lastHashApplied: '', lastSanity: '', seekLeft: 0,
    pageHidden: document.visibilityState === 'hidden', offscreen: false, pointerAway: false, contextLost: false,
    prefersReduced: prefersReducedMotion(),
    frames: 0, frameTimes: [], simMs: 0, renderMs: 0, gpuMs: null,
  };
  p.perf = createOverlay(p);
  p.loop = createLoop(p);
  p.sizing = createSizing(p);
  p.input = createInput(p);

  // Stops the loop and takes back everything mount added: listeners, observers, canvases, wasm memory, GPU context.
  function teardown() {
    p.destroyed = true;
    p.loop.stop();
    p.listeners.clear();
    p.input.teardown();
    p.sizing.teardown();
    p.perf.remove();
    if (p.gpuTimer && !p.contextLost) p.gpuTimer.release();
    try {
      pond.release();
    } finally {
      pond.delete();  // frees the school and renderer memory in the wasm heap
    }
    // Give the GPU context back now rather than at garbage collection (browsers cap live contexts).
    try {
      const lose = gl && gl.getExtension('WEBGL_lose_context');
      if (lose) lose.loseContext();
    } catch (e) { /* already gone */ }
    canvas.remove();
    restoreHost();
  }

  let handle = null;
  try {
    applyOptions(p, options);
    readInitialHash(p);
    pond.begin();
    checkSanity(p);
    handle = createHandle(p, () => {
      teardown();
      schools.delete(handle);
      if (current === handle) current = null;
      if (onDestroy) onDestroy();
    });
    p.destroyIfDetached = () => {
      if (!p.destroyed && !p.canvas.isConnected) handle.destroy();
    };
    p.input.start();
    p.sizing.observe();
    p.perf.sync();
    p.sizing.resize(false);
    p.started = true;
    p.loop.update();
  } catch (e) {
    teardown();
    throw e;  // mount() turns it into one warning
  }
  schools.add(handle);
  return handle;
}
