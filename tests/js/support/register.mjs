// What a test of web/ imports first, so that node runs web/'s modules as the bundles have them: 'mirofish-constants'
// (web/'s name for the constants table's JS, which src/web/bundle.mjs aliases for esbuild) resolves to tests/js's copy
// (constants.mjs writes it where it is missing or stale), and MIROFISH_TEST is false. A hook, not an "imports" entry:
// web/package.json is the package of web/'s files, and its entries may not point outside web/. Node resolves all of a
// file's static imports before any of its code runs, so a test imports this statically and web/ after it, with await:
//   import './support/register.mjs';
//   const { chooseThread } = await import('../../web/host/mount.js');
import { register } from 'node:module';
import { writeConstants } from './constants.mjs';

globalThis.MIROFISH_TEST = false;
writeConstants();
register('./resolve.mjs', import.meta.url);
