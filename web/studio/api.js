// MiroFishStudio.attach(school): the panel, the teaching view and the live metrics on one mounted school, through the
// handle's _studio() hooks (web/host/handle.js): the school's arrays after each frame and its parameters after
// each change come by message, the same on both threads; the overlay draws on a canvas of its own. The classic script
// (web/entry/mirofish-studio.js) also installs the global and attaches by itself to the page's school when the URL hash
// has studio=1; the ES module (web/entry/mirofish-studio.mjs) does neither.
import { VERSION, errorText } from '../core/index.js';
import { loadCore } from './core.js';
import { STUDIO_KEY, STUDIO_PARAM } from './share.js';
import { Studio } from './studio.js';
import { warn } from './util.js';

/** @typedef {import('./studio.js').StudioSchool} StudioSchool */
/** @typedef {import('./studio.js').StudioHooks} StudioHooks */
/**
 * What attach() resolves to.
 * @typedef {object} StudioHandle
 * @property {StudioSchool} school
 * @property {HTMLElement} element the panel's, on the page (its shadow root holds the panel)
 * @property {(i: number) => import('./core.js').Inspection | null} inspect the school's fish i, as the teaching view
 *   inspects it (null when there is no such fish)
 * @property {(i: number) => void} select follows fish i in the teaching view (-1: none)
 * @property {number} selected the fish followed, -1 for none
 * @property {number} overlayMs the overlay's own time in the last frame (inspecting, building and drawing it)
 * @property {() => string} csv the metrics since the parameters last changed, as `mirofish run --metrics` writes them
 * @property {(on?: boolean) => void} collapse folds the panel to its button (false opens it)
 * @property {() => void} detach takes back all the studio added
 */

/** @type {Map<StudioSchool, Promise<StudioHandle | null>>} a school -> its studio */
const studios = new Map();

/** @param {unknown} school @returns {school is StudioSchool} */
function attachable(school) {
  return !!school && typeof (/** @type {StudioSchool} */ (school)._studio) === 'function';
}

// Resolves to the studio of `school` (the same one when called again), or null with one warning.
/** @param {import('../mirofish.d.ts').MiroFishSchool} school @returns {Promise<StudioHandle | null>} */
export function attach(school) {
  if (!attachable(school)) {
    warn('attach() needs a mounted school (MiroFish.current, or what mount() resolved to), not ' + String(school));
    return Promise.resolve(null);
  }
  let made = studios.get(school);
  if (!made) {
    made = loadCore().then((core) => (core ? open(school, core) : null));
    studios.set(school, made);
    made.then((st) => {
      if (!st) studios.delete(school);
    });
  }
  return made;
}

/** @param {StudioSchool} school @param {import('./core.js').StudioCore} core @returns {StudioHandle | null} */
function open(school, core) {
  /** @type {Studio | null} made once the school has taken the hooks */
  let studio = null;
  // The hooks run inside the school's frame loop and input handlers: a failure here must not stop the fish. It
  // detaches the studio, with one warning.
  /**
   * @template {unknown[]} A
   * @template R
   * @param {(...args: A) => R} fn @param {R} otherwise what the hook answers after a failure
   * @returns {(...args: A) => R}
   */
  const guard =
    (fn, otherwise) =>
    (...args) => {
      try {
        return fn(...args);
      } catch (e) {
        warn('detached after an error (' + errorText(e) + ')');
        if (studio) studio.detach();
        return otherwise;
      }
    };
  /** @type {StudioHooks} */
  const hooks = {
    // `studio` is made before the school calls any of them (by message, or on a click)
    frame: guard((msg) => {
      if (studio) studio.frame(msg);
    }, undefined),
    params: guard((params, hash) => {
      if (studio) studio.syncParams(params, hash);
    }, undefined),
    click: guard((x, y, e) => !!studio && studio.click(x, y, e), false),
    ms: 0,
  };
  const link = school._studio(hooks);
  if (!link) {
    warn('attach(): that school has been destroyed');
    return null;
  }
  const table = link.table.map((info, i) => Object.assign({}, info, { help: info.help || core.help(i) }));
  if (core.paramCount !== table.length) {
    warn('mirofish.js and mirofish-studio.js come from different builds: the panel may not match the school');
  }
  studio = new Studio(school, core, table, hooks, () => studios.delete(school));
  return studioHandle(studio);
}

/** @param {Studio} s @returns {StudioHandle} */
function studioHandle(s) {
  return {
    school: s.school,
    element: s.panel.element,
    inspect(i) {
      return s.inspect(i);
    },
    select(i) {
      s.select(i);
    },
    get selected() {
      return s.teach.selected;
    },
    get overlayMs() {
      return s.overlayMs;
    },
    csv() {
      return s.metrics.csv();
    },
    collapse(on) {
      s.panel.setCollapsed(on !== false);
    },
    detach() {
      s.detach();
    },
  };
}

// studio=1 in the hash (or added later, as the demo page's "tune" link does): attach to the page's school.
function autoAttach() {
  const go = () => {
    if (!STUDIO_KEY.test(location.hash)) return;
    const MF = window.MiroFish;
    if (!MF) return warn(STUDIO_PARAM + ': mirofish.js is not on this page');
    MF.ready
      .then((school) => school || MF.all[0])
      .then((school) => {
        if (school) attach(school);
        else warn(STUDIO_PARAM + ': no school is mounted on this page');
      });
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  window.addEventListener('hashchange', go);
}

export const api = Object.freeze({ version: VERSION, attach });

// The classic script's global, window.MiroFishStudio, and its auto-attach (studio=1).
export function installGlobal() {
  if (typeof window === 'undefined') return;
  if (window.MiroFishStudio) warn('mirofish-studio.js was included twice; the second copy does nothing');
  else {
    Object.defineProperty(window, 'MiroFishStudio', { value: api, configurable: true, writable: false });
    autoAttach();
  }
}
