// The picture over the auto-mount's canvas from the page's first paint until the school's first frame, when the host
// removes it (host/carry.js pictureUntilDrawn); it stays where no school comes (no WebGL2, an engine that failed).
// Either the page before's school as the visitor left it (carriedStill, below), or data-poster: a still of the tag's
// school (made by `mirofish poster` from the tag's own hash, docs/hosting.md#poster), which with
// data-reduced-motion="poster" a visitor who prefers reduced motion gets instead of the school: that page then fetches
// no host and no engine at all.
import { CARRY_FRESH_MS, guessLayer, makeCanvas, STILL_KEY } from '../core/index.js';

// Reads (and takes off the tag: the host reads every data-* as a school option) data-poster and data-reduced-motion,
// and puts the picture in the page; null for none. `instead`: the poster alone, no school.
/**
 * @param {DOMStringMap} data the loader's tag's
 * @returns {{instead: boolean, img: HTMLElement} | null}
 */
export function takePicture(data) {
  const src = data.poster;
  const instead = data.reducedMotion === 'poster' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  delete data.poster;
  delete data.reducedMotion;
  /** @type {HTMLElement | null} */
  let img = instead ? null : carriedStill(data);
  if (!img && src) {
    const poster = document.createElement('img');
    poster.style.cssText = makeCanvas(true, guessLayer(data.layer, null)).style.cssText; // the canvas's place, layer
    poster.style.objectFit = 'cover';
    poster.alt = ''; // decoration: nothing for a screen reader
    poster.src = src;
    img = poster;
  }
  if (!img) return null;
  const el = img;
  const put = () => document.body.prepend(el);
  if (document.body) put();
  else addEventListener('DOMContentLoaded', put, { once: true });
  return { instead, img };
}

// The page before's school as the visitor left it (host/carry.js wrote it, with the snapshot this page's school goes
// on from), so the way from page to page has no empty moment (a view transition fades the old page's fish into the same picture). Only for the same tag (the same
// data-*) and where the host takes the snapshot (not a reload, an old one, a link with a hash; host/carry.js carried).
// A canvas, not an <img>: a picture from bytes asks nothing of the page's Content-Security-Policy.
/** @param {DOMStringMap} data the loader's tag's @returns {HTMLCanvasElement | null} */
function carriedStill(data) {
  /** @type {[number, string, string] | null} */
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(STILL_KEY) || '0');
  } catch (e) {} // refused storage, damaged text: no still
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  if (
    !kept ||
    !(Date.now() - kept[0] < CARRY_FRESH_MS) ||
    kept[1] !== JSON.stringify(data) ||
    location.hash ||
    (nav && nav.type === 'reload')
  ) {
    return null;
  }
  const canvas = makeCanvas(true, guessLayer(data.layer, null));
  createImageBitmap(new Blob([Uint8Array.from(atob(kept[2]), (c) => c.charCodeAt(0))])).then(
    (b) => /** @type {ImageBitmapRenderingContext} */ (canvas.getContext('bitmaprenderer')).transferFromImageBitmap(b),
    () => canvas.remove(), // not a picture: the empty moment, as without one
  );
  return canvas;
}
