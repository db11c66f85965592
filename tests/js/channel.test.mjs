// The kernel's channel (web/core/channel.js, channel_ends.js), both ends, without a browser: over a local port and over
// a Worker that crosses a real MessageChannel. A call and its answer, an error reply of the same kind, progress, an
// abort from either side, events, the start limit, a Worker whose first answer is an error, a Worker that dies, and a
// fatal error from the far end.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { asWorker, FakeWorker } from './support/fake_worker.mjs';
import './support/register.mjs';

const { Channel, WORKER_START_MS } = await import('../../web/core/channel.js');
const { localEnd, openLocal, openWorker, serve } = await import('../../web/core/channel_ends.js');

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// Waits for `cond()`, a task at a time; fails with `what` after 200 tasks (nothing here takes more than a few).
async function until(cond, what) {
  for (let k = 0; k < 200; k++) {
    if (cond()) return;
    await tick();
  }
  assert.fail('never: ' + what);
}

// The far end every test serves: a few calls and one event each way.
function install(end) {
  end.on('add', (msg) => msg.a + msg.b);
  end.on('later', (msg) => new Promise((resolve) => setTimeout(() => resolve(msg.v), 5)));
  end.on('range', () => {
    throw new RangeError('over the limit');
  });
  end.on('local', () => {
    throw Object.assign(new Error('not on this thread'), { local: true });
  });
  end.on('count', async (msg, ctx) => {
    for (let k = 1; k <= msg.n; k++) {
      ctx.progress(k, msg.n);
      await tick();
    }
    return msg.n;
  });
  end.on('wait', (msg, ctx) => {
    end.heard = ctx.signal;
    return new Promise(() => {}); // answered never: the caller aborts it
  });
  end.on('bytes', (msg, ctx) => {
    const data = new Float32Array(msg.n);
    ctx.transfer([data.buffer]);
    return data;
  });
  end.on('poke', (msg) => {
    end.poked = msg.x;
    end.send({ t: 'poked', x: msg.x * 2 });
  });
}

for (const via of ['a local port', 'a Worker']) {
  // Opens the far end `install` serves, and this end; `near.on` may be set before any message comes.
  async function open() {
    if (via === 'a local port') {
      let far = null;
      const near = openLocal(
        localEnd((end) => {
          far = end;
          install(end);
        }),
      );
      return { near, far: () => far, close() {} };
    }
    const worker = new FakeWorker();
    let far = null;
    await asWorker(worker, () => {
      far = serve((end) => {
        end.on('hello', () => 'ready');
        install(end);
      });
    });
    const self = globalThis.self;
    globalThis.self = worker.scope; // serve() posts through `self` while the test runs
    const opened = await openWorker({ make: () => worker, what: 'the test', hello: { t: 'hello' } });
    assert.equal(opened.answer, 'ready', "the Worker's first answer");
    return {
      near: opened.channel,
      far: () => far,
      worker,
      close() {
        globalThis.self = self;
        worker.terminate();
      },
    };
  }

  test(`${via}: a call resolves to what its handler returns, at once or later`, async () => {
    const { near, close } = await open();
    try {
      assert.equal(await near.call({ t: 'add', a: 2, b: 3 }), 5);
      assert.equal(await near.call({ t: 'later', v: 'x' }), 'x');
      const both = await Promise.all([near.call({ t: 'later', v: 1 }), near.call({ t: 'add', a: 1, b: 1 })]);
      assert.deepEqual(both, [1, 2], 'each answer goes to its own call');
    } finally {
      close();
    }
  });

  test(`${via}: a throw is an error reply of the same kind, with its own fields`, async () => {
    const { near, close } = await open();
    try {
      await assert.rejects(near.call({ t: 'range' }), (e) => e instanceof RangeError && e.message === 'over the limit');
      await assert.rejects(near.call({ t: 'local' }), (e) => e.local === true && e.message === 'not on this thread');
      await assert.rejects(near.call({ t: 'nobody' }), /no handler for "nobody"/);
    } finally {
      close();
    }
  });

  test(`${via}: progress reaches the caller that asked, in order, before the answer`, async () => {
    const { near, close } = await open();
    try {
      const heard = [];
      const n = await near.call({ t: 'count', n: 4 }, { progress: (done, total) => heard.push(done + '/' + total) });
      assert.equal(n, 4);
      assert.deepEqual(heard, ['1/4', '2/4', '3/4', '4/4']);
      assert.equal(await near.call({ t: 'count', n: 2 }), 2, 'a call without a progress callback');
      const throwing = near.call(
        { t: 'count', n: 2 },
        {
          progress: () => {
            throw new Error("the page's own");
          },
        },
      );
      assert.equal(await throwing, 2, "a progress callback's throw is the caller's, not the call's");
    } finally {
      close();
    }
  });

  test(`${via}: an abort rejects the call with the signal's reason and fires the handler's signal`, async () => {
    const { near, far, close } = await open();
    try {
      const ctl = new AbortController();
      const call = near.call({ t: 'wait' }, { signal: ctl.signal });
      await until(() => far().heard, 'the handler started');
      assert.equal(far().heard.aborted, false);
      ctl.abort({ gone: true });
      await assert.rejects(call, (e) => e.gone === true);
      await until(() => far().heard.aborted, "the handler's signal fired");
      assert.equal(far().running.size, 0, 'the far end keeps nothing of an aborted call');
      await assert.rejects(near.call({ t: 'add', a: 1, b: 1 }, { signal: ctl.signal }), (e) => e.gone === true);
      assert.equal(near.waiting.size, 0, 'this end keeps nothing of it either');
    } finally {
      close();
    }
  });

  test(`${via}: events go one way to their handler, and a transfer moves the answer's buffer`, async () => {
    const { near, far, close } = await open();
    try {
      const back = new Promise((resolve) => near.on('poked', (msg) => resolve(msg.x)));
      near.send({ t: 'poke', x: 21 });
      assert.equal(await back, 42);
      assert.equal(far().poked, 21);
      const data = await near.call({ t: 'bytes', n: 3 });
      assert.equal(data.length, 3);
    } finally {
      close();
    }
  });

  test(`${via}: a failure tells the owner first, then rejects every call still waiting`, async () => {
    const { near, close } = await open();
    try {
      // The owner settles its own calls its own way (a school's calls settle with their failure values): it comes
      // first, so its reason wins; a call it does not know rejects with the cause.
      const school = new AbortController();
      near.onFail = (cause) => school.abort({ failed: cause });
      const its = near.call({ t: 'wait' }, { signal: school.signal });
      const other = near.call({ t: 'wait' });
      await tick();
      near.fail('gone away');
      await assert.rejects(its, (e) => e.failed === 'gone away');
      await assert.rejects(other, (e) => e instanceof Error && e.message === 'gone away');
      assert.equal(near.dead, true);
      await assert.rejects(near.call({ t: 'add', a: 1, b: 2 }), /closed/);
      let again = 0;
      near.onFail = () => again++;
      near.fail('twice');
      assert.equal(again, 0, 'a channel fails once');
    } finally {
      close();
    }
  });
}

