// The frame budget's ladder (quality.js): its levels from best to cheapest, what a frame would cost on another
// level, a level's place on a new ladder, the best level a cost leaves room for, and each level in words.

// Per-frame cost of the fish detail levels relative to the full koi (1 000 fish in SwiftShader: 69 / 85 / 93 ms).
const DETAIL_COST = [0.74, 0.91, 1];

// Levels from best to cheapest: canvas resolution first, then cheap fish, then frame rate.
/**
 * @typedef {{dpr: number, detail: number, fps: number}} Level detail: 2 full koi, 1 a cheap back tier, 0 all cheap
 * @param {number} deviceDpr @param {number} maxFps @returns {Level[]}
 */
export function qualityLevels(deviceDpr, maxFps) {
  const res = [deviceDpr];
  for (const r of [1.5, 1, 0.75, 0.5]) if (r < res[res.length - 1] - 1e-3) res.push(r);
  const levels = res.map((dpr) => ({ dpr, detail: 2, fps: maxFps }));
  const low = res[res.length - 1];
  levels.push({ dpr: low, detail: 1, fps: maxFps }, { dpr: low, detail: 0, fps: maxFps });
  for (const fps of [30, 20]) if (fps < maxFps) levels.push({ dpr: low, detail: 0, fps });
  return levels;
}

// What a frame costing `cost` at level `from` would cost at level `to`: pixels grow with dpr squared, the detail by
// DETAIL_COST; a higher frame rate costs the same per frame.
/** @param {number} cost @param {Level} from @param {Level} to */
export function predictCost(cost, from, to) {
  return (cost * (to.dpr / from.dpr) ** 2 * DETAIL_COST[to.detail]) / DETAIL_COST[from.detail];
}

// The level of a new ladder at `before`'s place in the old one: the same detail and frame rate, the nearest resolution
// (at most the device's).
/** @param {Level[]} levels @param {Level} before @param {number} deviceDpr */
export function samePlace(levels, before, deviceDpr) {
  let best = 0;
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i];
    if (l.detail === before.detail && l.fps === before.fps && l.dpr >= Math.min(before.dpr, deviceDpr) - 1e-3) best = i;
  }
  return best;
}

// The best level, climbing from `from` (the lowest it returns), at which a frame costing `cost` at level `here` would
// cost under `limit`.
/** @param {Level[]} levels @param {Level} here @param {number} cost @param {number} limit @param {number} from */
export function bestUnder(levels, here, cost, limit, from) {
  let to = from;
  for (let i = levels.length - 1; i >= 0; i--) {
    if (predictCost(cost, here, levels[i]) >= limit) break;
    to = i;
  }
  return to;
}

/** @param {Level} l */
export function describeLevel(l) {
  return (
    'dpr ' +
    +l.dpr.toFixed(2) +
    ', ' +
    ['cheap fish', 'cheap back tier', 'full koi'][l.detail] +
    ', ' +
    Math.round(l.fps) +
    ' fps'
  );
}
