// The web/ modules as node runs them in tests/js: the constants table's JS copy from the native build (the bundle
// aliases 'mirofish-constants' the same way, src/web/bundle.mjs), and MIROFISH_TEST as the shipped files have it.
//   node --import ./tests/js/support/register.mjs --test tests/js/
import { register } from 'node:module';

globalThis.MIROFISH_TEST = false;
register('./resolve.mjs', import.meta.url);
