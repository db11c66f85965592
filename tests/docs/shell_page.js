// A page's shell blocks run as a reader runs them: pasted in order into one terminal opened at the clone's root, so a
// block's `cd` and `export` hold for the next. Each command runs once the one before it has succeeded; its place in the
// page, exit status and time go to a log, so a failure names its line (pipefail: a pipe fails where any part of it
// does). The shell is a new user's: no NODE_PATH and no MIROFISH_* of the suite's, and TMPDIR a folder of the test's
// own (a doc's `mktemp -d` lands there).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const parses = (text) => spawnSync('bash', ['-n'], { input: text }).status === 0;

// The blocks' commands: [{ where: 'docs/cli.md:12', text }], a command's lines joined where a line ends in a backslash
// and further until bash parses them (a quote or an `if` over several lines).
function pageCommands(blocks) {
  const out = [];
  for (const block of blocks) {
    const lines = block.code.split('\n');
    let pending = null;
    lines.forEach((line, k) => {
      const text = pending ? pending.text + '\n' + line : line;
      const where = pending ? pending.where : `${block.file}:${block.line + k}`;
      if (/\\$/.test(line) || (text.trim() && !parses(text))) pending = { text, where };
      else {
        pending = null;
        if (text.trim() && !/^\s*#/.test(text)) out.push({ where, text });
      }
    });
    if (pending) out.push(pending); // bash will say what is wrong with it
  }
  return out;
}

const quote = (s) => "'" + s.replace(/'/g, "'\\''") + "'";

function script(commands) {
  const out = ['set -o pipefail'];
  for (const { where, text } of commands) {
    out.push(
      `printf 'start %s %s\\n' ${quote(where)} "$EPOCHREALTIME" >>"$__DOC_LOG"`,
      `printf '\\n$ %s\\n' ${quote(text)}`,
      text,
      '__doc_rc=$?',
      `printf 'end %s %s %s\\n' ${quote(where)} "$__doc_rc" "$EPOCHREALTIME" >>"$__DOC_LOG"`,
      '[ "$__doc_rc" -eq 0 ] || exit "$__doc_rc"',
    );
  }
  return out.join('\n') + '\n';
}

// Runs the commands in a bash at cwd: { ran: [{ where, status, seconds }], unfinished, status, timedOut, output }.
// work: a folder of the test's own for the script, its log and output, and TMPDIR.
function runPage(commands, cwd, work, timeoutMs) {
  const file = path.join(work, 'page.sh');
  const log = path.join(work, 'page.log');
  const outFile = path.join(work, 'page.out');
  const tmp = path.join(work, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(file, script(commands));
  fs.writeFileSync(log, '');
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(NODE_PATH|NODE_TEST_CONTEXT|MIROFISH_.*)$/.test(k)) env[k] = v;
  }
  Object.assign(env, { TMPDIR: tmp, __DOC_LOG: log });
  const fd = fs.openSync(outFile, 'w');
  // timeout(1) signals its whole process group: a build or a server a command started goes with the shell.
  const limit = String(Math.ceil(timeoutMs / 1000));
  const done = spawnSync('timeout', ['--kill-after=10', limit, 'bash', '--noprofile', '--norc', file], {
    cwd,
    env,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const started = {};
  const ran = [];
  let unfinished = null;
  for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
    const [kind, where, a, b] = line.split(' ');
    if (kind === 'start') {
      started[where] = Number(a);
      unfinished = where;
    }
    if (kind === 'end') {
      ran.push({ where, status: Number(a), seconds: Number(b) - started[where] });
      unfinished = null;
    }
  }
  return {
    ran,
    unfinished, // the command the shell was in when it stopped (a timeout)
    status: done.status,
    timedOut: done.status === 124 || done.status === 137,
    output: fs.readFileSync(outFile, 'utf8'),
  };
}

module.exports = { pageCommands, runPage, script };
