// The measures look.test.js takes of screenshots (helpers.js decodePng's {width, height, data}): tolerant by design,
// counts and medians over regions, never single pixels, so every engine's software GL passes the same test.
'use strict';

const h = require('./helpers');

// A screenshot of the paused school once two in a row agree: the Worker's frame of the stepped state reaches the
// page's compositor a frame or so after step() resolves.
async function stillShot(page, clip) {
  let last = await h.shot(page, clip);
  for (let i = 0; i < 20; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const img = await h.shot(page, clip);
    if (h.diffPixels(img, last, 0) === 0) return img;
    last = img;
  }
  return last;
}

function pixel(img, x, y) {
  const i = (y * img.width + x) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

// Perceived brightness 0..255 (Rec. 601 weights).
const brightness = ([r, g, b]) => 0.299 * r + 0.587 * g + 0.114 * b;

// WCAG 2 relative luminance of an sRGB byte triple, and the contrast ratio of two.
function luminance([r, g, b]) {
  const lin = (c) => {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a, b) {
  const la = luminance(a),
    lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// The held QR code's plate on a dark page: the bounding box of the near-white pixels (the plate is kPlate, 244 241
// 234), or null.
function plateBox(img) {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r > 225 && g > 222 && b > 214 && r - b < 24) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

// The median brightness of the code's quiet zone (a ring 3 % of the side wide just inside the square): the plate's
// own tone, whatever fish pass over it.
function ringTone(img, box) {
  const band = Math.max(2, Math.round(box.w * 0.03));
  const values = [];
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const inner = x >= box.x + band && x < box.x + box.w - band && y >= box.y + band && y < box.y + box.h - band;
      if (!inner) values.push(brightness(pixel(img, x, y)));
    }
  }
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

// Pixels inside `box` in the koi's red (palette 0's patches, at any opacity over a light plate or a dark page): no
// module or plate is red, so these are fish.
function koiRed(img, box) {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r > g + 50 && r > b + 60) n++;
    }
  }
  return n;
}

// A CSS rgb()/rgba() colour as bytes.
const rgbOf = (css) =>
  css
    .match(/[\d.]+/g)
    .slice(0, 3)
    .map(Number);

// The contrast of the text of `selector` against the pixels behind it: a screenshot with the text made transparent,
// each pixel of its box against the text's colour, the 1st percentile (a fish edge or a caustic's crest may dip
// below; 99 % of what lies behind the text reads at least this well). `page`: a Playwright page or engines.js's.
async function textContrast(page, selector = '#text') {
  const box = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const color = getComputedStyle(el).color;
    el.style.color = 'transparent';
    return { x: r.left, y: r.top, w: r.width, h: r.height, color, vw: innerWidth };
  }, selector);
  const img = h.decodePng(await page.screenshot());
  await page.evaluate((sel) => {
    document.querySelector(sel).style.color = '';
  }, selector);
  const k = img.width / box.vw;
  const text = rgbOf(box.color);
  const values = [];
  for (let y = Math.ceil(box.y * k); y < Math.floor((box.y + box.h) * k); y++) {
    for (let x = Math.ceil(box.x * k); x < Math.floor((box.x + box.w) * k); x++)
      values.push(contrast(pixel(img, x, y), text));
  }
  values.sort((a, b) => a - b);
  return { ratio: values[Math.floor(values.length * 0.01)], text: box.color };
}

// Waits (screenshots, up to `ms`) until the text reads at `min`:1 or more against what lies behind it; the last
// measure either way.
async function readable(page, min = 4.5, ms = 15000, selector = '#text') {
  const end = Date.now() + ms;
  let m;
  do {
    m = await textContrast(page, selector);
    if (m.ratio >= min) return m;
  } while (Date.now() < end);
  return m;
}

// Hue histogram (12 bins of 30 degrees, weighted by saturation, summing to 1) of the pixels that differ between two
// screenshots: the fish's colours, whatever the page's.
function hueHistogram(withFish, without) {
  const bins = new Array(12).fill(0);
  let total = 0;
  for (let i = 0; i < withFish.data.length; i += 4) {
    const [r, g, b] = [withFish.data[i], withFish.data[i + 1], withFish.data[i + 2]];
    if (Math.abs(r - without.data[i]) + Math.abs(g - without.data[i + 1]) + Math.abs(b - without.data[i + 2]) < 24)
      continue;
    const max = Math.max(r, g, b),
      min = Math.min(r, g, b);
    const sat = max - min;
    if (sat < 12) continue; // greys carry no hue
    let hue = max === r ? (g - b) / sat : max === g ? 2 + (b - r) / sat : 4 + (r - g) / sat;
    hue = (((hue * 60) % 360) + 360) % 360;
    bins[Math.floor(hue / 30) % 12] += sat;
    total += sat;
  }
  return bins.map((v) => (total ? v / total : 0));
}

// The page text's contrast against the fish pixels (those that differ between two screenshots), as if a text line lay
// over each: {low: the 1st percentile, median}.
function fishContrast(withFish, without, text) {
  const values = [];
  for (let i = 0; i < withFish.data.length; i += 4) {
    const px = [withFish.data[i], withFish.data[i + 1], withFish.data[i + 2]];
    if (
      Math.abs(px[0] - without.data[i]) +
        Math.abs(px[1] - without.data[i + 1]) +
        Math.abs(px[2] - without.data[i + 2]) <
      24
    )
      continue;
    values.push(contrast(px, text));
  }
  values.sort((a, b) => a - b);
  return { low: values[Math.floor(values.length * 0.01)], median: values[values.length >> 1] };
}

// Half the L1 distance of two histograms: 0 the same, 1 nothing in common.
const histogramDistance = (a, b) => a.reduce((sum, v, k) => sum + Math.abs(v - b[k]), 0) / 2;

module.exports = {
  stillShot,
  pixel,
  brightness,
  luminance,
  contrast,
  plateBox,
  ringTone,
  koiRed,
  rgbOf,
  textContrast,
  readable,
  hueHistogram,
  histogramDistance,
  fishContrast,
};
