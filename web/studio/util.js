// Small shared pieces of the studio: its console voice, a DOM builder, number formats, the clipboard.

export function warn(message) {
  console.warn('MiroFish studio: ' + message);
}

// el('button', { className: 'x', 'aria-label': 'y', onclick }, 'text', child...): aria-* and role are attributes, the
// rest properties; never a style attribute (a strict CSP refuses those).
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (/^(aria-|role$)/.test(key)) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// A parameter's value as the hash writes it (src/sim/hash_codec.cpp formatValue): integers whole, others with up to
// three decimals and no trailing zeros. The values are already quantized to that by C++.
export function formatValue(info, v) {
  if (info.integer) return String(Math.round(v));
  const s = v.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

// sepRadius -> sep-radius: the data-* attribute the classic script reads (script.dataset.sepRadius).
export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

export function clamp(v, lo, hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

// 12345 -> "12,345"
export function grouped(n) {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Writes text to the clipboard where the page may (a secure context, a user gesture); resolves to whether it did.
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

// "hsl(h, s%, l%)" as straight-alpha RGBA8 with red in the lowest byte (the overlay's vertex colour).
export function rgba(r, g, b, a) {
  return ((r & 255) | ((g & 255) << 8) | ((b & 255) << 16) | (Math.round(a * 255) << 24)) >>> 0;
}
export function hue(h, a) {
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (0.5 - 0.45 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return rgba(f(0), f(8), f(4), a); // saturation 90 %, lightness 50 %
}
