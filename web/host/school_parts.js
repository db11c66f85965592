// The parts a school starts once the engine has mounted it, and takes back at its teardown: the page's listeners they
// share, the input and the sizing (made with the school, started here), the avoid list (avoid.js), the perf overlay
// (overlay.js), the pause button (controls.js) and the page's text colour for the water's tone (tone.js). The school
// tells them what happened through the methods below; the parts are #private, so a misspelt one fails tsc.
import { createListeners } from '../core/index.js';
import { Avoid } from './avoid.js';
import { createControls } from './controls.js';
import { createOverlay } from './overlay.js';
import { createTone } from './tone.js';

/** @typedef {import('./school.js').HostSchool} HostSchool */

export class SchoolParts {
  #h;
  // Each made at start(), null before (and after a mount's own failure, which comes before).
  /** @type {ReturnType<typeof createListeners> | null} */
  #listeners = null;
  /** @type {Avoid | null} */
  #avoid = null;
  /** @type {ReturnType<typeof createOverlay> | null} */
  #perf = null;
  /** @type {ReturnType<typeof createControls> | null} */
  #controls = null;
  /** @type {ReturnType<typeof createTone> | null} */
  #tone = null;

  /** @param {HostSchool} h the school they are the parts of */
  constructor(h) {
    this.#h = h;
  }

  // What the school's own parts and its handle read (sizing.js, controls.js; handle.js): null before start().
  get listeners() {
    return this.#listeners;
  }
  get avoid() {
    return this.#avoid;
  }

  // The engine mounted the school: the page's parts start listening, measuring and drawing. Its listeners first: the
  // button and the sizing put theirs there.
  /** @param {import('../mirofish').MiroFishOptions} opts the mount's */
  start(opts) {
    const h = this.#h;
    this.#listeners = createListeners();
    h.input.start();
    this.#avoid = new Avoid(h);
    if (opts.avoid !== undefined) this.#avoid.set(opts.avoid);
    this.#perf = createOverlay(h);
    this.#perf.sync();
    this.#controls = createControls(h);
    this.#controls.sync();
    this.#tone = createTone(h);
    this.#tone.start();
    h.sizing.observe();
    h.sizing.send(false);
  }

  // A fresh canvas in the old one's place (school.js newCanvas): the input and the sizing follow it, once started.
  followCanvas() {
    if (!this.#listeners) return;
    const h = this.#h;
    h.input.teardown();
    h.input.start();
    h.sizing.teardown();
    h.sizing.observe();
  }

  // The engine's params changed (its snapshot): the overlay and the button follow them.
  paramsChanged() {
    if (this.#perf) this.#perf.sync();
    if (this.#controls) this.#controls.sync();
  }

  // A snapshot while the canvas is in the page: the overlay draws it, and the poll for boxes that moved unseen runs
  // only while the school animates.
  /** @param {import('../core/protocol.js').EngineStats['state']} state the snapshot's */
  snapshotIn(state) {
    if (this.#perf) this.#perf.draw();
    if (this.#avoid && (state === 'running' || state === 'idle')) this.#avoid.tick(performance.now());
  }

  // The page's flags changed: a page's pause() shows on the button.
  flagsChanged() {
    if (this.#controls) this.#controls.reflect();
  }

  // Forced colours came or went: no button under them.
  mediaChanged() {
    if (this.#controls) this.#controls.sync();
  }

  // Mounted again after a failure (heal.js): the fresh engine hears the obstacles.
  remounted() {
    if (this.#avoid) this.#avoid.resend();
  }

  // Takes back everything start() added.
  /** @param {boolean} started whether start() ran */
  teardown(started) {
    if (!started) return;
    const h = this.#h;
    if (this.#listeners) this.#listeners.clear(); // these made at start(): there when `started`
    h.input.teardown();
    if (this.#avoid) this.#avoid.teardown();
    h.sizing.teardown();
    if (this.#perf) this.#perf.remove();
    if (this.#controls) this.#controls.remove();
    if (this.#tone) this.#tone.teardown();
  }
}
