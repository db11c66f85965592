// The engine's school (web/engine: attach.js, school.js and its parts, commands.js) in node over a fake pond
// (support/fake_pond.mjs), as the channel's tests run over a fake Worker: what a mount, the host's messages and calls
// make it do and say. The loop runs on node's timers; the tests wait in whole frames and assert what a slow machine
// keeps (frames or none, steps or none), never how many.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fakeModule } from './support/fake_pond.mjs';
import './support/register.mjs';

const { attachEngineSchool } = await import('../../web/engine/attach.js');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const CTX = { progress() {}, transfer() {}, signal: { aborted: false } };

// A school mounted as the host mounts one: `options` from the page, `steps` to seek at the start.
function mount({ options = {}, steps = 0, flags = {} } = {}) {
  const { M, canvas, table, pond } = fakeModule();
  const sent = [];
  const init = {
    t: 'mount',
    id: 1,
    canvas,
    options,
    ours: '',
    steps,
    from: null,
    box: { width: 800, height: 600 },
    flags,
    once: false,
    view: { cssWidth: 800, cssHeight: 600, devicePixels: null, dpr: 1 },
    antialias: false,
  };
  const made = attachEngineSchool(M, init, M.specialHTMLTargets).start(table, { send: (msg) => sent.push(msg) });
  const call = (msg) => made.handle({ id: 1, ...msg }, CTX);
  const warnings = () => sent.filter((m) => m.t === 'warn').map((m) => m.text);
  const lastSnap = () => sent.filter((m) => m.t === 'snap').pop();
  return { made, sent, call, warnings, lastSnap, pond: pond(), canvas };
}

describe("the engine's school over a fake pond", () => {
  it('mounts: its options set (an unknown one named), its seek taken, its canvas sized, frames drawn', async () => {
    const s = mount({ options: { fish: 120, bogus: 1 }, steps: 300 });
    assert.match(s.warnings()[0], /^unknown option "bogus" ignored/);
    await wait(400);
    assert.ok(s.pond.steps >= 300, `the seek's 300 steps taken: ${s.pond.steps}`);
    assert.ok(s.pond.renders > 0, 'frames drawn');
    assert.deepEqual([s.canvas.width, s.canvas.height], [800, 600], 'the backing store at the view and its DPR');
    const snap = s.lastSnap();
    assert.equal(snap.stats.fish, 120);
    assert.equal(snap.stats.renderer, 'FakeGL');
    s.made.destroy();
  });

  it("answers calls after a snapshot of that moment; set()'s warnings once a cause", async () => {
    const s = mount();
    assert.equal(await s.call({ t: 'set', name: 'fish', value: 950 }), 950);
    assert.equal(s.lastSnap().stats.fish, 950, 'the snapshot before the answer has the new count');
    assert.equal(await s.call({ t: 'set', name: 'nope', value: 1 }), undefined);
    await s.call({ t: 'set', name: 'fish', value: 960 }); // the same cause again: no second sanity warning
    assert.deepEqual(s.warnings(), [
      'set("fish", 950): more fish than the page asked',
      'a fish outruns its radius',
      'unknown option "nope" ignored',
      'set("fish", 960): more fish than the page asked',
    ]);
    s.call({ t: 'flags', flags: { paused: true } });
    const before = s.pond.steps;
    assert.equal(await s.call({ t: 'step', n: 100 }), 100);
    assert.equal(s.pond.steps, before + 100, 'step(100) takes 100 steps');
    assert.equal(await s.call({ t: 'stateHash' }), 'state-' + s.pond.steps);
    assert.deepEqual(Array.from(await s.call({ t: 'carry' })), [s.pond.steps & 255, 2, 3], 'the snapshot, a copy');
    s.call({ t: 'hash', ours: 'w=5&bad' });
    assert.equal(s.warnings().pop(), 'the hash key bad is not ours');
    s.made.destroy();
  });

  it('paused or hidden: no frame and no step; resumed: frames again; destroyed: nothing more said', async () => {
    const s = mount();
    await wait(200);
    for (const flags of [{ paused: true }, { paused: false, hidden: true }]) {
      s.call({ t: 'flags', flags });
      await wait(100); // a frame already asked for may still come
      const [steps, renders] = [s.pond.steps, s.pond.renders];
      await wait(400);
      assert.deepEqual([s.pond.steps, s.pond.renders], [steps, renders], `no work while ${Object.keys(flags).pop()}`);
    }
    assert.equal(s.lastSnap().stats.state, 'hidden');
    s.call({ t: 'flags', flags: { hidden: false } });
    const renders = s.pond.renders;
    await wait(400);
    assert.ok(s.pond.renders > renders, 'frames again');
    s.made.destroy();
    const said = s.sent.length;
    await wait(400);
    assert.equal(s.sent.length, said, 'a destroyed school says nothing more');
  });
});
