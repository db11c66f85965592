// Small shared pieces of the studio: its console voice, a DOM builder, number formats, the clipboard.

/** @param {string} message */
export function warn(message) {
  console.warn('MiroFish studio: ' + message);
}

/**
 * What el() sets on a new element: its own properties (onclick, textContent, hidden...), and aria-* as attributes.
 * @template {keyof HTMLElementTagNameMap} K
 * @typedef {Partial<HTMLElementTagNameMap[K]> & {[aria: `aria-${string}`]: string}} Props
 */

// el('button', { className: 'x', 'aria-label': 'y', onclick }, 'text', child...): aria-* and role are attributes, the
// rest properties; never a style attribute (a strict CSP refuses those).
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props<K> | null} [props]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (/^(aria-|role$)/.test(key)) node.setAttribute(key, String(value));
    else Object.assign(node, { [key]: value });
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// A parameter's value as the hash writes it (src/sim/hash_codec.cpp formatValue): integers whole, others with up to
// three decimals and no trailing zeros. The values are already quantized to that by C++.
/**
 * @param {Pick<import('../mirofish.d.ts').MiroFishParamInfo, 'integer'>} info the parameter's row
 * @param {number} v
 * @returns {string}
 */
export function formatValue(info, v) {
  if (info.integer) return String(Math.round(v));
  const s = v.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

// sepRadius -> sep-radius: the data-* attribute the classic script reads (script.dataset.sepRadius).
/** @param {string} name @returns {string} */
export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** @param {number} v @param {number} lo @param {number} hi @returns {number} */
export function clamp(v, lo, hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

// 12345 -> "12,345"
/** @param {number} n @returns {string} */
export function grouped(n) {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Writes text to the clipboard where the page may (a secure context, a user gesture); resolves to whether it did.
/** @param {string} text @returns {Promise<boolean>} */
export function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext)
      return navigator.clipboard.writeText(text).then(
        () => true,
        () => false,
      );
  } catch (e) {
    /* not allowed here */
  }
  return Promise.resolve(false);
}

// A colour as straight-alpha RGBA8 with red in the lowest byte (the overlay's vertex colour): channels 0..255, alpha
// 0..1.
/** @param {number} r @param {number} g @param {number} b @param {number} a @returns {number} */
export function rgba(r, g, b, a) {
  return ((r & 255) | ((g & 255) << 8) | ((b & 255) << 16) | (Math.round(a * 255) << 24)) >>> 0;
}
// hsl(h, 90 %, 50 %) with alpha a, as rgba() packs it: h in degrees.
/** @param {number} h @param {number} a @returns {number} */
export function hue(h, a) {
  /** @param {number} n */
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (0.5 - 0.45 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return rgba(f(0), f(8), f(4), a); // saturation 90 %, lightness 50 %
}
