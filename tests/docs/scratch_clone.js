// A scratch clone of the repository as it is now, for the docs' commands to run in: `git clone --shared` (the commit,
// its objects borrowed), then the working tree's changes copied over it, so the docs run as they are being edited.
// Its build/ links the builds the docs use (they are the suite's, built before; a doc's own build line is marked not
// run) and is otherwise its own, so what a doc writes there stays in the scratch clone. status() is what
// `git status` says of it, ignored files included: a doc that leaves a file in the clone shows there.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const LINKED = ['native', 'wasm-node', 'web', 'python-venv'];

const git = (cwd, args) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });

function makeClone(root, dir) {
  git(root, ['clone', '--quiet', '--shared', root, dir]);
  const changed = git(root, ['ls-files', '-z', '--modified', '--others', '--exclude-standard']).split('\0');
  for (const file of changed.filter(Boolean)) {
    const from = path.join(root, file);
    const to = path.join(dir, file);
    fs.rmSync(to, { force: true });
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, to, { verbatimSymlinks: true });
  }
  fs.mkdirSync(path.join(dir, 'build'));
  for (const name of LINKED) {
    if (fs.existsSync(path.join(root, 'build', name))) {
      fs.symlinkSync(path.join(root, 'build', name), path.join(dir, 'build', name));
    }
  }
  return dir;
}

// `git status` of the clone, one entry a line: untracked files one by one, ignored ones too (a folder that is all
// ignored as one line). build/ is the builds' place, and left out.
function status(dir) {
  return git(dir, ['status', '--porcelain', '--ignored', '--untracked-files=all'])
    .split('\n')
    .filter((l) => l && !/^.. build\//.test(l));
}

module.exports = { makeClone, status, LINKED };
