// The page's text colour under the canvas, for the water's tone (waterTone=auto: render/core/water_tone.h picks the
// water the text reads on at 4.5:1). Read at mount and again only when the page's colour scheme may have changed: a
// prefers-color-scheme change, or a class, style or data-theme attribute changed on <html> or <body> (a site's own
// dark mode). Never per frame. The engine hears it as the `text` flag: the colour's WCAG relative luminance.

const DARK_SCHEME = '(prefers-color-scheme: dark)';
const ATTRIBUTES = ['class', 'style', 'data-theme'];
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/;

/** @type {CanvasRenderingContext2D | null | undefined} */
let probe;

/**
 * A CSS colour as sRGB bytes: rgb()/rgba() as getComputedStyle writes them, any other syntax (color(), oklch(), ...)
 * through a 1 x 1 canvas. null where it cannot be read.
 * @param {string} color
 * @returns {number[] | null}
 */
function srgb(color) {
  const m = RGB.exec(color);
  if (m) return [+m[1], +m[2], +m[3]];
  if (probe === undefined) {
    try {
      probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    } catch (e) {
      probe = null;
    }
  }
  if (!probe) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  const d = probe.getImageData(0, 0, 1, 1).data;
  return d[3] ? [d[0], d[1], d[2]] : null;
}

/**
 * WCAG 2 relative luminance (0 black .. 1 white) of the text colour of `el`, to 4 decimals; -1 when unreadable.
 * @param {Element} el
 */
export function textLuminance(el) {
  const rgb = srgb(getComputedStyle(el).color);
  if (!rgb) return -1;
  const lin = rgb.map((c) => {
    const v = Math.min(Math.max(c, 0), 255) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return Math.round((0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]) * 1e4) / 1e4;
}

/**
 * The text the school lies under: the page's body for the page's background, the mount element's own otherwise.
 * @param {HTMLElement | null} element the mount element (null: the page's background)
 */
export function textElement(element) {
  return element || document.body || document.documentElement;
}

/**
 * Follows the page's colour scheme for one school: start() after its mount, teardown() with it.
 * @param {Pick<import('./school.js').HostSchool, 'flags' | 'life' | 'page' | 'setFlags'>} h what it reads of its school
 */
export function createTone(h) {
  /** @type {MediaQueryList | null} */
  let scheme = null;
  /** @type {MutationObserver | null} */
  let observer = null;
  const update = () => {
    if (h.life.destroyed) return;
    const text = textLuminance(textElement(h.page.element));
    if (text !== h.flags.text) h.setFlags({ text });
  };
  return {
    start() {
      if (window.matchMedia) {
        scheme = window.matchMedia(DARK_SCHEME);
        scheme.addEventListener('change', update);
      }
      if (typeof MutationObserver === 'function') {
        observer = new MutationObserver(update);
        for (const el of [document.documentElement, document.body]) {
          if (el) observer.observe(el, { attributes: true, attributeFilter: ATTRIBUTES });
        }
      }
      update(); // what changed between the mount's reading and now
    },
    teardown() {
      if (scheme) scheme.removeEventListener('change', update);
      if (observer) observer.disconnect();
      scheme = observer = null;
    },
  };
}
