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

module.exports = {
  stillShot,
  pixel,
  luminance,
  contrast,
  rgbOf,
  textContrast,
  readable,
  fishContrast,
};
