#!/usr/bin/env node
// The plugin's zip (scripts/wordpress-zip runs this after the build): wordpress/mirofish/ as it is, plus what the
// build made, into build/wordpress/mirofish/ and then build/wordpress/mirofish-<version>.zip (one folder, mirofish/,
// as WordPress's uploader wants it); prints the zip's path.
//   vendor/       the four files of build/web/dist/ as built (mirofish.js finds the other three beside itself, and
//                 its integrity hashes, where it carries them, cover them as built)
//   params.php    the parameter table, from `mirofish params --json` (src/sim/params.h): the ranges the settings
//                 page and the block check values against, never copied by hand
//   LICENSE       the repository's
// readme.txt's {{source}} becomes the project's public repository (source.mjs: SITE_REPO, a public git `origin`, or
// web/package.json's `repository`); with none of them the zip is not made. The same bytes for the same inputs
// (entries sorted, fixed times), so a release's zip can be made again and compared.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sourceUrl } from './source.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'wordpress', 'mirofish');
const OUT = path.join(ROOT, 'build', 'wordpress');
const STAGE = path.join(OUT, 'mirofish');
const DIST = path.join(ROOT, 'build', 'web', 'dist');
const CLI = process.env.MIROFISH_CLI || path.join(ROOT, 'build', 'native', 'mirofish');
const VENDOR = ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'];

function fail(message) {
  process.stderr.write('wordpress-zip: ' + message + '\n');
  process.exit(1);
}

// The plugin states the package's version wherever WordPress reads one (scripts/version.mjs keeps them in step).
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'package.json'), 'utf8'));
const version = pkg.version;

// Decided first, before anything is read or written: a zip without its source link is not made at all.
function gitOrigin() {
  try {
    return execFileSync('git', ['-C', ROOT, 'remote', 'get-url', 'origin'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch (e) {
    return ''; // no remote, or no git
  }
}
const source = sourceUrl({ siteRepo: process.env.SITE_REPO, origin: gitOrigin(), repository: pkg.repository });
if (!source.url) fail(source.problem);
// --source: the link alone (scripts/wordpress-zip asks first, so a clone without one is told before it builds).
if (process.argv[2] === '--source') {
  process.stdout.write(source.url + '\n');
  process.exit(0);
}

const stated = [
  ['mirofish.php', /^ \* Version:\s+(\S+)$/m],
  ['mirofish.php', /define\( 'MIROFISH_VERSION', '([^']+)' \)/],
  ['readme.txt', /^Stable tag: (\S+)$/m],
  ['block/block.json', /"version": "([^"]+)"/],
];
for (const [file, pattern] of stated) {
  const m = fs.readFileSync(path.join(SRC, file), 'utf8').match(pattern);
  if (!m || m[1] !== version) fail(`wordpress/mirofish/${file} states ${m ? m[1] : 'no version'}, not ${version}`);
}

for (const f of VENDOR) {
  if (!fs.existsSync(path.join(DIST, f))) fail(`build/web/dist/${f} is missing: build the web bundle first`);
}
if (!fs.existsSync(CLI)) fail(`${path.relative(ROOT, CLI)} is missing: build the native CLI first (its table)`);

// A PHP literal of a table value (names, keys, value names and help are plain text; numbers finite).
function php(v) {
  if (typeof v === 'string') return "'" + v.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (Array.isArray(v)) return v.length ? 'array( ' + v.map(php).join(', ') + ' )' : 'array()';
  return fail('the parameter table has a value PHP cannot take: ' + JSON.stringify(v));
}

const table = JSON.parse(execFileSync(CLI, ['params', '--json'], { encoding: 'utf8' }));
const rows = table.map((p) => {
  const fields = ['key', 'def', 'min', 'max', 'integer', 'group', 'values', 'help'].map(
    (k) => `${php(k)} => ${php(p[k])}`,
  );
  return `\t${php(p.name)} => array( ${fields.join(', ')} ),`;
});
const params = [
  '<?php',
  '/**',
  ' * The parameter table (src/sim/params.h), as `mirofish params --json` gives it: written by scripts/wordpress-zip,',
  ' * do not edit.',
  ' *',
  ' * @package MiroFish',
  ' */',
  '',
  "defined( 'ABSPATH' ) || exit;",
  '',
  'return array(',
  ...rows,
  ');',
  '',
].join('\n');

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
fs.cpSync(SRC, STAGE, { recursive: true });
fs.mkdirSync(path.join(STAGE, 'vendor'));
for (const f of VENDOR) fs.copyFileSync(path.join(DIST, f), path.join(STAGE, 'vendor', f));
fs.writeFileSync(path.join(STAGE, 'params.php'), params);
fs.copyFileSync(path.join(ROOT, 'LICENSE'), path.join(STAGE, 'LICENSE'));
const readme = path.join(STAGE, 'readme.txt');
fs.writeFileSync(readme, fs.readFileSync(readme, 'utf8').replace('{{source}}', source.url));

// Python's zipfile (python3 is a build dependency already): sorted entries, fixed times and modes.
const zip = path.join(OUT, `mirofish-${version}.zip`);
execFileSync(
  'python3',
  [
    '-c',
    `
import os, sys, zipfile
base, out = sys.argv[1], sys.argv[2]
entries = []
for d, dirs, files in os.walk(os.path.join(base, 'mirofish')):
    dirs.sort()
    rel = os.path.relpath(d, base)
    entries.append((rel + '/', None))
    entries += [(os.path.join(rel, f), os.path.join(d, f)) for f in sorted(files)]
with zipfile.ZipFile(out, 'w') as z:
    for name, src in entries:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (0o40755 if src is None else 0o100644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, b'' if src is None else open(src, 'rb').read(), compresslevel=9)
`,
    OUT,
    zip,
  ],
  { stdio: 'inherit' },
);
process.stdout.write(path.relative(ROOT, zip) + '\n');
