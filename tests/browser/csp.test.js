// A page served with `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'` gets its fish:
// the bundle uses no eval/new Function (Emscripten DYNAMIC_EXECUTION=0) and no inline script. Its Worker is the
// script itself (same origin), so `worker-src 'self'` allows it too; a policy that forbids workers (`worker-src
// 'none'`) gets the school on the main thread, with nothing from MiroFish in the console.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('strict Content-Security-Policy', () => {
  const env = h.serverAndBrowser();

  // Opens the CSP fixture under `?csp=<csp>` and waits for 3 frames; the page records every CSP violation.
  async function open(csp, header) {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
    });
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    const response = await page.goto(env.srv.base + '/fixtures/csp.html?csp=' + csp);
    assert.equal(response.headers()['content-security-policy'], header);
    await h.waitForFish(page, 3);
    return { context, page, consoleLog };
  }
  const violations = (page) => page.evaluate(() => window.__violations.filter((v) => !v.endsWith(' inline')));
  const thread = (page) => page.evaluate(() => window.MiroFish.current.stats().thread);

  it('draws fish with no violation and no console error', async () => {
    const { context, page, consoleLog } = await open('strict', h.STRICT_CSP);
    assert.equal(await thread(page), h.THREAD, 'worker-src falls back to script-src \'self\': the Worker may start');
    // The policy really is on: an inline script is refused.
    const inlineRan = await page.evaluate(() => new Promise((resolve) => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1;';
      document.head.appendChild(script);
      setTimeout(() => resolve(window.__inline === 1), 50);
    }));
    assert.equal(inlineRan, false, 'inline script is blocked on this page');
    assert.ok(await h.fishPixels(page) > 500, 'fish are drawn');
    // The pause button's styles are set through the CSSOM, which style-src does not govern: it is styled and placed.
    const button = await page.evaluate(() => {
      const b = document.querySelector('[data-mirofish-controls]'), cs = getComputedStyle(b), r = b.getBoundingClientRect();
      return { position: cs.position, width: r.width, left: r.left, top: r.top };
    });
    assert.deepEqual(button, { position: 'fixed', width: 32, left: 12, top: 12 });
    // The only violation and console error allowed are the ones our own inline probe provoked.
    assert.deepEqual(await violations(page), []);
    const errors = consoleLog.errors().filter((m) => !/inline script/.test(m.text));
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('worker-src \'self\': the school runs on its path, with no violation and no console error', async () => {
    const { context, page, consoleLog } = await open('worker', h.STRICT_CSP + "; worker-src 'self'");
    assert.equal(await thread(page), h.THREAD);
    assert.ok(await h.fishPixels(page) > 500, 'fish are drawn');
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await context.close();
  });

  it('worker-src \'none\': the school runs on the main thread instead, and MiroFish says nothing', async () => {
    const { context, page, consoleLog } = await open('noworker', h.STRICT_CSP + "; worker-src 'none'");
    assert.equal(await thread(page), 'main');
    assert.ok(await h.fishPixels(page) > 500, 'fish are drawn');
    // On the worker path the browser refuses the Worker and reports it itself (one violation, one console error of
    // its own); the main-thread path never asks for one.
    const refused = h.THREAD === 'worker' ? [`worker-src ${env.srv.base}/dist/mirofish-engine.js`] : [];
    assert.deepEqual(await violations(page), refused);
    const errors = consoleLog.errors().map((m) => m.text);
    assert.equal(errors.length, refused.length, errors.join('\n'));
    for (const text of errors) assert.match(text, /worker.*violates the following Content Security Policy directive: "worker-src 'none'"/i);
    assert.deepEqual(consoleLog.warnings(), [], 'no warning from MiroFish: the main thread takes over quietly');
    await context.close();
  });
});
