// One studio on one school: its parts, each given only what it reads of the studio (a Pick of this class), and the
// verbs that the school's hooks run (web/host/handle.js _studio): a drawn frame's arrays, the parameters after any
// change (whoever made it: the panel, the page's own set(), a pasted link), a click.
import { FISH_ARRAYS, LastFrame, METRICS_ARRAY, STATES_ARRAY, X, Y } from './arrays.js';
import { buildControls } from './controls.js';
import { Metrics, download } from './metrics.js';
import { Overlay } from './overlay.js';
import { Panel } from './panel.js';
import { buildRecord } from './record.js';
import { scriptTag, shareLink } from './share.js';
import { buildTeach } from './teach.js';
import { copyText, warn } from './util.js';

/** @typedef {import('../mirofish.d.ts').MiroFishParamInfo} ParamInfo */
/** @typedef {import('../mirofish.d.ts').MiroFishParamName} ParamName */
/** @typedef {import('../mirofish.d.ts').MiroFishParams} Params */
/** @typedef {import('./core.js').StudioCore} StudioCore */
/** @typedef {import('./core.js').Inspection} Inspection */
/**
 * What the school calls on its studio (web/host/handle.js _studio): frame() with each drawn frame's arrays, params()
 * after any change of the parameters or the hash, click() first with each click or tap (canvas CSS px; true takes
 * it). `ms` is the overlay's own time in the last frame, which the school's perf overlay shows beside its own.
 * @typedef {object} StudioHooks
 * @property {(msg: import('../core/protocol.js').StudioFrame) => void} frame
 * @property {(params: Params, hash: string) => void} params
 * @property {(x: number, y: number, e: Event) => boolean} click
 * @property {number} ms
 */
/**
 * A mounted school as the studio sees it: the page's API, and the hook the page's handle keeps for the studio (not in
 * mirofish.d.ts): hooks in, the parameter table out (null once the school is destroyed); null detaches.
 * @typedef {import('../mirofish.d.ts').MiroFishSchool & {
 *   _studio(hooks: StudioHooks | null): {table: ParamInfo[]} | null}} StudioSchool
 */

const UI_MS = 200; // the numbers beside the overlay and the graph are shown this often, not every frame
const SELECT_PX = 24; // a click selects the nearest fish within this many CSS px

// Its parts are made once, in the constructor; what changes after is its private state (#), which only its own
// methods write: a misspelt field is then a tsc error, and the parts read it through getters.
export class Studio {
  /** @type {Params} */
  #params;
  #hash = '';
  /** @type {import('./overlay.js').Grid | null} the neighbour grid, as the last frame that inspected it had it */
  #grid = null;
  #overlayMs = 0;
  #lastUi = 0; // when the numbers were last shown (0: at the next frame)
  #checked = false; // the two builds' StepMetrics sizes compared, at the first frame with them
  #hooks;
  #forget;
  #watch;

