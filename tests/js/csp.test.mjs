// The page's Content-Security-Policy refusals (web/core/csp.js): a file of ours the policy refused is named as refused,
// with the directive, never as "not found"; the watch hears only refusals of its own URL (or, for '', of a Worker).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import './support/register.mjs';

const { refusalText, watchRefusals } = await import('../../web/core/csp.js');

let page;
beforeEach(() => {
  page = new EventTarget();
  globalThis.document = page;
});
afterEach(() => delete globalThis.document);

const violation = (blockedURI, effectiveDirective) =>
  Object.assign(new Event('securitypolicyviolation'), {
    blockedURI,
    effectiveDirective,
    violatedDirective: effectiveDirective,
  });

test('the sentence names the file and the directive', () => {
  assert.equal(
    refusalText('mirofish-host.js at https://cdn.example/mirofish-host.js', {
      directive: 'script-src-elem',
      blocked: 'https://cdn.example',
    }),
    "this page's Content-Security-Policy refused mirofish-host.js at https://cdn.example/mirofish-host.js (script-src-elem)",
  );
});

test("a refusal of the watched URL is heard, by URL, by origin (a redirect) or by the page's query", async () => {
  const url = 'https://cdn.example/v/0.3.0/mirofish-host.js?v=1';
  for (const blocked of [url, 'https://cdn.example/v/0.3.0/mirofish-host.js', 'https://cdn.example']) {
    const watch = watchRefusals(url);
    page.dispatchEvent(violation(blocked, 'script-src-elem'));
    assert.deepEqual(await watch.refused(), { directive: 'script-src-elem', blocked }, blocked);
  }
});

test("another file's refusal, or one after stop(), is not ours", async () => {
  const watch = watchRefusals('https://cdn.example/mirofish-host.js');
  page.dispatchEvent(violation('https://other.example/ads.js', 'script-src-elem'));
  assert.equal(await watch.refused(), null);
  const stopped = watchRefusals('https://cdn.example/mirofish-host.js');
  stopped.stop();
  page.dispatchEvent(violation('https://cdn.example/mirofish-host.js', 'script-src-elem'));
  assert.equal(await stopped.refused(), null);
});

test("a Worker's watch ('') hears worker-src refusals only (a blob: bootstrap's URL is just 'blob')", async () => {
  const watch = watchRefusals('');
  page.dispatchEvent(violation('blob', 'script-src'));
  page.dispatchEvent(violation('blob', 'worker-src'));
  assert.deepEqual(await watch.refused(), { directive: 'worker-src', blocked: 'blob' });
});
