// An older browser: the engine fetches mirofish.wasm and inflates nothing, so neither DecompressionStream
// (Firefox before 113, Safari before 16.4) nor streaming compilation is needed: without WebAssembly.compileStreaming
// the wasm compiles from the whole response. An init script takes them away from the page only (a Worker keeps its
// own), so the page also loses the Worker path (those browsers cannot hand a canvas to a Worker either) and the
// engine runs there, on the main thread.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('an older browser', () => {
  const env = h.serverAndBrowser();

  it('without DecompressionStream nor streaming compilation: the school runs, nothing said', async () => {
    const { page, consoleLog } = await h.openFrontPage(env, () => {
      delete window.DecompressionStream;
      delete WebAssembly.compileStreaming;
      delete WebAssembly.instantiateStreaming;
      delete HTMLCanvasElement.prototype.transferControlToOffscreen; // no Worker path either
    });
    assert.deepEqual(await h.readySchool(page), { thread: 'main', rendering: true, canvases: 1, current: true });
    assert.deepEqual(consoleLog.errors(), []);
    assert.deepEqual(consoleLog.warnings(), []);
    await page.close();
  });
});
