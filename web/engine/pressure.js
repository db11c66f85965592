// The machine's CPU pressure (the Compute Pressure API: PressureObserver, Chrome 125+, in Workers too): 'serious' or
// 'critical' means the device works hard, for something else or (software GL) for the school's own frames, so the
// frame budget steps down and holds while it lasts, 'serious' never under 30 fps (quality.js, pressed()). Where the
// API is missing, or the page's permissions policy refuses it, nothing changes.

const SAMPLE_MS = 1000; // at most one update a second: the budget's windows are half that

export class Pressure {
  /**
   * @param {Pick<import('./school.js').EngineSchool, 'destroyed' | 'governor' | 'pressureChanged'>} s what it reads of
   *   its school
   * @param {(fn: Function, self: *) => (arg: *) => *} guarded the school's guard (guard.js) for the observer's callback
   */
  constructor(s, guarded) {
    this.s = s;
    /** @type {{observe: (source: string, options: object) => Promise<void>, disconnect: () => void} | null} */
    this.observer = null;
    const Observer = /** @type {*} */ (globalThis).PressureObserver; // not in every browser, nor in the DOM's types
    if (typeof Observer !== 'function') return;
    try {
      this.observer = new Observer(guarded(this.update, this)); // under the school's guard, as a frame
      // The test bundle's pages may sample faster (tests/browser/device.js).
      const sampleInterval = (MIROFISH_TEST && /** @type {*} */ (globalThis).__mirofishPressureMs) || SAMPLE_MS;
      this.observer.observe('cpu', { sampleInterval }).catch(() => this.stop()); // refused: as if absent
    } catch (e) {
      this.observer = null;
    }
  }

  /** @param {{state: 'nominal' | 'fair' | 'serious' | 'critical'}[]} records */
  update(records) {
    const s = this.s;
    const last = records[records.length - 1];
    if (!s.destroyed && last && last.state !== s.governor.pressure) s.pressureChanged(last.state);
  }

  stop() {
    if (this.observer) this.observer.disconnect();
    this.observer = null;
  }
}
