// Whether a shell block's `<!-- not run: why -->` tells the truth where it can be checked. A reason that starts
// "FILE runs" (FILE a file of the repository: `scripts/test runs these`) must be true of FILE: FILE runs each of the
// block's commands, or FILE is a test that reads the page and runs what it finds there. Other reasons (the npm
// registry, a server that runs until stopped) are taken as written, as `<!-- fragment: why -->` is.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { commands } = require('./shell_words');

const RUNS = /^(\S+?)[,:]?\s+runs\b/;
const PREFIX = /^(exec|command|time|env|nice)$/; // words that run the command after them

// Does their command (a script's) run ours (a doc's)? Ours must be theirs word for word, in order, from theirs' first
// word (their own NAME=VALUE, expansions and `exec` before it aside), with extra words of theirs allowed (flags,
// redirections) and each of their expansions standing only for words their file names: `cmake --preset "$preset"`
// in a loop over `native wasm-node` runs `cmake --preset native`, not `cmake --preset typo`.
function runsCommand(theirs, ours, named) {
  const d = ours.map((w) => w.text);
  const go = (i, j, started) => {
    if (i === d.length) return true;
    if (j === theirs.length) return false;
    const t = theirs[j];
    if (t.multi) {
      if (named.has(d[i]) && go(i + 1, j, true)) return true;
    } else {
      const m = new RegExp('^' + t.re + '$').exec(d[i]);
      if (m && m.slice(1).every((v) => v === '' || named.has(v)) && go(i + 1, j + 1, true)) return true;
    }
    return (started || t.assign || t.vars || PREFIX.test(t.text)) && go(i, j + 1, started);
  };
  return go(0, 0, false);
}

// The program a command runs: its first word after NAME=VALUE ones.
const program = (command) => (command.find((w) => !w.assign) || command[0]).text;

// null when the block's marker is fine, else what is wrong with it.
function markerProblem(root, block) {
  const why = block.notRun;
  if (why.length < 12) return `"${why}" says too little about why it is not run`;
  const m = RUNS.exec(why);
  if (!m) return null;
  const file = path.join(root, m[1]);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile())
    return `names ${m[1]}, which is not a file of the repository`;
  const text = fs.readFileSync(file, 'utf8');
  const theirs = commands(text);
  const named = new Set(theirs.flat().map((w) => w.text));
  const ours = commands(block.code);
  const missing = ours.filter((c) => !theirs.some((t) => runsCommand(t, c, named)));
  if (missing.length === 0) return null;
  // A test that reads the page (tests/python/test_docs.py runs docs/python.md's CLI lines) names it and the programs.
  if (text.includes(block.file) && ours.every((c) => text.includes(program(c)))) return null;
  return `${m[1]} does not run ${missing.map((c) => c.map((w) => w.text).join(' ')).join('; ')}`;
}

module.exports = { markerProblem, runsCommand };
