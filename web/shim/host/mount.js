// One mounted school, the page's side of it: its canvas in the page, the parts that keep it a good citizen (input,
// size, visibility, avoid, the perf overlay, the pause button), and its link to the engine that runs it (a Worker or this thread).
// `h` is the state those parts share: what the page says goes out in messages, what the engine says comes back
// as snapshots, which the handle reads.
import { createListeners, describe, errorText, findInfo, truthy, warn } from '../util.js';
import { Avoid } from './avoid.js';
import { controlsOption, createControls, rememberedPause } from './controls.js';
import { openEngine, paramTable, workerCapable } from './engine_link.js';
import { splitHash } from './hash.js';
import { createWatch, failSchool, settleFailed } from './heal.js';
import { claimHost, createCanvas, fullscreenParent } from './host.js';
import { FORCED_COLORS, REDUCED_TRANSPARENCY, createInput, hiddenNow, mediaMatches, prefersReducedMotion } from
  './input.js';
import { createOverlay } from './overlay.js';
import { Sizing } from './sizing.js';

const POINTER_MS = 16;  // the pointer goes to the engine at most this often: one message a frame
const FAINT_OPACITY = '0.5';  // the canvas's opacity under prefers-reduced-transparency
const WORKER_SCHOOLS = 4;  // Chrome keeps 4 live WebGL contexts a Worker (16 a page): the next schools go on the page
const HOST_ONLY = ['auto', 'signal', 'avoid', 'paused', 'hash', 'thread'];  // options the engine never sees

let schoolCounter = 0;
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

// Worker schools not yet torn down. One whose page already let go (its mount's signal aborted: a framework's fast
// unmount) is on its way out and does not count against the Worker's contexts.
const workerHosts = new Set();
function workerRoom() {
  let n = 0;
  for (const h of workerHosts) if (!(h.signal && h.signal.aborted)) n++;
  return n < WORKER_SCHOOLS;
}

// Resolves to {h} or {error}; a worker that cannot draw (no WebGL2 on an OffscreenCanvas) hands over to the main thread.
export function mountSchool(element, options, thread) {
  const onMain = () => openEngine('main').then((engine) => (engine ? attach(engine, element, options) : { error: '' }));
  const first = thread === 'worker' ? openEngine('worker').then((engine) => (engine && workerRoom()
    ? attach(engine, element, options) : onMain())) : onMain();
  return first.then((r) => (r.error && r.thread === 'worker' ? onMain() : r)).then((r) => {
    if (r.error && !warnedNoWebGL) {
      warnedNoWebGL = true;
      warn(r.error + '; the page is left as it is, without fish');
    }
    return r;
  });
}

function attach(engine, element, options) {
  const fullscreen = element === null;
  const layers = findInfo(paramTable(), 'layer').values;  // behind, back, element (C++ kParamValues)
  let layer = layers[layers.indexOf(String(options.layer).trim().toLowerCase())] || layers[Number(options.layer)] ||
    'behind';
  if (layer === 'element' && fullscreen) {
    warn('layer "element" needs an element to mount into; using "behind"');
    layer = 'behind';
  }
  const host = fullscreen ? fullscreenParent() : element;
  const canvas = createCanvas(fullscreen, layer);
  const restoreHost = claimHost(element, layer);
  host.insertBefore(canvas, host.firstChild);
  const h = hostState(engine, canvas, host, element, restoreHost, options);
  const engineOptions = {};
  for (const name of Object.keys(options)) if (!HOST_ONLY.includes(name)) engineOptions[name] = options[name];
  if ('controls' in options) engineOptions.controls = controlsOption(options.controls);
  h.engineOptions = engineOptions;  // kept for a mount again after a failure (heal.js)
  h.antialias = truthy(options.antialias === undefined ? false : options.antialias);
  h.signal = options.signal;
  return mountOn(h, engine, initialHash(h, options), 0).then((msg) => {
    if (msg.error) {
      h.teardown(false);
      return { error: msg.error, thread: engine.thread };
    }
    h.start(options);
    return { h };
  });
}

// Mounts h's school on `engine` from `ours` (our part of a hash) and `steps` (a seek there); resolves to the engine's
// `mounted` message. At mount, and once more after a failure (heal.js) on a fresh canvas in the old one's place.
function mountOn(h, engine, ours, steps) {
  const fullscreen = h.fullscreen;
  const box = fullscreen  // the padding box the canvas fills: the world's size when nothing else gives one
    ? { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight }
    : { width: h.element.clientWidth, height: h.element.clientHeight };
  const offscreen = engine.thread === 'worker' ? h.canvas.transferControlToOffscreen() : h.canvas;
  const mounted = new Promise((resolve) => { h.onMounted = resolve; });
  h.engine = engine;
  h.engineLeft = false;
  engine.live++;
  if (engine.thread === 'worker') workerHosts.add(h);
  engine.listen(h.id, (msg) => h.receive(msg));
  engine.post({ t: 'mount', id: h.id, canvas: offscreen, options: h.engineOptions, ours, steps, box, flags: h.flags,
    once: h.once, view: h.sizing.measure(), antialias: h.antialias }, [offscreen]);
  return mounted;
}

