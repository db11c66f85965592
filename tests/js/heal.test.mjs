// The host's answers for a failed engine (web/host/heal.js): each call's failure value, and the watchdog that asks a
// silent engine once (a ping after SILENT_MS) and fails it when the ping goes unanswered for PING_MS, running only
// while the school animates where the page can see it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import './support/register.mjs';

const { PING_MS, SILENT_MS, createWatch, failedAnswer } = await import('../../web/host/heal.js');

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  mock.method(performance, 'now', () => Date.now()); // the watchdog's clock, on the mocked timers' time
});
afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
});

// The mocked timers run every callback due within one tick at the tick's end time: time goes on in 1 ms ticks, so that
// each callback reads the clock it would read in a browser.
function advance(ms) {
  for (let i = 0; i < ms; i++) mock.timers.tick(1);
}

// A school as the watchdog reads it: running and visible unless a test says otherwise; its pings counted.
function school(state = 'running') {
  return {
    life: { destroyed: false, failed: null },
    flags: { paused: false, hidden: false, offscreen: false },
    snapshot: { stats: { state } },
    pings: 0,
    ping() {
      this.pings++;
    },
  };
}

test("a failed school's calls answer at once: undefined, and trajectory() rejects with the cause", async () => {
  for (const t of ['set', 'step', 'stateHash', 'form', 'release', 'test']) {
    assert.equal(await failedAnswer(t, 'a trap'), undefined, t);
  }
  await assert.rejects(failedAnswer('trajectory', 'a trap'), { message: 'MiroFish: the engine failed (a trap)' });
});

// A watch on `h` that has just heard the engine, and the causes it fails the school with.
function watching(h) {
  const causes = [];
  const watch = createWatch(h, (cause) => causes.push(cause));
  watch.heard();
  return { causes, watch };
}

test('a silent engine is pinged after SILENT_MS, and failed PING_MS later when the ping goes unanswered', () => {
  const h = school();
  const { causes, watch } = watching(h);
  advance(SILENT_MS - 10);
  assert.equal(h.pings, 0, 'nothing before SILENT_MS of silence');
  advance(10);
  assert.equal(h.pings, 1, 'then one ping');
  advance(PING_MS - 10);
  assert.deepEqual(causes, [], 'the ping has PING_MS to come back');
  advance(10);
  assert.deepEqual(causes, ['no answer from the engine for ' + Math.round((SILENT_MS + PING_MS) / 1000) + ' s']);
  assert.equal(h.pings, 1, 'one ping, never a second');
});

test('an answer (any message) ends the question: silence counts again from it', () => {
  const h = school();
  const { causes, watch } = watching(h);
  advance(SILENT_MS);
  assert.equal(h.pings, 1);
  advance(PING_MS / 2);
  watch.heard(); // the pong
  advance(SILENT_MS - 10);
  assert.equal(h.pings, 1, 'no second ping before SILENT_MS more of silence');
  advance(10 + PING_MS);
  assert.equal(h.pings, 2);
  assert.equal(causes.length, 1, 'failed only once the second ping went unanswered');
});

test('no watchdog while the school is paused, hidden, off screen, still, failed or destroyed', () => {
  const quiet = [
    (h) => (h.flags.paused = true),
    (h) => (h.flags.hidden = true),
    (h) => (h.flags.offscreen = true),
    (h) => (h.snapshot.stats.state = 'paused'),
    (h) => (h.snapshot.stats = null), // no frame yet
    (h) => (h.life.failed = 'a trap'),
    (h) => (h.life.destroyed = true),
  ];
  for (const make of quiet) {
    const h = school();
    make(h);
    const { causes } = watching(h);
    advance(10 * (SILENT_MS + PING_MS));
    assert.equal(h.pings, 0, String(make));
    assert.deepEqual(causes, [], String(make));
  }
  const idle = school('idle'); // the visitor rests: it still animates, at idleFps
  createWatch(idle, () => {}).heard();
  advance(SILENT_MS);
  assert.equal(idle.pings, 1, 'an idle school is watched too');
});

test('stop() ends the watch: a ping already sent goes unjudged', () => {
  const h = school();
  const { causes, watch } = watching(h);
  advance(SILENT_MS);
  watch.stop();
  advance(10 * (SILENT_MS + PING_MS));
  assert.equal(h.pings, 1);
  assert.deepEqual(causes, []);
});
