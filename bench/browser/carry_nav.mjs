#!/usr/bin/env node
// What carrying the school to the next page costs a visitor (docs/performance.md#carry): two pages of one site, a
// link from a to b followed by the keyboard, in three builds alternated for --rounds rounds: a page without MiroFish,
// the build given as --before (one from before the school was carried), and this build. Per build, the medians of:
// - pagehide: the time of page a's pagehide listeners MiroFish added (ours writes the snapshot there), measured between
//   a listener the page added before the tag and one added after the school mounted;
// - load: from the keypress to page b's load event (b's navigation start is the keypress's navigation);
// - school: from the keypress to page b's school mounted and drawing (MiroFish.ready resolved);
// - fish: from the keypress to the first animation frame of page b with fish on it: the picture page a left
//   (loader/picture.js), or the school's own first frame where there is none;
// - picture: the size of that picture in sessionStorage (base64 characters);
// - carried: whether page b's school went on from page a's (its first read step count at least page a's when the
//   link was focused, well above a fresh school's).
// The pages' school is the default tag (data-fish="200"), 1280x720, Chromium as the suite's (SwiftShader).
//
// usage: node bench/browser/carry_nav.mjs [--rounds N] [--before DIR] [--wait MS]
// --wait: from the link focused (the visitor's intent, which asks for the snapshot and the picture) to the keypress

import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE, launch, median, serve } from './lib.mjs';

const opts = { rounds: 5, before: null, wait: 300 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--rounds' && /^[1-9]\d*$/.test(process.argv[i + 1] || '')) opts.rounds = Number(process.argv[++i]);
  else if (a === '--wait' && /^\d+$/.test(process.argv[i + 1] || '')) opts.wait = Number(process.argv[++i]);
  else if (a === '--before' && fs.existsSync(path.join(process.argv[i + 1] || '', 'mirofish.js'))) {
    opts.before = path.resolve(process.argv[++i]);
  } else {
    process.stderr.write(
      `carry_nav: unknown argument ${a}\nusage: carry_nav.mjs [--rounds N] [--before DIR] [--wait MS]\n`,
    );
    process.exit(2);
  }
}

// Page a and b of one build: `src` its loader ('' none). The early pagehide listener comes before the tag.
const page = (name, next, src) => ({
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${name}</title>
<script>addEventListener('pagehide', () => sessionStorage.setItem('ph0', performance.now()));
window.picture = (sessionStorage.getItem('mirofish-still') || '').length;
(function look() {
  const c = document.querySelectorAll('body > canvas');
  const s = window.MiroFish && window.MiroFish.current;
  let seen = s && s.stats().frames > 0;
  if (!seen && c.length === 2) {
    const t = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    t.drawImage(c[0], 0, 0, 64, 36);
    seen = t.getImageData(0, 0, 64, 36).data.some((v, i) => i % 4 === 3 && v > 0);
  }
  if (seen) window.fishAt = performance.now();
  else requestAnimationFrame(look);
})();</script>
${src ? `<script src="${src}" data-fish="200"></script>` : ''}</head>
<body><h1>Page ${name}</h1><p><a id="next" href="${next}">next</a></p></body></html>`,
});
const BUILDS = { none: '', now: '/now/mirofish.js' };
if (opts.before) BUILDS.before = '/before/mirofish.js';
const routes = { '/now/mirofish.js': BUNDLE };
if (opts.before) routes['/before/mirofish.js'] = path.join(opts.before, 'mirofish.js');
for (const [build, src] of Object.entries(BUILDS)) {
  routes[`/${build}/a.html`] = page('a', `/${build}/b.html`, src);
  routes[`/${build}/b.html`] = page('b', `/${build}/a.html`, src);
}

const srv = await serve(routes);
const browser = await launch();
const results = Object.fromEntries(
  Object.keys(BUILDS).map((b) => [b, { pagehide: [], load: [], school: [], fish: [], picture: [], carried: 0 }]),
);
try {
  for (let round = 0; round < opts.rounds; round++) {
    for (const build of Object.keys(BUILDS)) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const tab = await context.newPage();
      await tab.goto(`${srv.base}/${build}/a.html`);
      const hasSchool = !!BUILDS[build];
      if (hasSchool)
        await tab.waitForFunction(() => window.MiroFish.current && window.MiroFish.current.stats().steps > 120);
      // the late listener: after the school's own (registered at its mount)
      await tab.evaluate(() => addEventListener('pagehide', () => sessionStorage.setItem('ph1', performance.now())));
      // the steps when the link is focused, which asks for the snapshot: a carried school has at least these
      const stepsBefore = hasSchool ? await tab.evaluate(() => window.MiroFish.current.stats().steps) : 0;
      await tab.focus('#next');
      await tab.waitForTimeout(opts.wait);
      await Promise.all([tab.waitForNavigation({ waitUntil: 'load' }), tab.keyboard.press('Enter')]);
      const r = await tab.evaluate(async (school) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const out = {
          pagehide: Number(sessionStorage.getItem('ph1')) - Number(sessionStorage.getItem('ph0')),
          load: nav.loadEventEnd || performance.now(),
          school: 0,
          steps: 0,
          fish: 0,
          picture: window.picture,
        };
        if (school) {
          const s = await window.MiroFish.ready;
          out.school = performance.now();
          out.steps = s.stats().steps;
          while (!window.fishAt) await new Promise((r) => requestAnimationFrame(r));
          out.fish = window.fishAt;
        }
        return out;
      }, hasSchool);
      const res = results[build];
      res.pagehide.push(r.pagehide);
      res.load.push(r.load);
      if (hasSchool) res.school.push(r.school);
      if (hasSchool) res.fish.push(r.fish);
      if (hasSchool) res.picture.push(r.picture);
      if (hasSchool && r.steps >= stepsBefore) res.carried++;
      await context.close();
    }
  }
} finally {
  await browser.close();
  await srv.close();
}
const ms = (v) => (v.length ? median(v).toFixed(v === undefined ? 0 : 2) : '-');
console.log(`carry_nav: ${opts.rounds} rounds, medians (ms)`);
for (const [build, r] of Object.entries(results)) {
  console.log(
    `${build.padEnd(7)} pagehide ${ms(r.pagehide)}  keypress->load ${ms(r.load)}  keypress->school ${ms(r.school)}` +
      (BUILDS[build]
        ? `  keypress->fish ${ms(r.fish)}  picture ${r.picture.length ? median(r.picture) : 0} chars` +
          `  carried ${r.carried}/${opts.rounds}`
        : ''),
  );
}
