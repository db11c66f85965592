// The next slice of long work (step(n), a seek, trajectory()) as a task of its own, right after whatever already
// waits: a MessageChannel message, which the browser never clamps, where setTimeout(fn, 0) waits 4 ms once nested five
// deep (at 10 000 fish, a third of a long call's time would wait there). Frames, input and the page's own tasks still
// run between two slices; only the wait that nothing needed is gone.

import { inWorker } from '../core/index.js';

export const IN_WORKER = inWorker();

/** @type {(() => void)[]} */
const queue = []; // the slices waiting, first in first out: two schools' long calls take turns
/** @type {MessagePort | null} */
let port = null;

/** @param {() => void} fn */
export function soon(fn) {
  if (typeof MessageChannel !== 'function') {
    setTimeout(fn, 0);
    return;
  }
  if (!port) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const fn = queue.shift(); // one message per slice queued: never empty here
      if (fn) fn();
    };
    port = channel.port2;
  }
  queue.push(fn);
  port.postMessage(0);
}
