// The rate the frame loop aims for (web/engine/loop.js targetFps), as docs/options.md tells it: a reader (the pointer
// away or resting) gets idleFps, at most half the running rate; an idleFps set at or above that keeps the full rate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { Loop } = await import('../../web/engine/loop.js');

// A school as the loop reads it for its rate: the page's settings, the budget level's rate, the visitor away or not.
function loop({ maxFps = 60, idleFps = 20, levelFps = 60, away = true }) {
  const school = {
    cfg: { maxFps, idleFps, fish: 200, water: 0, reducedMotion: 1 },
    flags: { paused: false, hidden: false, offscreen: false, lost: false, reduced: false, away },
    life: { destroyed: false, failed: null, started: true },
    levelFps: () => levelFps,
    pond: { step() {} },
  };
  return new Loop(/** @type {any} */ (school));
}

test("a reader gets idleFps, at most half the running rate: the budget's level, or the page's maxFps", () => {
  assert.equal(loop({ idleFps: 20, levelFps: 60 }).targetFps(), 20);
  assert.equal(loop({ idleFps: 20, levelFps: 30 }).targetFps(), 15, 'at a 30 fps level: half of it');
  assert.equal(loop({ idleFps: 40, levelFps: 60 }).targetFps(), 30);
  assert.equal(loop({ idleFps: 20, maxFps: 24, levelFps: 60 }).targetFps(), 12, 'under maxFps 24: half of 24');
});

test('an idleFps at or above the running rate keeps the full rate at rest, and the budget may climb', () => {
  for (const [idleFps, levelFps] of [
    [60, 60],
    [30, 30],
    [60, 30],
  ]) {
    const l = loop({ idleFps, levelFps });
    assert.equal(l.targetFps(), levelFps, `idleFps ${idleFps} at a ${levelFps} fps level`);
    assert.equal(l.climbs(), true);
  }
  assert.equal(loop({ idleFps: 20, levelFps: 60 }).climbs(), false, 'held at idleFps: no climb on its cheap frames');
});

test('a visitor who moves gets the running rate, whatever idleFps says', () => {
  assert.equal(loop({ idleFps: 1, levelFps: 30, away: false }).targetFps(), 30);
  assert.equal(loop({ idleFps: 1, maxFps: 45, levelFps: 60, away: false }).targetFps(), 45);
});