  /**
   * @param {StudioSchool} school already calling `hooks`
   * @param {StudioCore} core
   * @param {ParamInfo[]} table the school's, with the help the core carries
   * @param {StudioHooks} hooks the school's studio hooks
   * @param {() => void} forget takes it out of attach()'s list, once it has detached
   */
  constructor(school, core, table, hooks, forget) {
    this.school = school;
    this.core = core;
    this.table = table;
    this.#hooks = hooks;
    this.#forget = forget;
    this.#params = school.params();
    /** The last frame's arrays. */
    this.lastFrame = new LastFrame();
    /** @type {import('./teach.js').TeachState} */
    this.teach = { select: false, grid: false, heading: false, selected: -1, saved: {} };
    this.overlay = new Overlay(this);
    this.panel = new Panel();
    this.controls = buildControls(this.panel.params, table, (name, v) => this.set(name, v));
    this.teachView = buildTeach(this.panel.teach, this);
    this.metrics = new Metrics(this, this.panel.graph, this.panel.legend);
    this.recordPanel = buildRecord(this.panel.record, this);
    this.syncParams(school.params(), school.hash());
    this.#wireButtons(Object.assign({}, this.#params));
    this.#watch = setInterval(() => {
      if (!school.canvas) this.detach(); // the school was destroyed
    }, 1000);
    (document.body || document.documentElement).append(this.panel.element);
    this.redraw();
  }

  /** The school's parameters, as the params hook last told them (a copy). */
  get params() {
    return this.#params;
  }
  /** The school's hash, as the params hook last told it. */
  get hash() {
    return this.#hash;
  }
  /** The overlay's own time in the last frame (inspecting, building and drawing it), ms. */
  get overlayMs() {
    return this.#overlayMs;
  }

  // The school's parameters into the panel and the core, and the numbers at the next frame.
  /** @param {Params} params @param {string} hash */
  syncParams(params, hash) {
    this.#hash = hash;
    this.#params = Object.assign({}, params);
    this.core.setParams(this.table.map((info) => this.#params[info.name]));
    this.controls.refresh(this.#params);
    this.teachView.refresh();
    this.#lastUi = 0;
  }

  // Resolves once held; the params hook has shown it by then.
  /** @param {ParamName} name @param {number} v @returns {Promise<number | undefined>} */
  set(name, v) {
    return this.school.set(name, v);
  }

  // A paused school draws one still frame (with the overlay, and the numbers beside it); a running one draws anyway.
  redraw() {
    this.#lastUi = 0;
    this.school.step(0);
  }

  /** @param {number} i the fish to follow, -1 for none */
  select(i) {
    this.teach.selected = i;
    this.redraw();
  }

  // After every drawn frame: its arrays, the metrics, the selected fish, the overlay, and (every UI_MS) the numbers.
  /** @param {import('../core/protocol.js').StudioFrame} msg */
  frame(msg) {
    this.lastFrame.update(msg);
    if (!this.#checked) this.#checkBuild();
    const now = performance.now();
    this.metrics.sample(now);
    const t = this.teach;
    const t0 = performance.now();
    /** @type {Inspection | null} */
    let fish = null;
    if (t.selected >= 0 || t.grid) {
      if (t.selected >= 0) this.#copyFish();
      const r = this.core.inspect(t.selected);
      this.#grid = { cell: r.cell, cols: r.cols, rows: r.rows };
      if (r.fish >= 0) fish = r;
      else t.selected = -1; // the fish is gone (fewer fish now)
    }
    const drawn = this.overlay.draw(fish, this.#grid);
    this.#overlayMs = drawn ? performance.now() - t0 : 0;
    this.#hooks.ms = this.#overlayMs;
    if (now - this.#lastUi > UI_MS) {
      this.#lastUi = now;
      this.metrics.draw(now);
      const last = this.metrics.latest();
      this.teachView.show(fish, last ? last.checks : null, this.lastFrame.count(), this.#overlayMs);
    }
  }

  // A click or tap on the page (canvas CSS px): the panel's own clicks never scare the fish; in select mode a click
  // selects the nearest fish within SELECT_PX (or none), instead of scaring the school. True: the studio took it.
  /** @param {number} x @param {number} y @param {Event} e @returns {boolean} */
  click(x, y, e) {
    if (e && typeof e.composedPath === 'function' && e.composedPath().includes(this.panel.element)) return true;
    const canvas = this.school.canvas; // there: the school calls no hook once destroyed
    if (!this.teach.select || !canvas) return false;
    const p = this.#params;
    const rect = canvas.getBoundingClientRect();
    const scale = this.core.view(p.width, p.height, rect.width, rect.height).scale || 1; // CSS px per world px
    const [wx, wy] = this.core.toWorld(x, y);
    const fx = this.lastFrame.floats(X),
      fy = this.lastFrame.floats(Y);
    /** @type {(Float32Array | null)[]} */
    const arrays = [];
    arrays[X] = fx;
    arrays[Y] = fy;
    this.core.setFish(this.lastFrame.count(), arrays);
    const i = this.core.nearest(wx, wy);
    // a fish found came in the frame's arrays
    const near = i >= 0 && !!fx && !!fy && Math.hypot(fx[i] - wx, fy[i] - wy) * scale <= SELECT_PX;
    this.select(near ? i : -1);
    return true;
  }

  // The school's fish i, as the teaching view inspects it (null when there is no such fish).
  /** @param {number} i @returns {Inspection | null} */
  inspect(i) {
    this.#copyFish();
    const r = this.core.inspect(i);
    return r.fish >= 0 ? r : null;
  }

  // Takes back all the studio added.
  detach() {
    clearInterval(this.#watch);
    this.recordPanel.detach();
    this.panel.element.remove();
    this.overlay.remove();
    this.#forget();
    if (this.school.canvas) this.school._studio(null);
  }

  // The school's fish arrays (and behaviour states), as the last frame sent them, into the core.
  #copyFish() {
    /** @type {(Float32Array | null)[]} */
    const arrays = [];
    for (let k = 0; k < FISH_ARRAYS; k++) arrays.push(this.lastFrame.floats(k));
    this.core.setFish(this.lastFrame.count(), arrays, this.lastFrame.bytes(STATES_ARRAY));
  }

  // Once, at the first frame with them: the school's StepMetrics must be the size the studio's wasm reads.
  #checkBuild() {
    const bytes = this.lastFrame.bytes(METRICS_ARRAY);
    if (!bytes) return;
    this.#checked = true;
    if (bytes.length !== this.core.metricsSize) {
      warn('mirofish.js and mirofish-studio.js come from different builds: the metrics may stay empty');
    }
  }

  // The panel's buttons: presets and reset (to `initial`, the values the page started with), the link, the script
  // tag, the CSV.
  /** @param {Params} initial */
  #wireButtons(initial) {
    const { school, core, table, panel } = this;
    /** @param {Object<string, number>} values by name: each that differs is set; the params hook shows them */
    const setAll = (values) =>
      Promise.all(
        table
          .filter((info) => values[info.name] !== this.#params[info.name])
          .map((info) => school.set(info.name, values[info.name])),
      );
    panel.applyPreset.onclick = () => {
      const values = core.preset(
        panel.preset.value,
        table.map((info) => this.#params[info.name]),
      );
      if (!values) return warn('unknown preset ' + panel.preset.value);
      setAll(Object.fromEntries(table.map((info, k) => [info.name, values[k]])));
      panel.status.textContent = 'Preset ' + panel.preset.value + ' applied.';
    };
    panel.reset.onclick = () => {
      setAll(initial);
      panel.status.textContent = 'Back to the school this page started with.';
    };
    panel.copyLink.onclick = () => {
      const url = shareLink(school);
      copyText(url).then((ok) => panel.say(url, ok));
    };
    panel.copyTag.onclick = () => {
      const tag = scriptTag(school.params(), table);
      copyText(tag).then((ok) => panel.say(tag, ok));
    };
    panel.copyExact.onclick = () => {
      const tag = scriptTag(school.params(), table, true);
      copyText(tag).then((ok) => panel.say(tag, ok));
    };
    panel.csv.onclick = () => download('mirofish-metrics.csv', this.metrics.csv());
  }
}
