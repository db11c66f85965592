// Every shell block (```sh, ```bash, ```shell) of README.md and docs/*.md runs as written: a page's blocks in order,
// in one shell, from the root of a scratch clone of the repository as it is now (tests/docs/scratch_clone.js), as a new
// user with the suite's builds at hand; a command that fails fails the test, naming its line, and a page that leaves a
// file in the clone (git status, ignored files included; build/ aside) fails too. A block the doc marks
// `<!-- not run: why -->` on the line before (a build the suite has done, the npm registry, a server that runs until
// stopped) is shown, not run; a why that starts "FILE runs" is checked against FILE (tests/docs/run_by.js).
// The ```python blocks are tests/python/test_docs.py's. Run: node --test tests/docs/ (scripts/test, after pytest:
// by then every build a doc uses is there, build/python-venv included).
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { shellBlocks, blocksOf, pages } = require('../browser/docs_blocks');
const { markerProblem, runsCommand } = require('./run_by');
const { commands } = require('./shell_words');
const { makeClone, status, LINKED } = require('./scratch_clone');
const { pageCommands, runPage } = require('./shell_page');

const ROOT = path.resolve(__dirname, '..', '..');
const PAGE_LIMIT_S = 240;
// What this test never runs, marked or not: the suites it is part of (which would run it again), a server that runs
// until stopped, npm's registry, a build (the scratch clone's build/ links the suite's: its own configure would fight
// them) and a browser on a display (the browser suite's). A block with one of them needs its `<!-- not run: why -->`.
const NEVER = /^(scripts\/(test|test-browser|demo)|\.ci\/run|npm (i|install|ci|test|publish)|cmake|xvfb-run)(\s|$)/;
// A command's words from its program on (its NAME=VALUE ones before it left out), as one line.
function unprefixed(words) {
  const from = words.findIndex((w) => !w.assign);
  return words
    .slice(Math.max(from, 0))
    .map((w) => w.text)
    .join(' ');
}
const tail = (text) => (text.length > 4000 ? '...' + text.slice(-4000) : text);

const blocks = shellBlocks(ROOT);
const runPages = [...new Set(blocks.filter((b) => !b.notRun).map((b) => b.file))];

describe("the docs' shell blocks run as written", () => {
  let work;
  let clone;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-docs-'));
    clone = makeClone(ROOT, path.join(work, 'clone'));
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('finds the blocks: the CLI page runs, no block is a console transcript', () => {
    assert.ok(blocks.length >= 15, `${blocks.length} shell blocks`);
    assert.ok(blocks.filter((b) => b.file === 'docs/cli.md' && !b.notRun).length >= 4, 'docs/cli.md runs');
    const consoles = pages(ROOT).flatMap((f) => blocksOf(ROOT, f, ['console', 'shell-session']));
    assert.deepEqual(consoles, [], 'a transcript (prompts and output) cannot run: write it as ```sh');
    for (const b of blocks)
      assert.equal(b.fragment, null, `${b.file}:${b.line}: a shell block says <!-- not run: why -->`);
  });

  it('the marker check: FILE runs a command when its own command has the same words, its variables named in it', () => {
    const script = commands('for preset in native wasm-node; do\n  cmake --build --preset "$preset" -j"$jobs"\ndone\n');
    const named = new Set(script.flat().map((w) => w.text));
    const runs = (line) => script.some((c) => runsCommand(c, commands(line)[0], named));
    assert.ok(runs('cmake --build --preset native'));
    assert.ok(!runs('cmake --build --preset typo'), 'a variable stands for the words the file names');
    assert.ok(!runs('cmake --build --preset native --fresh'), 'every word of ours is theirs');
    assert.ok(!runs('--build --preset native'), 'from their first word');
    const page = pageCommands([{ file: 'x.md', line: 3, code: 'a \\\n  b\n# a note\n\necho "1\n2"\nc   # c' }]);
    assert.deepEqual(
      page.map((c) => c.where),
      ['x.md:3', 'x.md:7', 'x.md:9'],
    );
  });

  it('says why of each block it does not run; a why that starts "FILE runs" is true of FILE', () => {
    const problems = blocks
      .filter((b) => b.notRun)
      .map((b) => [b, markerProblem(ROOT, b)])
      .filter(([, problem]) => problem)
      .map(([b, problem]) => `${b.file}:${b.line}: ${problem}`);
    assert.deepEqual(problems, []);
  });

  for (const page of runPages) {
    it(`${page}: every command succeeds, in order, and the clone keeps no file of them`, (t) => {
      const cmds = pageCommands(blocks.filter((b) => b.file === page && !b.notRun));
      const never = cmds.find((c) => commands(c.text).some((words) => NEVER.test(unprefixed(words))));
      if (never)
        assert.fail(`${never.where}: ${never.text.trim()} is never run here: mark its block <!-- not run: why -->`);
      for (const name of LINKED) {
        const uses = cmds.find((c) => c.text.includes(`build/${name}/`));
        assert.ok(
          !uses || fs.existsSync(path.join(ROOT, 'build', name)),
          `${uses && uses.where} uses build/${name}, which is not built: scripts/test builds it before this test`,
        );
      }
      const was = status(clone);
      const r = runPage(cmds, clone, fs.mkdtempSync(path.join(work, 'page-')), PAGE_LIMIT_S * 1000);
      for (const c of r.ran) t.diagnostic(`${c.where}: ${c.seconds.toFixed(2)} s`);
      const text = (where) => (cmds.find((c) => c.where === where) || { text: '' }).text;
      const bad = r.ran.find((c) => c.status !== 0);
      if (bad) assert.fail(`${bad.where}: exit ${bad.status}: ${text(bad.where)}\n${tail(r.output)}`);
      if (r.timedOut) assert.fail(`${r.unfinished}: still running after ${PAGE_LIMIT_S} s: ${text(r.unfinished)}`);
      if (r.status !== 0) assert.fail(`the shell stopped (${r.status}) at ${r.unfinished}:\n${tail(r.output)}`);
      assert.equal(r.ran.length, cmds.length, `${cmds.length} commands, ${r.ran.length} ran`);
      const left = status(clone).filter((line) => !was.includes(line));
      assert.deepEqual(left, [], `${page} left files in the clone`);
    });
  }
});
