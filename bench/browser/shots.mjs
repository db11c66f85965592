#!/usr/bin/env node
// Screenshots for eyeballing the koi (on demand): the demo page and close-ups, with any bundle.
// usage: node bench/browser/shots.mjs BUNDLE OUTDIR [NAME-PREFIX]   (e.g. eco: only the ecology shots)
// The README's pair: node bench/browser/shots.mjs build/web/dist/mirofish.js docs/images readme
import fs from 'node:fs';
import path from 'node:path';
import { launch, serve } from './lib.mjs';

const [bundle, outDir, only] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });

const closePage = (bg) => `<!doctype html><html><head><meta charset="utf-8">
<style>html,body{margin:0;height:100%}body{background:${bg}}</style></head><body>
<script src="/dist/mirofish.js"></script></body></html>`;
const server = await serve({
  '/dist/mirofish.js': path.resolve(bundle),
  '/close-light': { html: closePage('#eef4f6') },
  '/close-dark': { html: closePage('#101522') },
});
const base = server.base;

// One row a shot: its name; the URL (/close-light and /close-dark: a blank page of that colour; /: the demo page);
// the viewport [width, height, DPR]; and what else it needs: clip [x, y, width, height] (the part kept), liveMs (how
// long the school runs live before the shot; 400 ms after a t= seek otherwise), scheme (the visitor's colour scheme,
// light otherwise).
const SHOTS = [
  ['demo', '/#n=200&seed=7&t=20', [1280, 800, 2]],
  ['demo-crop', '/#n=200&seed=7&t=20', [1280, 800, 2], { clip: [980, 480, 300, 260] }],
  ['close-pal0-water', '/close-light#n=10&w=700&h=466&seed=3&size=4&water=1&pal=0&t=12', [900, 600, 1]],
  ['close-pal0-light', '/close-light#n=10&w=700&h=466&seed=3&size=4&pal=0&op=0.9&t=12', [900, 600, 1]],
  ['close-pal1-water', '/close-light#n=10&w=700&h=466&seed=5&size=4&water=1&pal=1&t=12', [900, 600, 1]],
  ['close-pal2-light', '/close-light#n=10&w=700&h=466&seed=5&size=4&pal=2&op=0.9&t=12', [900, 600, 1]],
  ['close-pal3-dark', '/close-dark#n=10&w=700&h=466&seed=5&size=4&pal=3&op=0.9&t=12', [900, 600, 1]],
  ['close-pal3-water', '/close-light#n=10&w=700&h=466&seed=9&size=4&pal=3&water=1&t=12', [900, 600, 1]],
  ['zoom-pal0-light', '/close-light#n=4&w=300&h=200&seed=3&size=4&pal=0&op=0.9&t=12', [900, 600, 1]],
  ['zoom-pal0-water', '/close-light#n=4&w=300&h=200&seed=4&size=4&pal=0&water=1&t=12', [900, 600, 1]],
  ['fish150-light-dpr1', '/close-light#n=150&seed=7&t=15', [1600, 900, 1], { clip: [0, 0, 1000, 700] }],
  ['many-water-dpr2', '/close-light#n=300&seed=11&water=1&t=15', [800, 500, 2]],
  // The demo page avoids its cards and headings (data-avoid): live for 15 s (a t= seek runs before the page's boxes
  // are read), then the school as it flows around them; and every ecology option at once.
  ['eco-avoid', '/#n=200&seed=7', [1600, 900, 1], { liveMs: 15000 }],
  // The README's pair: the demo page in the visitor's light and dark colour scheme.
  ['readme-light', '/#n=200&seed=7', [1280, 800, 1], { liveMs: 15000, scheme: 'light' }],
  ['readme-dark', '/#n=200&seed=7', [1280, 800, 1], { liveMs: 15000, scheme: 'dark' }],
  [
    'eco-predator',
    '/close-light#n=40&w=900&h=600&seed=2&pred=1&species=3&size=2&op=0.9',
    [900, 600, 2],
    { liveMs: 7000 },
  ],
  ['eco-all', '/#n=400&seed=7&species=3&water=1&pred=1', [1600, 900, 1], { liveMs: 15000 }],
];
const browser = await launch();
for (const [name, url, [width, height, dpr], { clip, liveMs = 400, scheme = 'light' } = {}] of SHOTS) {
  if (only && !name.startsWith(only)) continue;
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, colorScheme: scheme });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(name, m.type(), m.text());
  });
  await page.goto(base + url);
  await page.waitForFunction(
    () =>
      window.MiroFish && MiroFish.current && !MiroFish.current.stats().seeking && MiroFish.current.stats().frames > 5,
    null,
    { timeout: 120000, polling: 100 },
  );
  await page.waitForTimeout(liveMs);
  const boxes = await page.evaluate(() => MiroFish.current.obstacles().length);
  await page.evaluate(() => MiroFish.current.pause());
  await page.waitForTimeout(100);
  const file = path.join(outDir, name + '.png');
  await page.screenshot({ path: file, clip: clip && { x: clip[0], y: clip[1], width: clip[2], height: clip[3] } });
  await ctx.close();
  console.log('wrote', file, boxes ? `(${boxes} page boxes avoided)` : '');
}
await browser.close();
await server.close();
