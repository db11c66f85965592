// The frame budget under the machine's CPU pressure (pressure.js observes it, quality.js pressed() applies it):
// 'serious' steps down one level from where it found the school, never under the pressure line, 'critical' to the
// lowest, each held while it lasts (no step up, but under 'serious' to the pressure line); 'fair' and 'nominal' end
// it. Where the GPU is the CPU (software GL), the school's own frames are the pressure: what it costs the machine is
// then traded against frames once, by the pressure line, rather than by falling to the lowest rate that any climb
// brings pressure back from.

/** @typedef {'nominal' | 'fair' | 'serious' | 'critical'} PressureState */

export const PRESSURE_WATCH = 6; // pressure within this many windows (~3 s) of a step up is that step's cost
const PRESSURE_LINE_FPS = 30; // 'serious' CPU pressure never takes the rate under this (pressureLine())

/** @param {PressureState | ''} state @returns {boolean} whether it holds the budget */
export function underPressure(state) {
  return state === 'serious' || state === 'critical';
}

// The pressure line: the best level at PRESSURE_LINE_FPS (or the page's maxFps, when lower), the lowest resolution
// and the cheap fish. A machine under 'serious' pressure keeps it where its frames come (a smooth school); only
// 'critical' pressure, or frames that do not come, take the school under it.
/** @param {import('./quality_ladder.js').Level[]} levels */
export function pressureLine(levels) {
  const fps = Math.min(PRESSURE_LINE_FPS, levels[0].fps);
  let i = levels.length - 1;
  while (i > 0 && levels[i].fps < fps - 1e-3) i--;
  return i;
}

// The level pressure `state` (serious or critical) takes the school to from `level`; `from` is where the pressure
// found it.
/**
 * @param {PressureState} state @param {number} level @param {number} from
 * @param {import('./quality_ladder.js').Level[]} levels
 */
export function pressureLevel(state, level, from, levels) {
  return state === 'critical' ? levels.length - 1 : Math.max(level, Math.min(pressureLine(levels), from + 1));
}
