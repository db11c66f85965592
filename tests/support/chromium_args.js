// Chromium's launch flags for the browser suite (tests/browser/helpers.js) and the browser benches
// (bench/browser/lib.mjs), so both measure and test the same browser: SwiftShader WebGL (the GPU is the CPU, so fill
// cost shows as it does on phones), and nothing that talks to the network.
'use strict';

module.exports = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
