// The page's steady step, bundle against bundle: two or more builds of dist/mirofish.js take turns, each
// round in a fresh page, so a shared VM's drift falls on all of them alike. Per round and bundle: a school of FISH at
// the bench's constant density formed for 1 800 steps in its Worker, then the median (and the minimum) of 15 timed
// batches, as frame_bench.mjs --steps-only times one. With --profile the school runs on the page's main thread under
// the DevTools sampling profiler instead, and each round prints the top functions' self time in ns a fish-step
// (wasm functions by index: the bundle keeps no names); that split is steadier than the step's wall clock.
//   node bench/browser/step_ab.mjs [--rounds R] [--fish N] [--profile] BUNDLE_A BUNDLE_B ...
import fs from 'node:fs';
import path from 'node:path';
import { launch, serve, stepOptions, worldFor } from './lib.mjs';

const args = process.argv.slice(2);
const opts = { rounds: 4, fish: 10000, profile: false, bundles: [] };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') opts.rounds = Number(args[++i]);
  else if (args[i] === '--fish') opts.fish = Number(args[++i]);
  else if (args[i] === '--profile') opts.profile = true;
  else opts.bundles.push(path.resolve(args[i]));
}
if (!opts.bundles.length || !opts.bundles.every((b) => fs.existsSync(b)) || !(opts.rounds > 0) || !(opts.fish > 0)) {
  console.error('usage: node bench/browser/step_ab.mjs [--rounds R] [--fish N] [--profile] BUNDLE ...');
  process.exit(2);
}

const server = await serve(); // /dist/mirofish.js: the bundle of this round
const base = server.base;
const browser = await launch();
const world = worldFor(opts.fish);
const batch = opts.fish >= 50000 ? 5 : 20;

async function timedRound(page) {
  return page.evaluate(
    async ([options, k]) => {
      const s = await window.MiroFish.mount(null, options);
      await s.step(1800 - 15 * k);
      const t = [];
      for (let i = 0; i < 15; i++) {
        const a = performance.now();
        await s.step(k);
        t.push((performance.now() - a) / k);
      }
      s.destroy();
      t.sort((x, y) => x - y);
      return { median: t[7], min: t[0] };
    },
    [stepOptions(opts.fish, 'worker'), batch],
  );
}

async function profiledRound(context, page) {
  await page.evaluate(
    async (options) => {
      window.benchSchool = await window.MiroFish.mount(null, options);
      await window.benchSchool.step(1800);
    },
    stepOptions(opts.fish, 'main'),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const steps = 300;
  await page.evaluate(
    async ([steps, k]) => {
      for (let i = 0; i < steps / k; i++) await window.benchSchool.step(k);
    },
    [steps, batch],
  );
  const { profile } = await cdp.send('Profiler.stop');
  const name = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName || '(anonymous)']));
  const us = new Map(); // self time a function: each sample's time is the delta to the next
  for (let i = 0; i + 1 < profile.samples.length; i++) {
    const f = name.get(profile.samples[i]);
    us.set(f, (us.get(f) || 0) + profile.timeDeltas[i + 1]);
  }
  return [...us]
    .filter(([f]) => f !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([f, t]) => `${f}=${((t * 1000) / (opts.fish * steps)).toFixed(1)}`)
    .join(' ');
}

const medians = new Map(opts.bundles.map((b) => [b, []]));
try {
  for (let r = 0; r < opts.rounds; r++) {
    for (const bundle of opts.bundles) {
      server.routes['/dist/mirofish.js'] = bundle;
      const context = await browser.newContext({ viewport: { width: 400, height: 300 } });
      const page = await context.newPage();
      await page.goto(base + '/bench.html');
      if (opts.profile) {
        console.log(`round ${r + 1} ${bundle}: ns a fish-step ${await profiledRound(context, page)}`);
      } else {
        const t = await timedRound(page);
        medians.get(bundle).push(t.median);
        console.log(`round ${r + 1} ${bundle}: median ${t.median.toFixed(3)} ms a step, min ${t.min.toFixed(3)}`);
      }
      await context.close();
    }
  }
  if (!opts.profile) {
    console.log(`${opts.fish} fish, ${world.width}x${world.height}, after 1 800 steps, the Worker path:`);
    for (const [bundle, m] of medians) {
      m.sort((x, y) => x - y);
      console.log(
        `${bundle}: medians ${m.map((x) => x.toFixed(3)).join(' ')}; ` +
          `their median ${m[m.length >> 1].toFixed(3)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}
