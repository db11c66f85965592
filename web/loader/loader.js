// The loader's logic (the product behind web/entry/mirofish.js): the global, <miro-fish> and the auto-mount's
// early canvas; the host added beside the loader once the page has settled.
import {
  afterPageSettled,
  besideScript,
  errorText,
  fromDisk,
  guessLayer,
  makeCanvas,
  policyRefused,
  siblingScript,
  truthy,
  trustScripts,
  VERSION,
  warn,
} from '../core/index.js';
import { takePicture } from './picture.js';

/**
 * @typedef {import('../mirofish').MiroFishGlobal} MiroFishGlobal
 * @typedef {import('../mirofish').MiroFishSchool} MiroFishSchool
 * @typedef {import('../mirofish').MiroFishParamInfo} MiroFishParamInfo
 * @typedef {{engine: string, wasm: string}} EngineHashes the hashes this file was built with of the engine's two files
 */
/**
 * What the host's script hands the loader once it runs (web/entry/mirofish-host.js): the page's API, the auto-mount
 * on the loader's early canvas, and <miro-fish>'s work.
 * @typedef {object} Host
 * @property {MiroFishGlobal} api
 * @property {MiroFishGlobal['mount']} mount
 * @property {MiroFishGlobal['table']} table
 * @property {(early: HTMLCanvasElement | null, over: HTMLElement | null) => Promise<MiroFishSchool | null>} autoMount
 *   `over`: the picture over it until the school's first frame (the page before's school, or the poster: picture.js)
 * @property {(el: HTMLElement) => void} connect
 * @property {(el: HTMLElement) => void} disconnect
 */
/**
 * Where the host's script finds the loader: it calls the slot with its version and what makes it, given the loader's
 * tag and the engine's hashes.
 * @typedef {(version: string, make: (script: HTMLScriptElement, sri: EngineHashes) => Host) => void} HostSlot
 * @typedef {{[slot: symbol]: HostSlot | undefined}} Slots
 * @typedef {{load: () => Promise<Host | null>, host: () => Host | null}} HostLink
 * @typedef {{ready: Promise<MiroFishSchool | null>, elementCame: () => void}} AutoMount
 */
const SLOT = Symbol.for('mirofish.host');

/** @param {HTMLScriptElement | null} script this file's tag (null: bundled into an app's file, no tag of its own) */
export function install(script) {
  trustScripts(); // the one Trusted Types policy MiroFish's files share (core/trusted.js)
  const link = hostLink(script);
  const auto = startAutoMount(script, link.load);
  Object.defineProperty(window, 'MiroFish', { value: pageApi(link, auto), configurable: true, writable: false });
  defineElementShell(link, auto.elementCame);
}

// The host, added beside this script once the page is ready for it (core/sibling_script.js: its nonce, crossOrigin
// and query) and checked against the hash this file was built with: load() resolves to what it hands back (or to
// null: missing, refused by the page's CSP, changed, of another version, or on a page opened from disk, with its one
// warning); host() is that, once it has run. The host gets the engine's and the wasm's hashes from here: the page's
// one `integrity` covers all.
/** @type {EngineHashes} */
const SRI = { engine: MIROFISH_SRI_ENGINE, wasm: MIROFISH_SRI_WASM };
/** @param {HTMLScriptElement | null} script @returns {HostLink} */
function hostLink(script) {
  /** @type {Host | null} */
  let host = null;
  /** @type {Promise<Host | null> | null} */
  let loading = null;
  const load = () =>
    loading ||
    (loading = afterPageSettled().then(() => {
      /** @type {Host | null} */
      let made = null;
      let problem = 'is not the host of this version of mirofish.js';
      /** @type {Slots} */ (globalThis)[SLOT] = (version, make) => {
        // the host was found beside mirofish.js's own tag, so there is one
        if (version === VERSION) made = make(/** @type {HTMLScriptElement} */ (script), SRI);
        else problem = 'is ' + version + ', not ' + VERSION + ' as mirofish.js';
      };
      // A page opened from disk gets no file beside it (core/from_disk.js): said once, nothing asked of the
      // browser (which would log its own CORS errors for the host, then fail the engine's fetch anyway).
      const disk = fromDisk('mirofish-host.js', besideScript(script, 'mirofish-host.js'));
      return (
        disk
          ? Promise.reject(new Error(disk))
          : siblingScript(script, 'mirofish-host.js', 'mirofish.js', MIROFISH_SRI_HOST)
      )
        .then(
          () => made || warn('mirofish-host.js at ' + besideScript(script, 'mirofish-host.js') + ' ' + problem),
          (e) =>
            warn(
              policyRefused() && e instanceof TypeError
                ? "this page enforces Trusted Types and its Content-Security-Policy's trusted-types leaves out " +
                    "MiroFish's policy: add mirofish there (docs/hosting.md#trusted-types)"
                : errorText(e),
            ),
        )
        .then(() => {
          delete (/** @type {Slots} */ (globalThis)[SLOT]);
          return (host = made);
        });
    }));
  return { load, host: () => host };
}

