// A dedicated Worker as the kernel's channel sees one, in this process: its messages cross a real MessageChannel
// (structured clone, transfers), and its far end runs in a scope of its own that stands in for the Worker's `self`.
import { MessageChannel } from 'node:worker_threads';

export class FakeWorker {
  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    this.onmessageerror = null;
    port1.on('message', (data) => {
      if (!this.terminated && this.onmessage) this.onmessage({ data });
    });
    // The Worker's global scope: what serve() reads as `self`.
    const scope = new EventTarget();
    scope.onmessage = null;
    scope.postMessage = (msg, transfer) => {
      if (!this.terminated) port2.postMessage(msg, transfer);
    };
    port2.on('message', (data) => {
      if (!this.terminated && scope.onmessage) scope.onmessage({ data });
    });
    this.scope = scope;
    this.ports = [port1, port2]; // open until terminate(): a test ends its Worker
  }

  postMessage(msg, transfer) {
    if (!this.terminated) this.port.postMessage(msg, transfer);
  }

  terminate() {
    this.terminated = true;
    for (const port of this.ports) port.close();
  }

  // The browser's report of an error the Worker's code did not catch (what `worker.onerror` hears).
  die(message) {
    if (this.onerror) this.onerror({ message, error: new Error(message), preventDefault() {} });
  }
}

// Runs `fn` with `self` as the fake Worker's scope (serve() posts through it while the test runs).
export async function asWorker(worker, fn) {
  const before = globalThis.self;
  globalThis.self = worker.scope;
  try {
    return await fn();
  } finally {
    globalThis.self = before;
  }
}
