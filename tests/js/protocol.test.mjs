// The one rule for a school's state (web/core/protocol.js schoolState), as both sides use it: the page's own facts
// first (a failure, its pause, its visibility), then what only the engine knows, in the documented precedence
// failed > paused > hidden > lost > reduced-motion > empty > idle > running.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/register.mjs';

const { schoolState } = await import('../../web/core/protocol.js');

const cfg = { reducedMotion: 1, fish: 200, water: 0 };
const ORDER = [
  ['failed', {}],
  ['paused', { paused: true }],
  ['hidden', { hidden: true }],
  ['lost', { lost: true }],
  ['reduced-motion', { reduced: true }],
  ['empty', {}],
  ['idle', { away: true }],
];

test('each state wins over every state after it', () => {
  for (let k = 0; k < ORDER.length; k++) {
    const flags = {};
    for (const [, f] of ORDER.slice(k)) Object.assign(flags, f);
    const empty = ORDER.slice(k).some(([s]) => s === 'empty');
    const c = empty ? { ...cfg, fish: 0 } : cfg;
    const decided = ORDER[k][0] === 'failed' ? 'failed' : undefined;
    assert.equal(schoolState(flags, c, decided), ORDER[k][0], JSON.stringify(flags));
  }
  assert.equal(schoolState({}, cfg), 'running');
});

test('offscreen is hidden; reduced motion counts only where the school honours it; water alone is not empty', () => {
  assert.equal(schoolState({ offscreen: true }, cfg), 'hidden');
  assert.equal(schoolState({ reduced: true }, { ...cfg, reducedMotion: 0 }), 'running');
  assert.equal(schoolState({}, { ...cfg, fish: 0, water: 1 }), 'running');
});

test("the host's fresher flags override the engine's decided state, but nothing overrides a failure", () => {
  assert.equal(schoolState({ paused: true }, null, 'running'), 'paused', 'a pause shows before the engine hears it');
  assert.equal(schoolState({ hidden: true }, null, 'idle'), 'hidden');
  assert.equal(schoolState({}, null, 'idle'), 'idle', "otherwise the engine's word");
  assert.equal(schoolState({ paused: true, hidden: true }, null, 'failed'), 'failed');
});
