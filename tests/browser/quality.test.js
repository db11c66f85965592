// The frame-budget governor (web/engine/quality.js, an ES module) on its own, with a synthetic clock: the order
// of the levels, hysteresis, the fixed level after flip-flops, the software-GL start, and host stalls left out.
// No browser and no real timing.
'use strict';

const { before, describe, it } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const h = require('./helpers');

// The module as the test bundle builds it (MIROFISH_TEST: the fixed-cost hook is live).
async function loadGovernor() {
  globalThis.MIROFISH_TEST = true;
  const m = await import(pathToFileURL(path.join(h.ROOT, 'web', 'engine', 'quality.js')).href);
  return { createGovernor: () => new m.Governor(), qualityLevels: m.qualityLevels };
}

// Feeds `seconds` of frames at `fps`, each costing `cost` ms; returns the levels it passed through.
function run(g, { fps, cost, seconds, target = 60 }) {
  const seen = [];
  const step = 1000 / fps;
  for (let t = g.__t || 1000; t < (g.__t || 1000) + seconds * 1000; t += step) {
    if (g.sample(t, cost, target)) seen.push(g.level);
  }
  g.__t = (g.__t || 1000) + seconds * 1000;
  return seen;
}

// Auto's start: configured, then its first frames at the lowest resolution, at the full rate, at `cost` ms each.
function measureFirst(g, dpr, cost = 0.1) {
  g.configure('auto', dpr, 60, 6);
  run(g, { fps: 60, cost, seconds: 0.3 });
  return g;
}

