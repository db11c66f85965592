// Mounting a school: which engine it asks for (a Worker or this thread), its canvas in the page, and the school's
// page side (school.js) on that engine; a Worker that cannot draw hands over to the main thread.
import { describe, findInfo, warn } from '../util.js';
import { controlsOption } from './controls.js';
import { openEngine, paramTable, workerCapable } from './engine_link.js';
import { splitHash } from './hash.js';
import { claimHost, createCanvas, fullscreenParent } from './host.js';
import { HostSchool, workerRoom } from './school.js';

const HOST_ONLY = ['auto', 'signal', 'avoid', 'paused', 'hash', 'thread']; // options the engine never sees
let warnedNoWebGL = false;

// The browser suite runs every test on both paths: its bundle reads the default from the page (build/web/test only).
export const defaultThread = () => (MIROFISH_TEST && globalThis.__mirofishThread) || 'auto';

// Which engine a mount asks for first: the page's `thread` option, else a Worker where the browser can draw there.
// (The studio attaches to either by the same messages: it asks for nothing here.)
export function chooseThread(options, fallback) {
  const asked = options.thread === undefined ? fallback : String(options.thread).trim().toLowerCase();
  if (asked !== 'main' && asked !== 'worker' && asked !== 'auto') {
    warn('option thread=' + describe(options.thread) + ': use "auto", "worker" or "main"; using "auto"');
  }
  if (asked === 'main' || !workerCapable()) return 'main';
  return 'worker';
}

// Resolves to {h} or {error}; a worker that cannot draw (no WebGL2 on an OffscreenCanvas) hands over to the main
// thread.
export function mountSchool(element, options, thread) {
  const onMain = () => openEngine('main').then((engine) => (engine ? attach(engine, element, options) : { error: '' }));
  const first =
    thread === 'worker'
      ? openEngine('worker').then((engine) => (engine && workerRoom() ? attach(engine, element, options) : onMain()))
      : onMain();
  return first
    .then((r) => (r.error && r.thread === 'worker' ? onMain() : r))
    .then((r) => {
      if (r.error && !warnedNoWebGL) {
        warnedNoWebGL = true;
        warn(r.error + '; the page is left as it is, without fish');
      }
      return r;
    });
}

function attach(engine, element, options) {
  const fullscreen = element === null;
  const layers = findInfo(paramTable(), 'layer').values; // behind, back, element (C++ kParamValues)
  let layer =
    layers[layers.indexOf(String(options.layer).trim().toLowerCase())] || layers[Number(options.layer)] || 'behind';
  if (layer === 'element' && fullscreen) {
    warn('layer "element" needs an element to mount into; using "behind"');
    layer = 'behind';
  }
  const host = fullscreen ? fullscreenParent() : element;
  const canvas = createCanvas(fullscreen, layer);
  const restoreHost = claimHost(element, layer);
  host.insertBefore(canvas, host.firstChild);
  const engineOptions = {};
  for (const name of Object.keys(options)) if (!HOST_ONLY.includes(name)) engineOptions[name] = options[name];
  if ('controls' in options) engineOptions.controls = controlsOption(options.controls);
  const h = new HostSchool(engine, canvas, host, element, restoreHost, options, engineOptions);
  return h.mountOn(engine, initialHash(h, options), 0).then((msg) => {
    if (msg.error) {
      h.teardown(false);
      return { error: msg.error, thread: engine.thread };
    }
    h.start(options);
    return { h };
  });
}

// Our part of the page's hash at mount (the `hash` option: false reads none, a string reads that one).
function initialHash(h, options) {
  const readHash = options.hash === undefined ? true : options.hash !== false && options.hash !== 'false';
  h.readHash = readHash;
  if (!readHash) return '';
  const hash = typeof options.hash === 'string' && options.hash !== 'true' ? options.hash : location.hash;
  if (!hash || hash === '#') return '';
  h.lastHashApplied = hash;
  return splitHash(hash).ours;
}
