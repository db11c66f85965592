// The constants table's JS copy (src/base/constants.h as cmake/constants.cmake writes it, the file each build has in
// build/<preset>/generated/constants/) that tests/js run web/ with. tests/js keep a copy of their own, so that they
// need no build: written here where it is missing or older than the table (cmake -P, well under a second), into a
// folder of its own and then renamed into place, since node --test runs the test files side by side.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DIR = path.join(ROOT, 'build', 'tests-js');
const TABLE = path.join(ROOT, 'src', 'base', 'constants.h');
const SCRIPT = path.join(ROOT, 'cmake', 'constants.cmake');
export const CONSTANTS = path.join(DIR, 'constants.mjs');

const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

export function writeConstants() {
  if (mtime(CONSTANTS) >= Math.max(mtime(TABLE), mtime(SCRIPT))) return;
  fs.mkdirSync(DIR, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(DIR, 'writing-'));
  try {
    execFileSync('cmake', ['-DTABLE=' + TABLE, '-DOUT=' + tmp, '-P', SCRIPT], { stdio: ['ignore', 'ignore', 'pipe'] });
    fs.renameSync(path.join(tmp, 'constants.mjs'), CONSTANTS);
  } catch (e) {
    const why =
      e.code === 'ENOENT' ? 'cmake is not installed (scripts/ensure-deps installs it)' : String(e.stderr || e);
    throw new Error('tests/js: cannot write the constants table (cmake -P cmake/constants.cmake): ' + why.trim());
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
