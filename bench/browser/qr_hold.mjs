#!/usr/bin/env node
// The QR finale's targets (S-CHO-4), in real time (not stepped): a page with form=qr:<60-character URL> and 200 fish; how long
// after the page starts the code first decodes, and the share of frames sampled during the hold that decode
// (zbarimg). usage: node bench/browser/qr_hold.mjs [--samples N] [--dpr D]   (after scripts/demo or the web build)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, serve } from './lib.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const samples = arg('--samples', 12),
  dpr = arg('--dpr', 1);
const TEXT = 'https://example.org/a/sixty-character-link?x=1&y=2&z=3456789';
const page = `<!doctype html><meta charset="utf-8"><style>body{margin:0;background:#f4f8fa;font:16px sans-serif}</style>
<h1>QR hold</h1><script src="/dist/mirofish.js" data-fish="200"></script>`;
const server = await serve({ '/': { html: page } });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-hold-'));
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: dpr });
const tab = await context.newPage();
const decodes = async () => {
  const file = path.join(tmp, 'shot.png');
  await tab.screenshot({ path: file });
  try {
    return execFileSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' }).trim() === TEXT;
  } catch (e) {
    return false;
  }
};
const t0 = Date.now();
await tab.goto(`${server.base}/#form=qr:${encodeURIComponent(TEXT)}`);
await tab.waitForFunction(() => window.MiroFish && window.MiroFish.current, null, { timeout: 30000 });
let first = null;
while (Date.now() - t0 < 20000 && first === null) {
  if (await decodes()) first = (Date.now() - t0) / 1000;
}
const holding = await tab.evaluate(() => window.MiroFish.current.stats().form);
let ok = 0;
for (let k = 0; k < samples; k++) {
  await tab.waitForTimeout(400);
  const phase = await tab.evaluate(() => window.MiroFish.current.stats().form.phase);
  if (phase !== 'holding') break;
  ok += (await decodes()) ? 1 : 0;
}
console.log(
  `first decode ${first === null ? 'never (20 s)' : first.toFixed(1) + ' s'} after navigation ` +
    `(200 fish, 1280x800, DPR ${dpr}); form ${JSON.stringify(holding)}; ` +
    `frames decoded during the hold: ${ok} of ${samples}`,
);
await browser.close();
await server.close();
fs.rmSync(tmp, { recursive: true });
