// Mounting a school: which engine it asks for (a Worker or this thread), its canvas in the page, and the school's
// page side (school.js) on that engine; a Worker that cannot draw hands over to the main thread.
import {
  borrowStyles,
  createCanvas,
  describe,
  findInfo,
  fullscreenParent,
  guessLayer,
  nameCanvas,
  warn,
} from '../core/index.js';
import { carried, carries, keepCarried, pictureUntilDrawn } from './carry.js';
import { controlsOption } from './controls.js';
import { openEngine, paramTable, workerCapable } from './engine_link.js';
import { HostSchool, workerRoom } from './school.js';

/**
 * @typedef {import('../mirofish').MiroFishOptions} MiroFishOptions
 * @typedef {import('./engine_link.js').Engine} Engine
 * @typedef {'worker' | 'main'} Thread
 */

const PAGE_ONLY = ['auto', 'signal', 'avoid', 'paused', 'hash', 'thread', 'continue']; // options the engine never sees
let warnedNoWebGL = false;

// The browser suite runs every test on both paths: its bundle reads the default from the page (build/web/test only).
/** @returns {string} */
export const defaultThread = () => (MIROFISH_TEST && /** @type {*} */ (globalThis).__mirofishThread) || 'auto';

// Which engine a mount asks for first: the page's `thread` option, else a Worker where the browser can draw there.
// (The studio attaches to either by the same messages: it asks for nothing here.)
/** @param {{thread?: unknown}} options @param {string} fallback @returns {Thread} */
export function chooseThread(options, fallback) {
  const asked = options.thread === undefined ? fallback : String(options.thread).trim().toLowerCase();
  if (asked !== 'main' && asked !== 'worker' && asked !== 'auto') {
    warn('option thread=' + describe(options.thread) + ': use "auto", "worker" or "main"; using "auto"');
  }
  if (asked === 'main' || !workerCapable()) return 'main';
  return 'worker';
}

// Resolves to {h} or {error}; a worker that cannot draw (no WebGL2 on an OffscreenCanvas) hands over to the main
// thread. The canvas goes into the page at once, while the engine loads (or was put there by the classic loader
// before the page's first paint: `early`): the page rasters again once it is in, and a WebGL context asked for on it
// soon after waits for that raster (80-120 ms on a software GPU, more while the engine starts beside it), so the first
// mount takes the canvas that has been in the page all along.
/**
 * @param {HTMLElement | null} element the page's element it fills (null: the page's background)
 * @param {MiroFishOptions} options @param {Thread} thread
 * @param {Early} [early] the loader's canvas for the page's background (element null), and what carries with it
 * @returns {Promise<Attached>}
 */
export function mountSchool(element, options, thread, early) {
  const auto = early ? early.auto : null;
  /** @type {Placed | null} */
  let placed =
    early && element === null && early.canvas.isConnected
      ? adopt(early.canvas, options.layer)
      : placeCanvas(element, options.layer);
  const take = () => {
    const p = placed;
    placed = null;
    return p;
  };
  /** @type {() => Promise<Attached>} */
  const onMain = () =>
    openEngine('main').then((engine) => (engine ? attach(engine, element, options, take(), auto) : { error: '' }));
  const first =
    thread === 'worker'
      ? openEngine('worker').then((engine) =>
          engine && workerRoom(engine) ? attach(engine, element, options, take(), auto) : onMain(),
        )
      : onMain();
  return first
    .then((r) => (r.error && r.thread === 'worker' ? onMain() : r))
    .then((r) => {
      const unused = take(); // no engine took it: the page as it was
      if (unused) unplace(unused);
      if (r.error && !warnedNoWebGL) {
        warnedNoWebGL = true;
        warn(r.error + '; the page is left as it is, without fish');
      }
      return r;
    });
}

/**
 * The auto-mount's canvas, which the loader put in the page, and what goes with it from one page to the next.
 * @typedef {{canvas: HTMLCanvasElement, auto: import('./carry.js').Auto}} Early
 */
