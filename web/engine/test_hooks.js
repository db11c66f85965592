// The test bundle's hooks (handle._test; the shipped files leave this module out): a fixed frame cost and shorter
// windows for the frame budget, a level callback, a lost context, failures (a wasm trap now or in the next frame's
// step, a throw in the next set()), and the benches' readings. Each is put in from outside the part it tests: the
// budget (quality.js) and the school know nothing of them.
import { giveBack } from './context.js';

/** @type {WeakMap<import('./school.js').EngineSchool, (WebGL2RenderingContext | null)[]>} each school's evict() */
const evicting = new WeakMap();

/**
 * @param {import('./school.js').EngineSchool} s
 * @param {import('../core/protocol.js').TestCall} msg
 */
export function testHook(s, msg) {
  if (msg.fn === 'trap') {
    if (!msg.inFrame) s.M.trap(); // a real `unreachable` in the wasm (bindings.cpp): this command never replies
    s.pond.advance = () => s.M.trap(); // own property over Embind's prototype method: the next frame's step
  } else if (msg.fn === 'throwOnSet') {
    s.pond.set = () => {
      throw new Error('test: set() throws');
    };
  } else if (msg.fn === 'fakeCost') fakeCost(s.forTest().governor, msg.ms, !!msg.on);
  else if (msg.fn === 'holdFrames') s.forTest().loop.holdFrames(typeof msg.ms === 'number' && msg.ms > 0 ? msg.ms : 0);
  else if (msg.fn === 'windows') {
    const { ms, frames, upWindows } = msg; // handle.js's _test.windows() sends all three
    if (ms !== undefined && frames !== undefined && upWindows !== undefined)
      s.forTest().governor.tune(ms, frames, upWindows, msg.holdWindows);
  } else if (msg.fn === 'onLevel') onLevel(s, !!msg.on);
  else if (msg.fn === 'loseContext') return s.forTest().context.loseForTest();
  else if (msg.fn === 'restoreContext') s.forTest().context.restoreForTest();
  else if (msg.fn === 'evict') {
    // contexts of the engine's own thread (a Worker's are apart from the page's)
    const extra = evicting.get(s) || [];
    evicting.set(s, extra);
    for (let k = 0; k < (msg.n || 0); k++) extra.push(new OffscreenCanvas(1, 1).getContext('webgl2'));
  } else if (msg.fn === 'lastWork') {
    // ms the last step(n) or trajectory() spent in its steps, slices summed
    return s.lastWorkMs;
  } else if (msg.fn === 'timeStep') {
    // the step alone: n steps in one go, no slices, no frame (bench/browser)
    const t0 = performance.now();
    s.pond.step(msg.n || 0);
    return performance.now() - t0;
  } else if (msg.fn === 'wasmBytes') {
    // the engine's wasm memory (bench/browser/hour.mjs)
    return s.M.HEAP8.length;
  } else if (msg.fn === 'unevict') {
    for (const gl of evicting.get(s) || []) giveBack(gl);
    evicting.delete(s);
  }
  return true;
}

// Every frame reaches the budget costing `ms` (< 0: the real cost again), between the loop and the budget. Unless
// `judgeFrames`, it also sees the frames come on time, on a clock at the loop's target rate, so that the machine's own
// frame rate (software GL on a busy machine) decides nothing; with it, the frames are judged as they came.
/**
 * @param {import('./quality.js').Governor} g @param {number | undefined} ms @param {boolean} judgeFrames
 */
function fakeCost(g, ms, judgeFrames) {
  const sample = Object.getPrototypeOf(g).sample;
  if (!(typeof ms === 'number' && ms >= 0)) {
    delete (/** @type {*} */ (g).sample);
    return;
  }
  let clock = 0;
  g.sample = (now, costMs, targetFps, hostMs, climb) => {
    if (judgeFrames) return sample.call(g, now, ms, targetFps, hostMs, climb);
    clock = clock > 0 ? clock + 1000 / targetFps : now;
    return sample.call(g, clock, ms, targetFps, 0, climb);
  };
}

// After each level change the school applies, its budget's stats to the page ({t: 'level'}), until turned off.
/** @param {import('./school.js').EngineSchool} s @param {boolean} on */
function onLevel(s, on) {
  const levelChanged = Object.getPrototypeOf(s).levelChanged;
  if (!on) {
    delete (/** @type {*} */ (s).levelChanged);
    return;
  }
  s.levelChanged = () => {
    levelChanged.call(s);
    s.out({ t: 'level', id: s.id, stats: s.budgetStats() });
  };
}
