// Which engine URLs need the blob: bootstrap (web/host/worker_boot.js foreignUrl): http(s) on another origin than the
// page's, as a CDN is; never the page's own origin, a file: page, a bundler's URL or text that is no URL.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import './support/register.mjs';

const { foreignUrl } = await import('../../web/host/worker_boot.js');

// A page at `href`; its document's own origin (self.origin) is `origin`, the URL's unless said (an about:srcdoc
// iframe has its parent's).
const onPage = (href, origin = new URL(href).origin) => {
  globalThis.location = new URL(href);
  globalThis.self = { origin };
};
afterEach(() => {
  delete globalThis.location;
  delete globalThis.self;
});

test('another origin over http(s) is foreign: scheme, host and port each make one', () => {
  onPage('https://example.com/blog/post.html');
  assert.equal(foreignUrl('https://cdn.jsdelivr.net/npm/mirofish/dist/mirofish.mjs'), true);
  assert.equal(foreignUrl('http://example.com/mirofish.mjs'), true, 'http on an https page');
  assert.equal(foreignUrl('https://example.com:8443/mirofish.mjs'), true, 'another port');
  assert.equal(foreignUrl('https://static.example.com/mirofish.mjs'), true, 'a subdomain');
});

test("the page's own origin, relative URLs and other schemes are not", () => {
  onPage('https://example.com/blog/post.html');
  assert.equal(foreignUrl('https://example.com/assets/mirofish.mjs'), false);
  assert.equal(foreignUrl('/assets/mirofish.mjs'), false, 'relative to the page');
  assert.equal(foreignUrl('blob:https://example.com/1234'), false);
  assert.equal(foreignUrl('data:text/javascript,0'), false);
  onPage('file:///home/me/page.html');
  assert.equal(foreignUrl('file:///home/me/dist/mirofish.mjs'), false, 'a page opened from disk');
});

test("an editor's about:srcdoc iframe: the page's origin is its own, whatever its location says", () => {
  onPage('about:srcdoc', 'https://example.com');
  assert.equal(foreignUrl('https://example.com/wp-content/plugins/mirofish/vendor/mirofish-engine.js'), false);
  assert.equal(foreignUrl('https://cdn.jsdelivr.net/npm/mirofish/dist/mirofish-engine.js'), true);
});

test('text that is no URL is not foreign (and does not throw)', () => {
  onPage('https://example.com/');
  assert.equal(foreignUrl('http://[::1'), false);
});
