// A release as docs/releasing.md writes it, followed to the letter in a throwaway repository (issue 61): the working
// tree copied and committed, a bare repository as its remote, and the web build's link beside it (build/web/core,
// not its CMake folder: scripts/bump bundles the JS from it and compiles nothing). The doc's `sh` blocks under
// "Cutting a release" run in order (scripts/bump, the `sed` that dates CHANGELOG.md's heading, git), X.Y.Z the next
// patch and X.Y.Z+1 the one after, `scripts/test` replaced by its checks of the version and the docs' bytes (the
// whole suite is this file's caller). At the pushed tag, what .github/workflows/release.yml checks before it
// publishes; at the end, main at the next version, green.
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const h = require('./helpers');

const DOC = fs.readFileSync(path.join(h.ROOT, 'docs', 'releasing.md'), 'utf8');
const WORKFLOW = fs.readFileSync(path.join(h.ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const patch = (v) => v.replace(/\d+$/, (n) => String(Number(n) + 1));
const RELEASE = patch(VERSION);
const NEXT = patch(RELEASE);
// What scripts/test checks of a version and the docs' bytes (scripts/test, scripts/test-browser).
const SUITE = 'node scripts/version.mjs && node scripts/sizes.mjs --check';
// A git of its own: no one's config, a fixed name.
const ENV = Object.assign({}, process.env, {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Dry Run',
  GIT_AUTHOR_EMAIL: 'dry-run@example.invalid',
  GIT_COMMITTER_NAME: 'Dry Run',
  GIT_COMMITTER_EMAIL: 'dry-run@example.invalid',
});

// The ```sh blocks of the doc's section `heading` (up to the next `## `), in order.
function shBlocks(heading) {
  const start = DOC.indexOf('\n## ' + heading + '\n');
  assert.ok(start >= 0, `docs/releasing.md has "## ${heading}"`);
  const rest = DOC.slice(start + heading.length + 5);
  const section = rest.slice(0, rest.search(/^## /m));
  return [...section.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map((m) =>
    m[2]
      .split('\n')
      .map((l) => l.slice(m[1].length))
      .filter((l) => l.trim()),
  );
}

// A block's lines as bash runs them here: the versions in, the suite's checks for the suite.
function script(lines) {
  return lines
    .map((l) => (/^scripts\/test\s*(#.*)?$/.test(l) ? SUITE : l))
    .map((l) => l.replaceAll('X.Y.Z+1', NEXT).replaceAll('X.Y.Z', RELEASE))
    .join('\n');
}

function run(cmd, cwd, env = ENV) {
  const r = spawnSync('bash', ['-euo', 'pipefail', '-c', cmd], { cwd, env, encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}
const git = (cwd, ...args) =>
  execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

describe('a release followed as docs/releasing.md writes it, in a throwaway repository', () => {
  let dir, repo, remote;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-dry-run-'));
    repo = path.join(dir, 'repo');
    remote = path.join(dir, 'remote.git');
    // The working tree as it is (its uncommitted changes too): what git tracks or would, not what it ignores.
    const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: h.ROOT })
      .toString()
      .split('\0')
      .filter((f) => f && fs.existsSync(path.join(h.ROOT, f)));
    for (const f of files) fs.cpSync(path.join(h.ROOT, f), path.join(repo, f));
    fs.symlinkSync(path.join(h.ROOT, 'node_modules'), path.join(repo, 'node_modules'));
    // The web build's link and the studio's shaders: what bundle.mjs reads besides the sources.
    const web = path.join(h.ROOT, 'build', 'web');
    fs.cpSync(path.join(web, 'core'), path.join(repo, 'build', 'web', 'core'), { recursive: true });
    fs.cpSync(
      path.join(web, 'src', 'web', 'studio_glsl.js'),
      path.join(repo, 'build', 'web', 'src', 'web', 'studio_glsl.js'),
    );
    git(dir, 'init', '-q', '--bare', '-b', 'main', remote);
    git(dir, 'init', '-q', '-b', 'main', repo);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'main');
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', '-u', 'origin', 'main');
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // Against the suite's own web build (made from this tree before the tests run): the bump's two bundle.mjs
  // commands are CMake's, byte for byte.
  it("scripts/bump to the version it has changes nothing: its bundles are CMake's bytes", () => {
    run(`scripts/bump ${VERSION}`, repo);
    const dist = path.join(h.ROOT, 'build', 'web', 'dist');
    for (const f of fs.readdirSync(dist)) {
      assert.ok(
        fs.readFileSync(path.join(repo, 'build', 'web', 'dist', f)).equals(fs.readFileSync(path.join(dist, f))),
        `dist/${f}: scripts/bump bundles other bytes than src/web/CMakeLists.txt's commands`,
      );
    }
    assert.equal(
      git(repo, 'status', '--porcelain'),
      '',
      "rewritten: the tree's docs are not its build's (sizes.mjs --check)",
    );
  });

  it('"Cutting a release" step by step, then the workflow\'s checks at the tag, then main at the next version', () => {
    const blocks = shBlocks('Cutting a release');
    assert.ok(blocks.length >= 4, 'the steps are sh blocks: ' + JSON.stringify(blocks));
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    let tagged = false;
    for (const lines of blocks) {
      run(script(lines), repo);
      if (git(remote, 'tag', '--list', 'v' + RELEASE) && !tagged) {
        tagged = true;
        atTheTag();
      }
    }
    assert.ok(tagged, `the steps pushed the tag v${RELEASE}`);
    // Main after the last step: the next version, every place and every hash, committed and pushed.
    assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'web', 'package.json'), 'utf8')).version, NEXT);
    assert.ok(
      fs.readFileSync(path.join(repo, 'build', 'web', 'dist', 'mirofish.js'), 'utf8').includes(`"${NEXT}"`),
      "the docs' hashes are of bundles built at the next version, as main's next build makes them",
    );
    assert.notEqual(fs.readFileSync(path.join(repo, 'README.md'), 'utf8'), readme, 'the README carries new hashes');
    run(SUITE, repo);
    assert.equal(git(repo, 'status', '--porcelain'), '', 'everything the steps wrote is committed');
    assert.equal(git(remote, 'rev-parse', 'main'), git(repo, 'rev-parse', 'HEAD'), 'and pushed');
  });

  // A checkout of the pushed tag, as the workflow gets it, with the bytes built for it: the `check` job's command as
  // release.yml writes it, and the `build` job's check of the docs' integrity.
  function atTheTag() {
    const tag = path.join(dir, 'tag');
    git(dir, 'clone', '-q', '--branch', 'v' + RELEASE, remote, tag);
    fs.symlinkSync(path.join(repo, 'build'), path.join(tag, 'build'));
    const check = /^\s*run: (node scripts\/release-check\.mjs .*)$/m.exec(WORKFLOW);
    assert.ok(check, 'release.yml runs release-check.mjs');
    run(check[1], tag, Object.assign({}, ENV, { GITHUB_REF_NAME: 'v' + RELEASE }));
    assert.ok(WORKFLOW.includes('node scripts/sizes.mjs --check'), 'release.yml checks the docs against its build');
    run('node scripts/sizes.mjs --check', tag);
    assert.ok(fs.readFileSync(path.join(tag, 'build', 'web', 'dist', 'mirofish.js'), 'utf8').includes(`"${RELEASE}"`));
  }
});
