// The page's Content-Security-Policy refusals (web/core/csp.js): a file of ours the policy refused is named as refused,
// with the directive, never as "not found"; the watch hears only refusals of its own URL (or, for '', of a Worker); a
// <meta> policy that refuses every Worker is read before one is tried.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import './support/register.mjs';

const { metaRefusesWorkers, refusalText, watchRefusals } = await import('../../web/core/csp.js');

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

// A page whose <meta> tags carry these policies.
const metas = (...policies) =>
  (page.querySelectorAll = (selector) => {
    assert.equal(selector, 'meta[http-equiv="content-security-policy" i]');
    return policies.map((content) => ({ content }));
  });

test("a <meta> policy that refuses every Worker is named by its directive: 'none', a nonce-only list", () => {
  metas("default-src 'self'; worker-src 'none'");
  assert.equal(metaRefusesWorkers(), 'worker-src');
  metas("script-src 'nonce-abc' 'strict-dynamic' 'wasm-unsafe-eval'");
  assert.equal(metaRefusesWorkers(), 'script-src', 'a Worker carries no nonce');
  metas("default-src 'none'; img-src 'self'");
  assert.equal(metaRefusesWorkers(), 'default-src');
  metas("img-src 'self'", "Child-Src 'NONE'");
  assert.equal(metaRefusesWorkers(), 'child-src', 'any of the tags, any case');
  metas("worker-src 'sha256-abc.d:ef'");
  assert.equal(metaRefusesWorkers(), 'worker-src', 'a hash is no source');
});

test('a <meta> policy a Worker may pass, or none, refuses nothing: the attempt tells', () => {
  metas();
  assert.equal(metaRefusesWorkers(), '');
  for (const policy of [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "script-src 'nonce-abc'; worker-src 'self'",
    'worker-src blob:',
    'worker-src https://cdn.jsdelivr.net',
    'worker-src cdn.example.org',
    'worker-src https:',
    'worker-src *',
    "img-src 'none'",
    "worker-src 'self'; worker-src 'none'", // the first of a name counts
  ]) {
    metas(policy);
    assert.equal(metaRefusesWorkers(), '', policy);
  }
});
