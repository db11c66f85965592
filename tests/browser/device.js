// What the suite's device tells a school, made to say what a visitor's would (Chromium only, through playwright):
// - Software GL. The suite's Chromium draws WebGL with SwiftShader, which it was told to use as its GL driver
//   (--use-angle=swiftshader), so it makes a context asked to fail on a major performance caveat. A visitor's Chrome
//   on SwiftShader or WARP (its software fallback) refuses that context. `engineFront(context)` puts in front of the
//   engine's script (the Worker's, and the page's on the main thread) what such a browser answers: the school's probe
//   (web/engine/gl_probe.js) hears "slow", as a software-GL visitor's would. Every context of helpers.launch() has it;
//   `engineFront(context, {slowGL: false})` instead is a browser that says nothing. The front changes the engine and
//   the loader's hash of it, so a page whose tag carries the loader's own integrity gets the files as served:
//   `asServed(context)`, or `helpers.launch([], {asServed: true})` for every context.
// - CPU pressure. Chromium reports the machine's (PressureObserver): on a shared machine it moves a school's level
//   whenever other work runs. `engineFront(context, {pressure: false})` is a browser without the API (where nothing
//   changes); `pressure(page, state)` sets it through DevTools (Emulation.setPressureStateOverride) for the page and
//   its Workers. (Chromium 156 crashes closing a page soon after a Worker that observed an overridden pressure ended:
//   a test that sets it closes its context with its schools alive.)
// - Display frames. `paceFrames(realm, hz)` replaces a realm's requestAnimationFrame with a display that ticks `hz`
//   times a second, its frames stamped exactly 1000/hz ms apart however late its ticks run (a busy machine), as a
//   30 Hz display, Low Power Mode or a throttled frame gives them.
'use strict';

const crypto = require('node:crypto');

// The classic engine and its loader, wherever a page serves them from (a query too: ?ver=, a cache buster).
const engineScript = (/** @type {URL} */ url) => url.pathname.endsWith('/mirofish-engine.js');
const loaderScript = (/** @type {URL} */ url) => url.pathname.endsWith('/mirofish.js');
const sri = (/** @type {Buffer} */ bytes) => 'sha384-' + crypto.createHash('sha384').update(bytes).digest('base64');

// A browser that refuses a WebGL context asked to fail on a major performance caveat.
const REFUSE_CAVEAT = `for (const C of [self.HTMLCanvasElement, self.OffscreenCanvas]) {
  if (!C) continue;
  const getContext = C.prototype.getContext;
  C.prototype.getContext = function (type, attrs) {
    if (/webgl/.test(type) && attrs && attrs.failIfMajorPerformanceCaveat) return null;
    return getContext.call(this, type, attrs);
  };
}
`;
// A browser without the Compute Pressure API.
const NO_PRESSURE = 'delete self.PressureObserver;\n';

// The engine's script as a browser with these answers runs it (any earlier front is replaced). `pressureMs`: the
// test bundle's schools sample the pressure that often (a test that sets it need not wait seconds). The loader checks
// the engine against the hash it was built with (docs/hosting.md#integrity), so the loader beside it carries the hash
// of the engine with its front instead; an engine that was not the one the loader was built with (a test's tampered
// file) keeps the loader as it is, and so still fails its check.
/** @param {import('playwright-core').BrowserContext} context */
async function engineFront(context, { slowGL = true, pressure = true, pressureMs = 0 } = {}) {
  const sample = pressureMs > 0 ? `self.__mirofishPressureMs = ${pressureMs};\n` : '';
  const front = '(() => {\n' + (slowGL ? REFUSE_CAVEAT : '') + (pressure ? sample : NO_PRESSURE) + '})();\n';
  await asServed(context);
  // A request the network fails fails as it would have (never left hanging): the page's own handling is under test.
  await context.route(engineScript, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('failed');
    await route.fulfill({ response, body: front + (await response.text()) });
  });
  await context.route(loaderScript, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('failed');
    let body = await response.text();
    const engine = await fetch(new URL('mirofish-engine.js', route.request().url())).catch(() => null);
    if (engine && engine.ok) {
      const bytes = Buffer.from(await engine.arrayBuffer());
      const built = sri(bytes);
      if (body.includes(built)) body = body.split(built).join(sri(Buffer.concat([Buffer.from(front), bytes])));
    }
    await route.fulfill({ response, body });
  });
}

// The files as the server sends them: no front (a tag whose integrity attribute covers the loader).
/** @param {import('playwright-core').BrowserContext} context */
async function asServed(context) {
  await context.unroute(engineScript);
  await context.unroute(loaderScript);
}

const sessions = new WeakMap();

// Sets the page's CPU pressure ('nominal' | 'fair' | 'serious' | 'critical'); the page and its Workers hear it from
// their next sample. Chromium sends pressure only to a focused page: the target is activated, focus emulated.
/** @param {import('playwright-core').Page} page @param {string} state */
async function pressure(page, state) {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    sessions.set(page, cdp);
    await cdp.send('Emulation.setPressureSourceOverrideEnabled', { enabled: true, source: 'cpu' });
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Target.activateTarget', { targetId: targetInfo.targetId });
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  }
  await cdp.send('Emulation.setPressureStateOverride', { source: 'cpu', state });
}

// A display at `hz` in `realm` (the engine's Worker, or the page): requestAnimationFrame's callbacks run on its ticks,
// stamped `1000 / hz` ms apart from the first, whenever the realm's timer really fires. Evaluated in the realm.
/** @param {import('playwright-core').Page | import('playwright-core').Worker} realm @param {number} hz */
function paceFrames(realm, hz) {
  return realm.evaluate((hz) => {
    const queue = new Map();
    let id = 0,
      ticks = 0;
    const t0 = performance.now();
    self.requestAnimationFrame = (cb) => {
      queue.set(++id, cb);
      return id;
    };
    self.cancelAnimationFrame = (i) => queue.delete(i);
    clearInterval(self.__display);
    self.__display = setInterval(() => {
      const stamp = t0 + ++ticks * (1000 / hz);
      const due = [...queue.values()];
      queue.clear();
      for (const cb of due) cb(stamp);
    }, 1000 / hz);
  }, hz);
}

module.exports = { engineFront, asServed, pressure, paceFrames };