// After a failure (heal.js): a fresh canvas in the old one's place (a transferred canvas cannot be drawn on from
// another engine), and the school again from the last snapshot's hash and steps.
function remount(h, engine) {
  newCanvas(h);
  const st = h.snapshot.stats;
  return mountOn(h, engine, h.snapshot.hash, st ? st.steps : 0);
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

function hostState(engine, canvas, host, element, restoreHost, options) {
  // The visitor's remembered pause holds where the page shows the button (host/controls.js).
  const controls = controlsOption(options.controls);
  const remembered = controls !== undefined && truthy(controls) && rememberedPause();
  const h = {
    engine, canvas, host, element, restoreHost, id: ++schoolCounter,
    fullscreen: element === null,
    listeners: null, controls: null, forced: false,
    flags: { paused: remembered || truthy(options.paused === undefined ? false : options.paused), hidden: false,
      offscreen: false, away: false, reduced: prefersReducedMotion() },
    snapshot: { stats: null, params: {}, hash: '', obstacles: [] },
    readHash: true, lastHashApplied: '', destroyed: false, studio: null, onLevel: null, onMounted: null,
    seq: 0, pending: new Map(), once: element?.localName === 'miro-fish',
  };
  h.post = /** @type {import('../protocol.js').PostFromSchool} */ ((msg, transfer) => {
    if (h.failed) return;  // the engine failed: nothing more goes to it (heal.js)
    h.engine.post(Object.assign(msg, { id: h.id }), transfer);
  });
  h.call = (msg, progress) => call(h, msg, progress);
  h.setFlags = (change) => {
    if (h.destroyed) return;
    Object.assign(h.flags, change);
    h.post({ t: 'flags', flags: change });
    if (h.controls) h.controls.reflect();  // a page's pause() shows on the button
    if (!h.canvas.isConnected) setTimeout(h.destroyIfDetached, 0);
    h.watch.stop();  // hidden or paused: no watchdog timer at all; shown again: silence counts from now
    h.watch.heard();
  };
  h.pointerLink = createPointerLink(h);
  h.pointer = h.pointerLink.move;
  h.poke = (what, x, y) => h.post({ t: 'poke', what, x, y });
  h.onHashChange = () => {
    if (!h.readHash || location.hash === h.lastHashApplied) return;
    const ours = splitHash(location.hash).ours;
    if (!ours) return;
    h.lastHashApplied = location.hash;
    h.post({ t: 'hash', ours });
  };
  // Forced colours hide the canvas and stop the school as a hidden tab would; reduced transparency makes it fainter.
  h.onMedia = () => {
    h.forced = mediaMatches(FORCED_COLORS);
    h.canvas.style.visibility = h.forced ? 'hidden' : '';  // h.canvas: a lost context's replacement too
    h.canvas.style.opacity = mediaMatches(REDUCED_TRANSPARENCY) ? FAINT_OPACITY : '';
    if (h.controls) h.controls.sync();
    if (h.flags.hidden !== hiddenNow(h)) h.setFlags({ hidden: hiddenNow(h) });
  };
  h.forced = mediaMatches(FORCED_COLORS);
  h.flags.hidden = hiddenNow(h);  // at mount: in the mount message, not a message of its own
  h.onMedia();
  h.receive = (msg) => receive(h, msg);
  h.watch = createWatch(h, (cause) => {
    if (h.engine.thread === 'worker') h.engine.fail(cause);  // a silent Worker fails all its schools
    else h.fail(cause);
  });
  h.fail = (cause) => failSchool(h, cause, remount);
  // Leaves the engine the school ran on (teardown, or a failure): its school destroyed there, a Worker with no
  // school left terminated.
  h.leaveEngine = () => {
    if (h.engineLeft) return;
    h.engineLeft = true;
    const engine = h.engine;
    if (!engine.dead) engine.post({ t: 'destroy', id: h.id });
    engine.forget(h.id);
    workerHosts.delete(h);
    if (--engine.live === 0 && engine.release) engine.release();
  };
  h.afterRemount = () => {
    h.sizing.send(true);
    if (h.avoid) {  // the fresh engine has none of the obstacles sent before
      h.avoid.sentCount = 0;
      h.avoid.update();
    }
  };
  h.destroyIfDetached = () => {
    if (!h.destroyed && !h.canvas.isConnected && h.destroy) h.destroy();
  };
  h.sizing = new Sizing(h);
  h.input = createInput(h);
  h.start = (opts) => {
    h.listeners = createListeners();
    h.input.start();
    h.avoid = new Avoid(h);
    if (opts.avoid !== undefined) h.avoid.set(opts.avoid);
    h.perf = createOverlay(h);
    h.perf.sync();
    h.controls = createControls(h);
    h.controls.sync();
    h.sizing.observe();
    h.sizing.send(false);
  };
  h.teardown = (started) => teardown(h, started);
  return h;
}

// A command whose answer the page awaits: the engine replies with the same seq. Never rejects for what the page
// passes (handle.js sends plain values only); a trajectory over the limits rejects with the engine's RangeError.
// `progress(done, total)`, if a function, hears a long step() or trajectory() after each chunk.
function call(h, msg, progress) {
  return new Promise((resolve, reject) => {
    if (h.destroyed) {
      resolve(undefined);
      return;
    }
    if (h.failed) {  // failed (until a mount again succeeds): the method's failure value at once
      settleFailed({ t: msg.t, resolve, reject }, h.failed);
      return;
    }
    msg.seq = ++h.seq;
    msg.progress = typeof progress === 'function';
    h.pending.set(msg.seq, { resolve, reject, progress, t: msg.t });
    try {
      h.post(msg);
    } catch (e) {
      h.pending.delete(msg.seq);
      warn('the school could not be asked (' + errorText(e) + ')');
      resolve(undefined);
    }
  });
}

// At most one pointer message a frame: the first goes at once, the rest wait for the next slot, latest wins.
function createPointerLink(h) {
  const p = { present: false, x: 0, y: 0, sent: true, timer: 0 };
  const flush = () => {
    p.timer = 0;
    if (p.sent || h.destroyed) return;
    p.sent = true;
    h.post({ t: 'pointer', present: p.present, x: p.x, y: p.y });
    p.timer = setTimeout(flush, POINTER_MS);
  };
  return {
    move(present, x, y) {
      if (!present && !p.present && p.sent) return;
      p.present = present;
      p.x = x;
      p.y = y;
      p.sent = false;
      if (!p.timer) flush();
    },
    stop() {
      if (p.timer) clearTimeout(p.timer);
      p.timer = 0;
    },
  };
}

// The engine's messages for this school: snapshots, replies, the mount's outcome, the test bundle's level callback.
/** @param {import('../protocol.js').EngineMessage} msg */
function receive(h, msg) {
  h.watch.heard();
  if (msg.t === 'error') {
    h.fail(msg.error);
  } else if (msg.t === 'snap') {
    const snap = h.snapshot;
    snap.stats = msg.stats;
    if (msg.params) {
      snap.params = msg.params;
      snap.hash = msg.hash;
      snap.obstacles = msg.obstacles;
      if (h.perf) h.perf.sync();
      if (h.controls) h.controls.sync();
      if (h.studio && !h.destroyed) h.studio.params(snap.params, snap.hash);  // pushed: the studio polls nothing
    }
    if (h.destroyed) return;
    if (!h.canvas.isConnected) {  // the host left the document (a single-page app moved on): clean up
      h.destroyIfDetached();
      return;
    }
    if (h.perf) h.perf.draw();
    const st = msg.stats.state;  // the poll for boxes that moved unseen runs only while the school animates
    if (h.avoid && (st === 'running' || st === 'idle')) h.avoid.tick(performance.now());
  } else if (msg.t === 'progress') {
    const pending = h.pending.get(msg.seq);
    if (pending) pending.progress(msg.done, msg.total);
  } else if (msg.t === 'reply') {
    const pending = h.pending.get(msg.seq);
    if (!pending) return;
    h.pending.delete(msg.seq);
    if (msg.error) pending.reject(msg.range ? new RangeError(msg.error) : new Error(msg.error));
    else pending.resolve(msg.value);
  } else if (msg.t === 'mounted') {
    h.onMounted(msg);
  } else if (msg.t === 'needCanvas' && !h.destroyed) {
    swapCanvas(h);
  } else if (msg.t === 'studioFrame' && h.studio) {
    h.studio.frame(msg);
  } else if (msg.t === 'level' && h.onLevel) {
    h.onLevel(msg.stats);
  }
}

// The engine's context was taken for good (an evicted one never comes back): a fresh canvas in the same place (a copy
// of the old element, no layout shift) for the engine to draw on from the same school.
function swapCanvas(h) {
  const c = newCanvas(h);
  const off = h.engine.thread === 'worker' ? c.transferControlToOffscreen() : c;
  h.post({ t: 'canvas', canvas: off }, [off]);  // the local engine ignores the transfer list
}

// A copy of the canvas element in its place (no layout shift), with the page's listeners on it.
function newCanvas(h) {
  const c = h.canvas.cloneNode();
  h.canvas.replaceWith(c);
  h.canvas = c;
  if (h.listeners) {  // started (a mount's own failure comes before)
    h.input.teardown();
    h.input.start();
    h.sizing.teardown();
    h.sizing.observe();
  }
  return c;
}

// Stops the engine's school and takes back everything mount added: listeners, observers, canvases.
function teardown(h, started) {
  h.destroyed = true;
  h.leaveEngine();
  h.watch.stop();
  h.pointerLink.stop();
  if (started) {
    h.listeners.clear();
    h.input.teardown();
    h.avoid.teardown();
    h.sizing.teardown();
    h.perf.remove();
    h.controls.remove();
  }
  for (const pending of h.pending.values()) pending.resolve(undefined);
  h.pending.clear();
  h.canvas.remove();
  h.restoreHost();
}
