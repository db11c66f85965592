// Which URLs are on another origin (web/core/origin.js foreignUrl: the engine's blob: bootstrap, the recorder's Worker,
// a failed fetch's hint): http(s) on another origin than the page's, as a CDN is; never the page's own origin, a file:
// page, a bundler's URL or text that is no URL.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import './support/register.mjs';

const { foreignUrl } = await import('../../web/core/origin.js');

// A page at `href`; its document's own origin (self.origin) is `origin`, the URL's unless said (an about:srcdoc
// iframe has its parent's).
const onPage = (href, origin = new URL(href).origin, baseURI = '') => {
  globalThis.self = { origin, location: new URL(href) };
  if (baseURI) globalThis.document = { baseURI };
};
afterEach(() => {
  delete globalThis.self;
  delete globalThis.document;
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
  // a relative URL resolves against the document's base there, the parent page's URL
  onPage('about:srcdoc', 'https://example.com', 'https://example.com/blog/post.html');
  assert.equal(foreignUrl('mirofish.wasm'), false);
  onPage('about:srcdoc', 'https://example.com', 'https://cdn.example.org/dist/mirofish.js');
  assert.equal(foreignUrl('mirofish.wasm'), true, 'a <base> on another origin');
});

test('text that is no URL is not foreign (and does not throw)', () => {
  onPage('https://example.com/');
  assert.equal(foreignUrl('http://[::1'), false);
});