describe('quality governor', () => {
  let createGovernor, qualityLevels;
  // A governor under host-stall rule `rule`, measured in at the top (dpr 1, cheap first frames).
  const createGovernorAt = (rule) => {
    const g = createGovernor();
    g.hostStalls = rule;
    return measureFirst(g, 1);
  };
  before(async () => {
    ({ createGovernor, qualityLevels } = await loadGovernor());
  });

  // 20 s of a host that blocks its main thread 200 ms every second: 800 ms of frames at 60 fps, then one frame
  // 200 ms late, whose callback started `lateMs` after the time it was due. Returns the level changes.
  function hostBlocks(g, lateMs) {
    let t = g.__t || 1000;
    const seen = [];
    for (let second = 0; second < 20; second++) {
      for (let f = 0; f < 48; f++) {
        t += 1000 / 60;
        if (g.sample(t, 1, 60, 0)) seen.push(g.level);
      }
      t += 200;
      if (g.sample(t, 1, 60, lateMs)) seen.push(g.level);
    }
    g.__t = t;
    return seen;
  }

  // S-COST-6: a host that blocks its main thread 200 ms every second makes long gaps between cheap frames; the
  // school's own pipeline is fine, so the level holds, where the host's wait can be told ('late': the callback started
  // long after its stamp; 'gap': the old rule where the stamp is the callback's own time).
  it("leaves a host's stalls out on the main thread: a 200 ms task every second never steps down", () => {
    for (const rule of ['late', 'gap']) {
      const g = createGovernor();
      g.hostStalls = rule;
      measureFirst(g, 1);
      assert.deepEqual(hostBlocks(g, 190), [], rule + ': no level change for host stalls');
      assert.equal(g.level, 0);
      assert.ok(g.stats().stalls >= 19, rule + ': each stall is counted: ' + g.stats().stalls);
    }
  });

  // Issue 38: a fill-bound pipeline (a slow GPU or compositor) holds every frame back; the engine's own submit stays
  // cheap. In a Worker (or on the main thread when the callbacks start on time) that is the school's cost: counted.
  it('counts late frames that the host did not cause: a fill-bound pipeline steps down, naming the frame rate', () => {
    for (const [rule, lateMs] of [
      ['none', 0],
      ['late', 0],
    ]) {
      const g = createGovernor();
      g.hostStalls = rule;
      measureFirst(g, 1);
      assert.equal(g.level, 0, rule + ': cheap first frames start at the top');
      // 19 fps, each frame's submit 0.3 ms: what the issue measured (1 000 fish, 1600x900, SwiftShader)
      // the window after the start pays for the change; then two slow windows
      const seen = run(g, { fps: 19, cost: 0.3, seconds: 1.7 });
      assert.deepEqual(seen, [1], rule + ': left the top level within 1.5 s');
      assert.match(g.reason, /^19\.0 fps delivered, below 80 % of 60: stepped down to dpr 0\.75/);
      assert.equal(g.stats().stalls, 0, rule + ': nothing left out');
      // The same frames where the host was busy in each gap ('late' only): left out, no step.
      if (rule === 'late') {
        const h2 = createGovernor();
        h2.hostStalls = 'late';
        measureFirst(h2, 1);
        let t = h2.__t,
          changes = 0;
        for (let f = 0; f < 40; f++) changes += h2.sample((t += 1000 / 19), 0.3, 60, 1000 / 19 - 1000 / 60) ? 1 : 0;
        assert.equal(changes, 0, "late callbacks: the host's wait");
      }
      assert.deepEqual(
        hostBlocks(createGovernorAt(rule), 0).slice(0, 1),
        [1],
        rule + ': 200 ms gaps the host did not cause are counted',
      );
    }
    // Today's rule where the stamp says nothing ('gap'): the same fill-bound frames look like host stalls. It stays on
    // the main thread of browsers without the 'late' stamps only (Firefox, WebKit), whose Workers count every frame.
    const old = createGovernorAt('gap');
    assert.deepEqual(run(old, { fps: 19, cost: 0.3, seconds: 10 }), [], 'gap: hidden, as before');
  });

  // Issue 38: at rest (idleFps) the frames are cheap for the full rate's level; climbing on them would spend at 30 fps
  // what the rest saved. The level holds until the full rate is back, and may still step down.
  it('holds its level while idle: no step up on idle frames, a step down still', () => {
    const g = createGovernorAt('none');
    run(g, { fps: 60, cost: 12, seconds: 2 });
    const level = g.level;
    assert.ok(level >= 2, 'stepped down first: ' + level);
    let t = g.__t,
      changes = 0;
    for (let f = 0; f < 300; f++) changes += g.sample((t += 1000 / 30), 0.3, 30, 0, false) ? 1 : 0;
    g.__t = t;
    assert.equal(changes, 0, 'no step up in 10 s of cheap idle frames');
    assert.equal(g.level, level);
    for (let f = 0; f < 60; f++) changes += g.sample((t += 1000 / 30), 12, 30, 0, false) ? 1 : 0;
    g.__t = t;
    assert.ok(g.level > level, 'over budget at rest: stepped down');
    assert.ok(run(g, { fps: 60, cost: 0.3, seconds: 10 }).length > 0, 'back at the full rate: it climbs');
  });

  // A level that cannot hold 80 % of its rate for ~1 s is left (never the lowest); one slow window is not enough.
  it('leaves a level after two slow windows in a row, not after one', () => {
    const g = createGovernorAt('none');
    assert.deepEqual(run(g, { fps: 30, cost: 0.3, seconds: 0.55 }), [], 'one slow window: held');
    assert.deepEqual(run(g, { fps: 60, cost: 0.3, seconds: 0.55 }), []);
    assert.deepEqual(run(g, { fps: 30, cost: 0.3, seconds: 0.55 }), [], 'one slow window again: held');
    assert.deepEqual(run(g, { fps: 30, cost: 0.3, seconds: 0.55 }), [1], 'two in a row: left');
  });

  it('orders the levels: resolution down to 1 and below, then cheap fish, then frame rate', () => {
    const plain = (v) => JSON.parse(JSON.stringify(v)); // arrays from the vm context have another prototype
    const levels = plain(qualityLevels(2, 60).map((l) => [l.dpr, l.detail, l.fps]));
    assert.deepEqual(levels, [
      [2, 2, 60],
      [1.5, 2, 60],
      [1, 2, 60],
      [0.75, 2, 60],
      [0.5, 2, 60],
      [0.5, 1, 60],
      [0.5, 0, 60],
      [0.5, 0, 30],
      [0.5, 0, 20],
    ]);
    assert.deepEqual(plain(qualityLevels(1, 60).map((l) => l.dpr)), [1, 0.75, 0.5, 0.5, 0.5, 0.5, 0.5]);
    assert.deepEqual(
      plain(
        qualityLevels(1, 24)
          .map((l) => l.fps)
          .slice(-2),
      ),
      [24, 20],
      'no level above maxFps',
    );
  });

  it('steps down one level per window while over budget or missing frames, never below the last', () => {
    const g = createGovernor();
    measureFirst(g, 2);
    assert.equal(g.level, 0);
    const down = run(g, { fps: 60, cost: 12, seconds: 20 });
    assert.deepEqual(down, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.match(g.reason, /over budget/);
    const g2 = createGovernor();
    measureFirst(g2, 1);
    assert.deepEqual(run(g2, { fps: 20, cost: 1, seconds: 3 }).slice(0, 1), [1], '20 fps of 60: frames are missed');
  });

  it('steps back up only after several windows of headroom (hysteresis), and holds in between', () => {
    const g = createGovernor();
    measureFirst(g, 1, 5);
    assert.equal(g.level, g.levels.length - 1, 'first frames of 5 ms leave no room above the lowest level');
    assert.match(
      g.reason,
      /^measured 5\.0 ms a frame, 60 fps delivered at the lowest resolution: started at dpr 0\.5, cheap fish, 20 fps$/,
    );
    // Cost between the two bounds (4.5..6 ms for the level above, which costs the same per frame): no change.
    assert.deepEqual(run(g, { fps: 60, cost: 5, seconds: 10 }), []);
    // Headroom: one level up every few windows, back to the top.
    const up = run(g, { fps: 60, cost: 0.5, seconds: 30 });
    assert.deepEqual(up, [5, 4, 3, 2, 1, 0]);
    // A single slow window is answered at once (one level), not after several.
    g.reset();
    assert.deepEqual(run(g, { fps: 60, cost: 9, seconds: 0.6 }), [1]);
  });

  it('settles on a fixed level after step-ups that did not hold (flip-flops)', () => {
    const g = createGovernor();
    measureFirst(g, 1);
    run(g, { fps: 60, cost: 12, seconds: 3 }); // down to level 3 or so
    g.reset(); // the window under way, with its dear frames, is not the flip-flop's
    const start = g.level;
    let changes = 0;
    // The page can hold level `start` but not the one above: every step up is followed by a step down. A failed
    // level is barred for 20 windows (~10 s), so three flips take about half a minute of frames.
    for (let i = 0; i < 160; i++) {
      const cost = g.level < start ? 12 : 0.5;
      changes += run(g, { fps: 60, cost, seconds: 0.5 }).length;
    }
    assert.ok(changes <= 2 * 3 + 1, `a handful of flips, then no more (${changes} changes)`);
    assert.equal(g.level, start);
    assert.equal(g.flips, 3);
    assert.match(g.reason, /did not hold/);
  });

  // A minute of load (a build on the machine) makes the level above fail three times; once the machine is free again,
  // the page must not stay capped for good: the hold ends after ~2 min and the level above is tried again. A device
  // that really cannot hold it is held again, each time twice as long, so retries stay rare.
  it('a held level is tried again after its hold (~2 min, then twice as long each time)', () => {
    const flipFlop = (g, start, windows) => {
      let changes = 0;
      for (let i = 0; i < windows; i++)
        changes += run(g, { fps: 60, cost: g.level < start ? 12 : 0.5, seconds: 0.5 }).length;
      return changes;
    };
    const g = createGovernor();
    measureFirst(g, 1);
    run(g, { fps: 60, cost: 12, seconds: 3 });
    const start = g.level;
    flipFlop(g, start, 160);
    assert.equal(g.flips, 3, 'held');
    // The machine is free again: every level is cheap. Within the hold nothing moves; after it, the page climbs.
    assert.deepEqual(run(g, { fps: 60, cost: 0.5, seconds: 60 }), [], 'still held a minute later');
    run(g, { fps: 60, cost: 0.5, seconds: 120 });
    assert.equal(g.level, 0, `back at the top level after the hold (${g.reason})`);
    // A device that cannot hold the level above: 10 minutes of flip-flops cost a few retries, not one every 10 s.
    const h2 = createGovernor();
    measureFirst(h2, 1);
    run(h2, { fps: 60, cost: 12, seconds: 3 });
    const low = h2.level;
    const changes = flipFlop(h2, low, 1200);
    assert.ok(changes <= 3 * (2 * 3 + 1), `few changes in 10 minutes (${changes})`);
    assert.ok(h2.holds >= 1 && h2.holds <= 3, `holds ${h2.holds}`);
  });

  it('recognises software rasterizers by their renderer strings', async () => {
    const ctx = await import(pathToFileURL(path.join(h.ROOT, 'web', 'engine', 'gl_probe.js')).href);
    for (const r of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'softpipe',
      'Mesa OffScreen Software Rasterizer',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      assert.equal(ctx.SOFTWARE_GL.test(r), true, r);
    }
    for (const r of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Apple M2',
      'Mali-G78',
      'Adreno (TM) 740',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    ]) {
      assert.equal(ctx.SOFTWARE_GL.test(r), false, r);
    }
    // Chromium's generic RENDERER: the unmasked string is asked for; Firefox's real one is taken as it is.
    const fakeGl = (renderer, unmasked) => ({
      RENDERER: 1,
      getParameter: (p) => (p === 1 ? renderer : unmasked),
      getExtension: (name) =>
        name === 'WEBGL_debug_renderer_info' && unmasked ? { UNMASKED_RENDERER_WEBGL: 2 } : null,
    });
    assert.equal(ctx.probeRenderer(fakeGl('WebKit WebGL', 'llvmpipe')), 'llvmpipe');
    assert.equal(ctx.probeRenderer(fakeGl('Mali-G78', null)), 'Mali-G78');
    assert.equal(ctx.probeRenderer(null), '');
  });

  // Issue 29: no renderer string decides the start (WebKit calls llvmpipe "Apple GPU"): auto starts at the lowest
  // level, and its first frames there, timed to the end of their drawing, say where it goes.
  it('starts where its first frames say: cheap at the top, dear at the bottom, in between by the prediction', () => {
    const g = createGovernor();
    g.configure('auto', 2, 60, 6);
    assert.equal(g.level, g.levels.length - 1);
    assert.match(g.reason, /measuring/);
    assert.deepEqual(run(g, { fps: 60, cost: 0.1, seconds: 0.3 }), [0], 'cheap frames: the top level at once');
    assert.match(
      g.reason,
      /^measured 0\.1 ms a frame, 60 fps delivered at the lowest resolution: started at dpr 2, full koi, 60 fps$/,
    );
    // 1 ms at dpr 0.5 with cheap fish: x4 pixels at dpr 1 and x1.35 for full koi = 5.4 ms, over the 4.5 ms room;
    // dpr 0.75 full koi: 3.04 ms fits.
    const mid = measureFirst(createGovernor(), 2, 1);
    assert.deepEqual([mid.current().dpr, mid.current().detail, mid.current().fps], [0.75, 2, 60]);
    const dear = measureFirst(createGovernor(), 2, 30);
    assert.equal(dear.level, dear.levels.length - 1);
    // First frames that reach the screen late, at the lowest resolution and the full rate, leave it at the lowest
    // level, however cheap their submit: the pipeline does not keep up (issue 38: gl.finish() said 0.3 ms).
    const late = createGovernor();
    late.configure('auto', 2, 60, 6);
    assert.deepEqual(run(late, { fps: 30, cost: 0.1, seconds: 0.6 }), []);
    assert.equal(late.level, late.levels.length - 1);
    assert.match(
      late.reason,
      /^measured 0\.1 ms a frame, 30 fps delivered at the lowest resolution, 8 of 8 late for 60: started at dpr 0\.5, cheap fish, 20 fps$/,
    );
  });

  it('keeps high and low fixed, whatever the frames cost', () => {
    const g = createGovernor();
    g.configure('high', 2, 60, 6);
    assert.equal(g.level, 0);
    assert.deepEqual(run(g, { fps: 5, cost: 40, seconds: 5 }), []);
    g.configure('low', 2, 60, 6);
    assert.equal(g.level, g.levels.length - 1);
    assert.deepEqual(run(g, { fps: 60, cost: 0.1, seconds: 5 }), []);
  });
});