/**
 * A canvas in the page for a mount: its layer, and what gives the mount element back the styles the layer borrowed.
 * @typedef {{canvas: HTMLCanvasElement, layer: string, giveBack: () => void}} Placed
 */

/** @param {HTMLElement | null} element @param {unknown} option the `layer` option @returns {Placed} */
function placeCanvas(element, option) {
  const layer = guessLayer(option, element);
  const canvas = createCanvas(element === null, layer);
  const giveBack = borrowStyles(element, layer);
  const parent = element === null ? fullscreenParent() : element;
  parent.insertBefore(canvas, parent.firstChild);
  return { canvas, layer, giveBack };
}

// The loader's canvas (made for the same guess), in the body where it was put: moved only where the body turned out
// to trap a fixed canvas (core/layer.js fullscreenParent).
/** @param {HTMLCanvasElement} canvas @param {unknown} option the `layer` option @returns {Placed} */
function adopt(canvas, option) {
  nameCanvas(canvas);
  const parent = fullscreenParent();
  if (canvas.parentNode !== parent) parent.insertBefore(canvas, parent.firstChild);
  return { canvas, layer: guessLayer(option, null), giveBack: () => {} };
}

/** @param {Placed} placed */
function unplace(placed) {
  placed.canvas.remove();
  placed.giveBack();
}

/**
 * A mount's outcome: the school, or why not (and on which engine it failed: a Worker's hands over to the main thread).
 * @typedef {{h?: HostSchool, error?: string, thread?: Thread}} Attached
 */
/**
 * @param {Engine} engine @param {HTMLElement | null} element @param {MiroFishOptions} options
 * @param {Placed | null} placed the canvas placed at the mount's start, or null: a new one
 * @param {import('./carry.js').Auto | null} auto the auto-mount's (api.js autoMount)
 * @returns {Promise<Attached>}
 */
function attach(engine, element, options, placed, auto) {
  const fullscreen = element === null;
  const layers = findInfo(paramTable() || [], 'layer').values; // behind, back, element (C++ kParamValues)
  let layer =
    layers[layers.indexOf(String(options.layer).trim().toLowerCase())] || layers[Number(options.layer)] || 'behind';
  if (layer === 'element' && fullscreen) {
    warn('layer "element" needs an element to mount into; using "behind"');
    layer = 'behind';
  }
  if (placed && placed.layer !== layer) {
    unplace(placed);
    placed = null;
  }
  if (!placed) placed = placeCanvas(element, layer);
  const { canvas, giveBack } = placed;
  const parent = /** @type {HTMLElement} */ (canvas.parentNode);
  /** @type {import('./school.js').EngineOptions} */
  const engineOptions = {};
  for (const name of Object.keys(options)) {
    if (!PAGE_ONLY.includes(name)) engineOptions[name] = /** @type {Object<string, unknown>} */ (options)[name];
  }
  if ('controls' in options) engineOptions.controls = controlsOption(options.controls);
  const h = new HostSchool(engine, canvas, parent, element, giveBack, options, engineOptions);
  const carry = carries(options);
  const ours = h.hashAtMount(options.hash);
  const left = carry ? carried(h.id) : null; // the school of the page before, if it left one (carry.js) ...
  const from = ours ? null : left; // ... unless a link's hash says which school this is: a link is a promise
  return h.mountOn(engine, ours, 0, from).then((msg) => {
    if (msg.error) {
      h.teardown(false);
      return { error: msg.error, thread: engine.thread };
    }
    if (msg.continued && from && from.paused) h.flags.paused = true; // the engine paused it as the page before had
    h.start(options);
    pictureUntilDrawn(h, auto && auto.over);
    if (carry) {
      keepCarried(h, auto);
      canvas.style.setProperty('view-transition-name', 'mirofish-' + h.id); // the page's opt-in morphs it across
    }
    return { h };
  });
}
