// The Content-Type of each kind of file the browser suite's servers (tests/browser/helpers.js) and the browser
// benches' (bench/browser/lib.mjs) send, by extension: a module Worker and a streamed wasm compile need the right one.
'use strict';

module.exports = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};
