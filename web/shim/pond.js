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
  const p = pondState(pond, canvas, host, element, restoreHost);
  let handle = null;
  const destroy = () => {
    teardown(p);
    schools.delete(handle);
    if (current === handle) current = null;
    if (onDestroy) onDestroy();
  };
  try {
    handle = new School(p, destroy);
    p.destroyIfDetached = () => {
      if (!p.destroyed && !p.canvas.isConnected) handle.destroy();
    };
    start(p, options);
  } catch (e) {
    teardown(p);
    throw e;  // mount() turns it into one warning
  }
  schools.add(handle);
  return handle;
}

function pondState(pond, canvas, host, element, restoreHost) {
  const gl = canvas.getContext('webgl2');  // the context C++ made on this canvas
  const renderer = probeRenderer(gl);
  const p = {
    pond, canvas, host, element, gl, renderer, restoreHost,
    cfg: { maxFps: 60, idleFps: 30, reducedMotion: 1, water: 0, fish: 0 },  // readConfig(): what each frame reads
    fullscreen: element === null,
    softwareGL: SOFTWARE_GL.test(renderer),
    gpuTimer: createGpuTimer(gl),
    governor: new Governor(),
    listeners: createListeners(),
    destroyed: false, started: false,   // drawOnce waits until the first size is known
    userPaused: false, readHash: true, lastHashApplied: '', lastSanity: '', seekLeft: 0, autoWorld: true,
    pageHidden: document.visibilityState === 'hidden', offscreen: false, pointerAway: false, contextLost: false,
    prefersReduced: prefersReducedMotion(),
    frames: 0, frameTimes: [], simMs: 0, renderMs: 0, gpuMs: null,
  };
  p.perf = createOverlay(p);
  p.loop = new Loop(p);
  p.sizing = new Sizing(p);
  p.input = createInput(p);
  p.avoid = new Avoid(p);
  return p;
}

// Configuration first (options < hash), then the school, then what follows the page.
function start(p, options) {
  applyOptions(p, options);
  readInitialHash(p);
  p.pond.begin();
  readConfig(p);
  checkSanity(p);
  p.input.start();
  if (options.avoid !== undefined) p.avoid.set(options.avoid);
  p.sizing.observe();
  p.perf.sync();
  p.sizing.resize(false);
  p.started = true;
  p.loop.update();
}

// Stops the loop and takes back everything mount added: listeners, observers, canvases, wasm memory, GPU context.
function teardown(p) {
  p.destroyed = true;
  p.loop.stop();
  p.listeners.clear();
  p.input.teardown();
  p.avoid.teardown();
  p.sizing.teardown();
  p.perf.remove();
  if (p.gpuTimer && !p.contextLost) p.gpuTimer.release();
  try {
    p.pond.release();
  } finally {
    p.pond.delete();  // frees the school and renderer memory in the wasm heap
  }
  // Give the GPU context back now rather than at garbage collection (browsers cap live contexts).
  try {
    const lose = p.gl && p.gl.getExtension('WEBGL_lose_context');
    if (lose) lose.loseContext();
  } catch (e) { /* already gone */ }
  p.canvas.remove();
  p.restoreHost();
}
