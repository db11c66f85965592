// The machine's CPU pressure (the Compute Pressure API: PressureObserver, Chrome 125+, in Workers too): 'serious' or
// 'critical' means the device works hard, for something else or (software GL) for the school's own frames, so the
// frame budget steps down and holds while it lasts, 'serious' never under 30 fps (quality_pressure.js). Where the
// API is missing, or the page's permissions policy refuses it, nothing changes.

const SAMPLE_MS = 1000; // at most one update a second: the budget's windows are half that

/** @typedef {import('./quality_pressure.js').PressureState} PressureState */

export class Pressure {
  #s;
  /** @type {{observe: (source: string, options: object) => Promise<void>, disconnect: () => void} | null} */
  #observer = null;
  /** @type {PressureState | ''} the state last told to the school ('': none yet) */
  #last = '';

  /**
   * @param {Pick<import('./school.js').EngineSchool, 'life' | 'pressureChanged'>} s what it reads of its school
   * @param {(fn: Function, self: *) => (arg: *) => *} guarded the school's guard (guard.js) for the observer's callback
   */
  constructor(s, guarded) {
    this.#s = s;
    const Observer = /** @type {*} */ (globalThis).PressureObserver; // not in every browser, nor in the DOM's types
    if (typeof Observer !== 'function') return;
    try {
      const observer = new Observer(guarded(this.update, this)); // under the school's guard, as a frame
      this.#observer = observer;
      // The test bundle's pages may sample faster (tests/browser/device.js).
      const sampleInterval = (MIROFISH_TEST && /** @type {*} */ (globalThis).__mirofishPressureMs) || SAMPLE_MS;
      observer.observe('cpu', { sampleInterval }).catch(() => this.stop()); // refused: as if absent
    } catch (e) {
      this.#observer = null;
    }
  }

  /** The PressureObserver, or null where there is none (the tests read it). */
  get observer() {
    return this.#observer;
  }

  // Each new state once: the budget decides what it does (quality.js pressed()).
  /** @param {{state: PressureState}[]} records */
  update(records) {
    const s = this.#s;
    const last = records[records.length - 1];
    if (s.life.destroyed || !last || last.state === this.#last) return;
    this.#last = last.state;
    s.pressureChanged(last.state);
  }

  stop() {
    if (this.#observer) this.#observer.disconnect();
    this.#observer = null;
  }
}
