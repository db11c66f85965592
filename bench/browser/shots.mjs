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

const shots = [
  { name: 'demo', url: '/#n=200&seed=7&t=20', vp: [1280, 800], dpr: 2 },
  {
    name: 'demo-crop',
    url: '/#n=200&seed=7&t=20',
    vp: [1280, 800],
    dpr: 2,
    clip: { x: 980, y: 480, width: 300, height: 260 },
  },
  {
    name: 'close-pal0-water',
    url: '/close-light#n=10&w=700&h=466&seed=3&size=4&water=1&pal=0&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'close-pal0-light',
    url: '/close-light#n=10&w=700&h=466&seed=3&size=4&pal=0&op=0.9&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'close-pal1-water',
    url: '/close-light#n=10&w=700&h=466&seed=5&size=4&water=1&pal=1&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'close-pal2-light',
    url: '/close-light#n=10&w=700&h=466&seed=5&size=4&pal=2&op=0.9&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'close-pal3-dark',
    url: '/close-dark#n=10&w=700&h=466&seed=5&size=4&pal=3&op=0.9&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'close-pal3-water',
    url: '/close-light#n=10&w=700&h=466&seed=9&size=4&pal=3&water=1&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'zoom-pal0-light',
    url: '/close-light#n=4&w=300&h=200&seed=3&size=4&pal=0&op=0.9&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'zoom-pal0-water',
    url: '/close-light#n=4&w=300&h=200&seed=4&size=4&pal=0&water=1&t=12',
    vp: [900, 600],
    dpr: 1,
  },
  {
    name: 'fish150-light-dpr1',
    url: '/close-light#n=150&seed=7&t=15',
    vp: [1600, 900],
    dpr: 1,
    clip: { x: 0, y: 0, width: 1000, height: 700 },
  },
  { name: 'many-water-dpr2', url: '/close-light#n=300&seed=11&water=1&t=15', vp: [800, 500], dpr: 2 },
  // The demo page avoids its cards and headings (data-avoid): live for 15 s (a t= seek runs before the page's boxes
  // are read), then the school as it flows around them; and every ecology option at once.
  { name: 'eco-avoid', url: '/#n=200&seed=7', vp: [1600, 900], dpr: 1, liveMs: 15000 },
  // The README's pair: the demo page in the visitor's light and dark colour scheme.
  { name: 'readme-light', url: '/#n=200&seed=7', vp: [1280, 800], dpr: 1, liveMs: 15000, scheme: 'light' },
  { name: 'readme-dark', url: '/#n=200&seed=7', vp: [1280, 800], dpr: 1, liveMs: 15000, scheme: 'dark' },
  {
    name: 'eco-predator',
    url: '/close-light#n=40&w=900&h=600&seed=2&pred=1&species=3&size=2&op=0.9',
    vp: [900, 600],
    dpr: 2,
    liveMs: 7000,
  },
  { name: 'eco-all', url: '/#n=400&seed=7&species=3&water=1&pred=1', vp: [1600, 900], dpr: 1, liveMs: 15000 },
];
const browser = await launch();
for (const s of shots.filter((x) => !only || x.name.startsWith(only))) {
  const ctx = await browser.newContext({
    viewport: { width: s.vp[0], height: s.vp[1] },
    deviceScaleFactor: s.dpr,
    colorScheme: s.scheme || 'light',
  });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(s.name, m.type(), m.text());
  });
  await page.goto(base + s.url);
  await page.waitForFunction(
    () =>
      window.MiroFish && MiroFish.current && !MiroFish.current.stats().seeking && MiroFish.current.stats().frames > 5,
    null,
    { timeout: 120000, polling: 100 },
  );
  await page.waitForTimeout(s.liveMs || 400);
  const boxes = await page.evaluate(() => MiroFish.current.obstacles().length);
  await page.evaluate(() => MiroFish.current.pause());
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(outDir, s.name + '.png'), clip: s.clip });
  await ctx.close();
  console.log('wrote', path.join(outDir, s.name + '.png'), boxes ? `(${boxes} page boxes avoided)` : '');
}
await browser.close();
await server.close();
