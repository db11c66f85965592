// school.trajectory(steps, every): the bytes `mirofish run --trajectory` writes, from the school's hash at step 0, on a
// second school (the one on screen keeps its state), and a Promise that rejects with a RangeError for a
// request over the limits.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

// 64-bit FNV-1a over bytes: School::stateHash() over the same x, y, vx, vy bytes.
function fnv1a(bytes) {
  let hash = 0xcbf29ce484222325n;
  for (const b of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(b)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

describe('school.trajectory()', () => {
  const env = h.serverAndBrowser();

  it('equals the CLI file byte for byte, without disturbing the school on screen', async (t) => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=60&seed=5&w=1200&h=800&wcoh=1.1');
    const r = await page.evaluate(() => window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
      await school.step(100);  // the visible school is somewhere else: the trajectory still starts at step 0
      const before = { hash: await school.stateHash(), steps: school.stats().steps };
      const tr = await school.trajectory(300, 20);
      const after = { hash: await school.stateHash(), steps: school.stats().steps };
      return { before, after, link: school.hash(), meta: tr.meta, length: tr.data.length,
        isF32: tr.data instanceof Float32Array, bytes: Array.from(new Uint8Array(tr.data.buffer)) };
    }));
    assert.equal(r.before.steps, 100);
    assert.deepEqual(r.after, r.before, 'the school on screen kept its state and step count');
    assert.ok(r.isF32);
    assert.equal(r.meta.frames, 16);
    assert.equal(r.meta.fish, 60);
    assert.equal(r.meta.every, 20);
    assert.equal(r.meta.steps, 300);
    assert.equal(r.meta.startStep, 0);
    assert.equal(r.meta.hash, r.link);
    assert.equal(r.length, 16 * 60 * 4);
    assert.notDeepEqual(r.bytes.slice(0, 960), r.bytes.slice(960, 1920), 'frames 0 and 1 differ');
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();

    if (!fs.existsSync(h.CLI)) {
      t.skip(`native CLI missing at ${h.CLI}: not compared with mirofish run --trajectory`);
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-trajectory-'));
    try {
      const file = path.join(dir, 't.f32');
      const out = execFileSync(h.CLI, ['run', '--hash', r.link, '--steps', '300', '--every', '20', '--trajectory', file],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const cliBytes = fs.readFileSync(file);
      assert.equal(cliBytes.length, r.bytes.length);
      assert.ok(cliBytes.equals(Buffer.from(r.bytes)), 'the browser frames are the CLI file, bit for bit');
      assert.deepEqual(r.meta, JSON.parse(fs.readFileSync(file + '.json', 'utf8')), 'the same side-car');
      // The last frame (step 300) hashes to the CLI run's state hash.
      const last = Buffer.from(r.bytes.slice(15 * 960));
      assert.equal(fnv1a(last), out.match(/^state-hash ([0-9a-f]{16})$/m)[1]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects with a RangeError for bad arguments or over 256 MB, before stepping; null after destroy()', async () => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const consoleLog = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/manual.html#n=100&seed=2');
    const r = await page.evaluate(() => window.MiroFish.mount(undefined, { paused: true }).then(async (school) => {
      // trajectory() returns a Promise on both paths: a bad request rejects (it never throws synchronously).
      const errorOf = async (f) => {
        const t0 = performance.now();
        let p;
        try {
          p = f();
        } catch (e) {
          return { name: 'sync throw: ' + e.name, message: e.message, ms: performance.now() - t0 };
        }
        if (!p || typeof p.then !== 'function') return { name: 'not a promise', message: String(p), ms: 0 };
        try {
          await p;
          return null;
        } catch (e) {
          return { name: e.name, message: e.message, ms: performance.now() - t0 };
        }
      };
      const out = {
        huge: await errorOf(() => school.trajectory(216000, 1)),  // 216001 frames x 100 fish x 16 bytes: ~330 MB
        tooLong: await errorOf(() => school.trajectory(216001, 1000)),
        negative: await errorOf(() => school.trajectory(-1)),
        fraction: await errorOf(() => school.trajectory(10.5)),
        zeroEvery: await errorOf(() => school.trajectory(10, 0)),
        text: await errorOf(() => school.trajectory('10')),
        defaultEvery: (await school.trajectory(3)).meta.frames,
        zeroSteps: (await school.trajectory(0, 5)).data.length,
        steps: school.stats().steps,
      };
      school.destroy();
      out.destroyed = await school.trajectory(10, 1);
      return out;
    }));
    assert.equal(r.huge.name, 'RangeError');
    assert.match(r.huge.message, /256 MB/);
    assert.ok(r.huge.ms < 1000, `refused before stepping (${r.huge.ms.toFixed(1)} ms)`);
    for (const k of ['tooLong', 'negative', 'fraction', 'zeroEvery', 'text']) {
      assert.equal(r[k] && r[k].name, 'RangeError', k);
      assert.match(r[k].message, /^trajectory\(/, k);
    }
    assert.equal(r.defaultEvery, 4, 'every defaults to 1: steps 0..3');
    assert.equal(r.zeroSteps, 100 * 4, 'steps 0: the start frame only');
    assert.equal(r.steps, 0, 'the school on screen never stepped');
    assert.equal(r.destroyed, null);
    assert.deepEqual(consoleLog.errors(), []);
    await page.close();
  });
});
