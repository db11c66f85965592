// A school's warnings to the page (console.warn there): a <miro-fish> school says one per name (an attribute changed
// 1 000 times a second warns once), and what the pond keeps saying (the water's tone, the parameters' sanity) is said
// again only once it changes.

export class Warnings {
  #out;
  /** @type {Object<string, 1> | null} the names said so far, where each is said once */
  #once;
  #last = { tone: '', sanity: '' };

  /** @param {import('../core/protocol.js').PostToHost} out @param {boolean} once a <miro-fish> school's */
  constructor(out, once) {
    this.#out = out;
    this.#once = once ? {} : null;
  }

  /** @param {string} text @param {string} [name] */
  say(text, name) {
    if (this.#once && name !== undefined) {
      if (this.#once[name]) return;
      this.#once[name] = 1;
    }
    this.#out({ t: 'warn', text });
  }

  // The pond's `kind` of warning now ('' none): said when it differs from the last.
  /** @param {'tone' | 'sanity'} kind @param {string} text @param {string} name */
  standing(kind, text, name) {
    if (text && text !== this.#last[kind]) this.say(text, name);
    this.#last[kind] = text;
  }
}
