// The resolve hook tests/js/support/register.mjs installs: 'mirofish-constants' is the table cmake wrote for the native
// build (scripts/test builds it first).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CONSTANTS = path.join(ROOT, 'build', 'native', 'generated', 'constants', 'constants.mjs');

export async function resolve(specifier, context, next) {
  if (specifier !== 'mirofish-constants') return next(specifier, context);
  if (!fs.existsSync(CONSTANTS)) throw new Error(CONSTANTS + ' is missing: build the native preset first');
  return { url: pathToFileURL(CONSTANTS).href, shortCircuit: true };
}