// window.MiroFish: every call waits for the host, and hands it over.
/** @param {HostLink} link @param {AutoMount} auto @returns {MiroFishGlobal} */
function pageApi(link, auto) {
  return Object.freeze({
    version: VERSION,
    mount: /** @type {MiroFishGlobal['mount']} */ (
      (target, options) => link.load().then((h) => (h ? h.mount(target, options) : null))
    ),
    get current() {
      const h = link.host();
      return h ? h.api.current : null;
    },
    get ready() {
      return auto.ready;
    },
    get all() {
      const h = link.host();
      return h ? h.api.all : [];
    },
    table: () => link.load().then((h) => (h ? h.table() : /** @type {MiroFishParamInfo[]} */ ([]))),
  });
}

// <miro-fish>'s shell, defined at once (a page's HTML upgrades as it parses); the host's element (host/element.js
// defineElement) does the rest after `load`.
/** @param {HostLink} link @param {() => void} elementCame */
function defineElementShell(link, elementCame) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined' || customElements.get('miro-fish')) {
    return;
  }
  /** @param {HTMLElement} el @param {'connect' | 'disconnect'} what */
  const call = (el, what) => {
    const h = link.host();
    return h ? h[what](el) : link.load().then((loaded) => loaded && loaded[what](el));
  };
  customElements.define(
    'miro-fish',
    class extends HTMLElement {
      connectedCallback() {
        elementCame();
        if (getComputedStyle(this).display === 'inline') this.style.display = 'block'; // an inline box has no size
        call(this, 'connect');
      }
      disconnectedCallback() {
        call(this, 'disconnect');
      }
    },
  );
}

// The auto-mount from this tag's data-* (data-auto="false" turns it off). A tag that neither looks like
// mirofish.js nor carries a data-* (the script bundled into an app's own file) fetches nothing. `ready` is
// MiroFish.ready; elementCame(): a <miro-fish> connected, and a bare tag then mounts no background school (api.js
// autoMount), so its canvas goes at once.
/** @param {HTMLScriptElement | null} script @param {HostLink['load']} load @returns {AutoMount} */
function startAutoMount(script, load) {
  /** @type {AutoMount} */
  const auto = { ready: Promise.resolve(null), elementCame: () => {} };
  const data = script && script.dataset;
  if (
    !data ||
    !truthy(data.auto === undefined ? true : data.auto) ||
    !(/mirofish[^/]*\.js([?#]|$)/i.test(script.src || '') || Object.keys(data).length)
  ) {
    return auto;
  }
  const over = takePicture(data);
  if (over && over.instead) return auto; // reduced motion, and the owner asked for the poster then
  const own = Object.keys(data).some((name) => name !== 'auto'); // a background school even beside <miro-fish>
  let early = own || !document.querySelector('miro-fish') ? earlyCanvas(data.layer) : null;
  auto.elementCame = () => {
    if (!early || own) return;
    early.drop();
    early = null;
  };
  auto.ready = load().then((h) => {
    const placed = early;
    early = null;
    if (!h) {
      if (placed) placed.drop();
      return null;
    }
    return h.autoMount(placed && placed.canvas, over && over.img);
  });
  return auto;
}

// The auto-mount's canvas, empty and transparent, in the body as soon as there is one (the tag in <head>: when the
// parser adds the body), so that the page's first paints are already layered around it. Added at mount instead, it
// makes the page raster again just as the engine starts, and the school's WebGL context waits for that raster
// (100-200 ms of the first fish on a software GPU). The host takes it (host/mount.js), or removes it where no school
// comes.
/** @param {string | undefined} layer the tag's data-layer @returns {{canvas: HTMLCanvasElement, drop: () => void}} */
function earlyCanvas(layer) {
  const canvas = makeCanvas(true, guessLayer(layer, null));
  let state = 0; // 0: waiting for a body, 1: in it, 2: dropped (a <miro-fish> came first, or no school comes)
  const put = () => {
    if (state || !document.body) return;
    state = 1;
    document.body.insertBefore(canvas, document.body.firstChild);
    watch.disconnect();
  };
  const watch = new MutationObserver(put);
  if (document.body) put();
  else {
    watch.observe(document.documentElement, { childList: true });
    document.addEventListener('DOMContentLoaded', put, { once: true });
  }
  return {
    canvas,
    drop() {
      state = 2;
      watch.disconnect();
      canvas.remove();
    },
  };
}
