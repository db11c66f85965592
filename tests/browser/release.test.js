// A release as .github/workflows/release.yml makes it (docs/releasing.md), checked here without publishing anything:
// its first gate (scripts/release-check.mjs) with a good and a bad tag; the tarball scripts/pack made, as npm users'
// tools see it (publint, @arethetypeswrong/cli) and as `npm publish --dry-run` lists it, against docs/hosting.md's
// list; the release's zip (scripts/release-files.mjs), its README's tag pasted on a blank page beside its files; the
// zip checked against SHA384SUMS and laid out at the site's v/X.Y.Z/ (scripts/site-releases.mjs, site/build.mjs).
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const h = require('./helpers');

const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const TARBALL = path.join(h.ROOT, 'build', 'npm', `mirofish-${VERSION}.tgz`);
const BIN = path.join(h.ROOT, 'node_modules', '.bin');
const node = (args, opts) => spawnSync(process.execPath, args, Object.assign({ encoding: 'utf8' }, opts));
const HOSTING = fs.readFileSync(path.join(h.ROOT, 'docs', 'hosting.md'), 'utf8');

// The rows of the docs' table under `heading` (docs/hosting.md): the backticked names of each row's first cell.
function listed(heading) {
  const start = HOSTING.indexOf(heading);
  assert.ok(start >= 0, `docs/hosting.md has "${heading}"`);
  const rest = HOSTING.slice(start + heading.length);
  const section = rest.slice(0, rest.search(/\n#{2,3} /));
  return section
    .split('\n')
    .filter((l) => /^\| `/.test(l))
    .flatMap((l) => [...l.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

describe('a release, without publishing it', () => {
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-release-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('release-check.mjs: a tag that is the version, with its dated CHANGELOG section, passes; any other is named', () => {
    // A project of one version, as the workflow checks out a tag.
    const root = path.join(dir, 'project');
    fs.mkdirSync(path.join(root, 'web'), { recursive: true });
    fs.writeFileSync(path.join(root, 'web', 'package.json'), '{"name": "mirofish", "version": "1.2.3"}\n');
    const changelog = (heading) =>
      fs.writeFileSync(
        path.join(root, 'CHANGELOG.md'),
        `# Changelog\n\n${heading}\n\n- A change.\n\n## 1.2.2 (2027-01-01)\n\n- Before.\n`,
      );
    const check = (tag, ...more) =>
      node([path.join(h.ROOT, 'scripts', 'release-check.mjs'), tag, '--root', root, ...more]);

    changelog('## 1.2.3 (2027-02-03)');
    const notes = path.join(dir, 'notes.md');
    const good = check('v1.2.3', '--notes', notes);
    assert.equal(good.status, 0, good.stderr);
    assert.equal(fs.readFileSync(notes, 'utf8'), '- A change.\n', 'the notes are the section, its heading left out');

    const bad = (tag, line) => {
      const r = check(tag);
      assert.equal(r.status, 1, `${tag}: ${r.stdout}`);
      assert.ok(r.stderr.includes(line), `${tag}: ${r.stderr}`);
    };
    bad('v1.2.4', "the tag is v1.2.4, the package's version is 1.2.3 (web/package.json)");
    bad('v1.2.4', 'CHANGELOG.md has no "## 1.2.4" section');
    bad('1.2.3', '"1.2.3" is not a release tag (vMAJOR.MINOR.PATCH, e.g. v0.3.0)');
    bad('v1.2.3-rc.1', 'is not a release tag');
    changelog('## 1.2.3 (unreleased)');
    bad('v1.2.3', 'CHANGELOG.md\'s "## 1.2.3 (unreleased)" is not dated: write "## 1.2.3 (YYYY-MM-DD)"');
    // This repository: another version's tag never passes.
    const r = node([path.join(h.ROOT, 'scripts', 'release-check.mjs'), 'v0.0.1']);
    assert.equal(r.status, 1);
    assert.ok(r.stderr.includes(`the tag is v0.0.1, the package's version is ${VERSION}`), r.stderr);
  });

  it('the tarball as npm publishes it: exactly the files docs/hosting.md lists', () => {
    assert.ok(fs.existsSync(TARBALL), 'scripts/pack made ' + TARBALL);
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['xzf', TARBALL, '-C', unpacked]);
    // npm decides what a publish sends (the `files` field, its own rules): ask it, as the workflow's publish would.
    const out = execFileSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts', '--offline'], {
      cwd: path.join(unpacked, 'package'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(out);
    const files = (report.files || report.mirofish.files).map((f) => f.path).sort();
    const patterns = listed('### What the package holds');
    const match = (p, f) => new RegExp('^' + p.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+') + '$').test(f);
    assert.deepEqual(
      files.filter((f) => !patterns.some((p) => match(p, f))),
      [],
      'published, not listed in the docs',
    );
    assert.deepEqual(
      patterns.filter((p) => !files.some((f) => match(p, f))),
      [],
      'listed in the docs, not published',
    );
  });

  it('publint and @arethetypeswrong/cli on the tarball: no error; what is left is what docs/hosting.md names', () => {
    // NO_COLOR: with CI set, publint colours its lines, and the numbered findings below would not match.
    const publint = spawnSync(path.join(BIN, 'publint'), ['run', TARBALL, '--level', 'suggestion'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(publint.status, 0, publint.stdout + publint.stderr);
    const said = (publint.stdout.match(/^\d+\. .*$/gm) || []).map((l) => l.replace(/^\d+\. /, ''));
    const named = listed("### What npm users' tools say").filter((n) => n.startsWith('publint: '));
    assert.deepEqual(
      said.map((l) => 'publint: ' + /^(pkg\.\w+)/.exec(l)[1]),
      named,
      'publint said:\n' + said.join('\n'),
    );

    // The classic files are for a <script> tag, not imports: their exports (./dist/...) carry no types by design.
    const files = Object.keys(
      JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).exports,
    ).filter((k) => k.startsWith('./dist/'));
    const attw = spawnSync(
      path.join(BIN, 'attw'),
      [TARBALL, '--profile', 'esm-only', '--format', 'json', '--exclude-entrypoints', ...files],
      { encoding: 'utf8' },
    );
    const problems = JSON.parse(attw.stdout).analysis.problems.filter(
      (p) => !['node10', 'node16-cjs'].includes(p.resolutionKind), // the esm-only profile's: an ES-module-only package
    );
    const left = [...new Set(problems.map((p) => 'attw: ' + p.kind + ' ' + p.entrypoint.replace(/^\./, 'mirofish')))];
    assert.deepEqual(
      left.sort(),
      listed("### What npm users' tools say")
        .filter((n) => n.startsWith('attw: '))
        .sort(),
    );
  });

  it("the release's zip: its README's tag on a blank page beside its files gives a school, checked by its integrity", async () => {
    const out = path.join(dir, 'release');
    const zip = node([path.join(h.ROOT, 'scripts', 'release-files.mjs'), out]);
    assert.equal(zip.status, 0, zip.stderr);
    assert.equal(zip.stdout.trim(), path.join(out, `mirofish-${VERSION}.zip`));
    // A site's folder: the zip unpacked as mirofish/ at its root, a blank page with the README's first tag.
    const site = path.join(dir, 'site');
    fs.mkdirSync(site);
    execFileSync('python3', ['-m', 'zipfile', '-e', path.join(out, `mirofish-${VERSION}.zip`), site]);
    fs.renameSync(path.join(site, `mirofish-${VERSION}`), path.join(site, 'mirofish'));
    const readme = fs.readFileSync(path.join(site, 'mirofish', 'README.txt'), 'utf8');
    const tag = /^ {2}(<script src="\/mirofish\/mirofish\.js".*<\/script>)$/m.exec(readme);
    assert.ok(tag, readme);
    assert.match(tag[1], /integrity="sha384-[\w+/=]{64}" crossorigin="anonymous"/);
    fs.writeFileSync(
      path.join(site, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title><link rel="icon" href="data:,">` +
        `</head><body>\n${tag[1]}\n</body></html>`,
    );
    const srv = await h.serveDir(site);
    const browser = await h.launch([], { asServed: true });
    try {
      const p = await browser.newPage({ viewport: { width: 480, height: 320 } });
      const log = h.watchConsole(p);
      await p.goto(srv.base + '/');
      const s = await p.evaluate(async () => {
        const school = await window.MiroFish.ready;
        if (!school) return null;
        while (school.stats().frames < 2) await new Promise((r) => setTimeout(r, 20));
        return { fish: school.stats().fish, thread: school.stats().thread };
      });
      assert.deepEqual(s, { fish: 200, thread: 'worker' });
      assert.deepEqual(log.errors(), []);
      assert.deepEqual(log.warnings(), []);
    } finally {
      await browser.close();
      await srv.close();
    }

    // SHA384SUMS, as `sha384sum -c` reads it, and the site's v/X.Y.Z/ laid from the checked zip.
    execFileSync('sha384sum', ['--quiet', '-c', 'SHA384SUMS'], { cwd: out });
    const releases = path.join(dir, 'releases');
    const laid = node([path.join(h.ROOT, 'scripts', 'site-releases.mjs'), releases, '--from', out]);
    assert.equal(laid.status, 0, laid.stderr);
    const built = node([path.join(h.ROOT, 'site', 'build.mjs'), path.join(dir, 'site-build')], {
      env: Object.assign({}, process.env, { SITE_RELEASES: releases }),
    });
    assert.equal(built.status, 0, built.stderr);
    const v = path.join(dir, 'site-build', 'v', VERSION);
    assert.deepEqual(fs.readdirSync(v).sort(), fs.readdirSync(path.join(site, 'mirofish')).sort());
    for (const f of fs.readdirSync(v)) {
      assert.ok(fs.readFileSync(path.join(v, f)).equals(fs.readFileSync(path.join(site, 'mirofish', f))), f);
    }
    // A zip that does not match its sums is refused, and lays nothing.
    const bytes = fs.readFileSync(path.join(out, `mirofish-${VERSION}.zip`));
    bytes[bytes.length - 30] ^= 1;
    fs.writeFileSync(path.join(out, `mirofish-${VERSION}.zip`), bytes);
    const refused = node([path.join(h.ROOT, 'scripts', 'site-releases.mjs'), path.join(dir, 'refused'), '--from', out]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, new RegExp(`mirofish-${VERSION}\\.zip does not match its release's SHA384SUMS`));
  });
});
