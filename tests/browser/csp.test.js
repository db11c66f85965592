// A page served with `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'` gets its fish:
// the bundle uses no eval/new Function (Emscripten DYNAMIC_EXECUTION=0) and no inline script.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('strict Content-Security-Policy', () => {
  const env = h.serverAndBrowser();

  it('draws fish with no violation and no console error', async () => {
    const context = await env.browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
    });
    const page = await context.newPage();
    const consoleLog = h.watchConsole(page);
    const response = await page.goto(env.srv.base + '/fixtures/csp.html?csp=strict');
    assert.equal(response.headers()['content-security-policy'], h.STRICT_CSP);
    await h.waitForFish(page, 3);
    // The policy really is on: an inline script is refused.
    const inlineRan = await page.evaluate(() => new Promise((resolve) => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1;';
      document.head.appendChild(script);
      setTimeout(() => resolve(window.__inline === 1), 50);
    }));
    assert.equal(inlineRan, false, 'inline script is blocked on this page');
    assert.ok(await h.fishPixels(page) > 500, 'fish are drawn');
    // The only violation and console error allowed are the ones our own inline probe provoked.
    const violations = await page.evaluate(() => window.__violations.filter((v) => !v.endsWith(' inline')));
    assert.deepEqual(violations, []);
    const errors = consoleLog.errors().filter((m) => !/inline script/.test(m.text));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
