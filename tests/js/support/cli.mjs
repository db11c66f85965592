// The native CLI that tests/js hold some JS against (the C++'s own parameter table, its metrics rows): it comes from
// the native build (scripts/test builds it first), not from npm test, so where it is missing a test says how to build
// it rather than failing on a spawn.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CLI = path.join(ROOT, 'build', 'native', 'mirofish');

if (!fs.existsSync(CLI)) {
  throw new Error(
    'tests/js: build/native/mirofish is missing: cmake --preset native && cmake --build --preset native --target mirofish',
  );
}