test('a Worker that never answers is given up after the start limit, and terminated', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const worker = new FakeWorker();
    const opening = openWorker({ make: () => worker, what: 'the test', hello: { t: 'hello' } });
    mock.timers.tick(WORKER_START_MS - 1);
    assert.equal(worker.terminated, false, 'still waiting just before the limit');
    mock.timers.tick(1);
    mock.timers.tick(0); // the refusal watch's own task (no document here: none)
    assert.equal(await opening, null);
    assert.equal(worker.terminated, true);
  } finally {
    mock.timers.reset();
  }
});

test('a Worker that may not start, or throws as it starts, gives null at once', async () => {
  assert.equal(await openWorker({ make: () => null, what: 'the test', hello: { t: 'hello' } }), null);
  const refused = () => {
    throw new Error('blocked by the page');
  };
  assert.equal(await openWorker({ make: refused, what: 'the test', hello: { t: 'hello' } }), null);
});

// A FakeWorker whose scope serves `setup` (serve()'s), and `fn(worker)` run with `self` the Worker's scope (serve()
// posts through it), the test's own again after.
async function onWorker(setup, fn) {
  const worker = new FakeWorker();
  const self = globalThis.self;
  try {
    await asWorker(worker, () => serve(setup));
    globalThis.self = worker.scope;
    await fn(worker);
  } finally {
    globalThis.self = self;
  }
}

const HELLO = { what: 'the test', hello: { t: 'hello' } };

test('a Worker whose first answer is an error is given up, and its owner hears why', () =>
  onWorker(
    (end) =>
      end.on('hello', () => {
        throw new Error('mirofish.wasm was not found');
      }),
    async (worker) => {
      let why = null;
      const opened = await openWorker({ make: () => worker, ...HELLO, refused: (e) => (why = e.message) });
      assert.equal(opened, null);
      assert.equal(why, 'mirofish.wasm was not found');
      assert.equal(worker.terminated, true);
    },
  ));

test('a Worker that dies fails its channel: the owner hears it and the calls reject', () =>
  onWorker(
    (end) => {
      end.on('hello', () => true);
      end.on('wait', () => new Promise(() => {}));
    },
    async (worker) => {
      const { channel } = await openWorker({ make: () => worker, ...HELLO });
      let owner = '';
      channel.onFail = (cause) => (owner = cause);
      const call = channel.call({ t: 'wait' });
      await tick();
      worker.die('out of memory');
      await assert.rejects(call, /the Worker stopped \(out of memory\)/);
      assert.match(owner, /out of memory/);
      assert.equal(worker.terminated, true);
    },
  ));

test('an error that escapes every handler in the Worker fails the channel once, with its text', () =>
  onWorker(
    (end) => end.on('hello', () => true),
    async (worker) => {
      const { channel } = await openWorker({ make: () => worker, ...HELLO });
      const failed = new Promise((resolve) => (channel.onFail = resolve));
      for (const text of ['a trap in the wasm', 'a second one']) {
        const e = new Event('error', { cancelable: true });
        e.error = new Error(text);
        worker.scope.dispatchEvent(e);
        assert.equal(e.defaultPrevented, true, 'no uncaught-error report of ours');
      }
      assert.equal(await failed, 'a trap in the wasm');
      assert.equal(channel.dead, true);
    },
  ));

test('an end that answers no calls (the page) ignores a call rather than answering it', async () => {
  const posted = [];
  const page = new Channel('main', (msg) => posted.push(msg));
  page.on('add', () => 1);
  page.receive({ t: 'add', c: 1 });
  page.receive(null);
  page.receive({ no: 't' });
  await tick();
  assert.deepEqual(posted, []);
});
