// The pointer's way to the engine: at most one message a frame. The first goes at once, the rest wait for the next
// slot, latest wins (a 1 000 Hz mouse would otherwise send 1 000 messages a second).
const POINTER_MS = 16;

// Its state is #private: a misspelt field fails tsc.
export class PointerLink {
  #post;
  #present = false;
  #x = 0;
  #y = 0;
  #sent = true;
  #timer = 0;

  /** @param {import('../core/protocol.js').PostFromSchool} post */
  constructor(post) {
    this.#post = post;
    this.flush = this.flush.bind(this); // the slot's timer callback, bound once
  }

  // The pointer in canvas CSS px (input.js converts; the engine letterboxes it into the world), or gone (`present`
  // false).
  /** @param {boolean} present @param {number} x @param {number} y */
  move(present, x, y) {
    if (!present && !this.#present && this.#sent) return;
    this.#present = present;
    this.#x = x;
    this.#y = y;
    this.#sent = false;
    if (!this.#timer) this.flush();
  }

  flush() {
    this.#timer = 0;
    if (this.#sent) return;
    this.#sent = true;
    this.#post({ t: 'pointer', present: this.#present, x: this.#x, y: this.#y });
    this.#timer = setTimeout(this.flush, POINTER_MS);
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = 0;
    this.#sent = true;
  }
}
