#!/usr/bin/env node
// The browser's CPU per drawn frame for N fish at one fixed level, this build against another, alternated: what a
// change to the koi's drawing saves where it is spent (SwiftShader: vertex and triangle set-up are the CPU's).
//   node bench/browser/fish_cost_ab.mjs --before DIR [--fish 1000] [--quality low|high] [--rounds 4] [--seconds 6]
// Prints, per build, the median over rounds of (CPU ms of every Chromium process) / (frames drawn), and the ratio.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { BUNDLE, launch, median, plainPage, serve } from './lib.mjs';

const opts = { before: null, fish: 1000, quality: 'low', rounds: 4, seconds: 6 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  const v = process.argv[i + 1];
  if (a === '--before' && v && fs.existsSync(path.join(v, 'mirofish.js'))) opts.before = path.resolve(v);
  else if (a === '--fish' && /^\d+$/.test(v || '')) opts.fish = Number(v);
  else if (a === '--quality' && /^(low|high)$/.test(v || '')) opts.quality = v;
  else if (a === '--rounds' && /^[1-9]\d*$/.test(v || '')) opts.rounds = Number(v);
  else if (a === '--seconds' && /^[1-9]\d*$/.test(v || '')) opts.seconds = Number(v);
  else {
    process.stderr.write(`fish_cost_ab: bad argument ${a}\n`);
    process.exit(2);
  }
  i++;
}
if (!opts.before) {
  process.stderr.write('fish_cost_ab: --before DIR (a build dist/ with mirofish.js) is required\n');
  process.exit(2);
}
const TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
// Busy ticks of every process below this one (the browser and its children).
function treeTicks() {
  const procs = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch (e) {}
  }
  let sum = 0;
  for (const [pid, e] of procs) {
    let p = pid;
    for (let g = 0; p > 1 && g < 64; g++) {
      const q = procs.get(p);
      if (!q) break;
      if (q.ppid === process.pid) {
        sum += e.ticks;
        break;
      }
      p = q.ppid;
    }
  }
  return sum;
}

const builds = { after: BUNDLE, before: path.join(opts.before, 'mirofish.js') };
const srv = await serve({ '/a/mirofish.js': builds.after, '/b/mirofish.js': builds.before });
const attrs = (src) => `data-fish="${opts.fish}" data-quality="${opts.quality}" data-seed="7"`;
srv.routes['/after.html'] = plainPage('<p>text</p>', attrs(), '/a/mirofish.js');
srv.routes['/before.html'] = plainPage('<p>text</p>', attrs(), '/b/mirofish.js');
const browser = await launch();
const results = { after: [], before: [] };
try {
  for (let r = 0; r < opts.rounds; r++) {
    for (const which of r % 2 ? ['before', 'after'] : ['after', 'before']) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      await page.goto(`${srv.base}/${which}.html`);
      await page.evaluate(async () => {
        const s = await window.MiroFish.ready;
        while (s.stats().frames < 20) await new Promise((res) => setTimeout(res, 100));
      });
      await page.waitForTimeout(1500);
      const f0 = await page.evaluate(() => window.MiroFish.current.stats().frames);
      const t0 = treeTicks();
      await page.waitForTimeout(opts.seconds * 1000);
      const t1 = treeTicks();
      const st = await page.evaluate(() => {
        const s = window.MiroFish.current.stats();
        return { frames: s.frames, level: s.quality.level, reason: s.quality.reason, thread: s.thread };
      });
      const ms = ((t1 - t0) * 1000) / TCK / (st.frames - f0);
      results[which].push(ms);
      console.log(
        `round ${r + 1} ${which}: ${ms.toFixed(1)} ms CPU a frame, ${((st.frames - f0) / opts.seconds).toFixed(1)} fps, level ${st.level} (${st.thread})`,
      );
      await page.close();
    }
  }
} finally {
  await browser.close();
  await srv.close();
}
const a = median(results.after);
const b = median(results.before);
console.log(
  `median CPU a frame, ${opts.fish} fish at quality=${opts.quality}: after ${a.toFixed(1)} ms, before ${b.toFixed(1)} ms, after/before ${(a / b).toFixed(3)}`,
);
