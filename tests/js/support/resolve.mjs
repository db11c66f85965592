// The resolve hook register.mjs installs: 'mirofish-constants' is tests/js's copy of the constants table's JS.
import { pathToFileURL } from 'node:url';
import { CONSTANTS } from './constants.mjs';

const url = pathToFileURL(CONSTANTS).href;

export async function resolve(specifier, context, next) {
  if (specifier !== 'mirofish-constants') return next(specifier, context);
  return { url, shortCircuit: true };
}
