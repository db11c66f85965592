// The frame budget's ladder (quality.js): its levels from best to cheapest, what a frame would cost on another
// level, and each level in words for the reasons.

// Per-frame cost of the fish detail levels relative to the full koi (1 000 fish in SwiftShader: 69 / 85 / 93 ms).
const DETAIL_COST = [0.74, 0.91, 1];

// Levels from best to cheapest: canvas resolution first, then cheap fish, then frame rate.
/**
 * @typedef {{dpr: number, detail: number, fps: number}} Level detail: 2 full koi, 1 a cheap back layer, 0 all cheap
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

/** @param {Level} l */
export function describeLevel(l) {
  return (
    'dpr ' +
    +l.dpr.toFixed(2) +
    ', ' +
    ['cheap fish', 'cheap back layer', 'full koi'][l.detail] +
    ', ' +
    Math.round(l.fps) +
    ' fps'
  );
}
