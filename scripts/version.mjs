// The version, written in each place that states it, agrees with web/package.json (the package's own): with no
// argument it checks them all and names each one that differs (scripts/test runs it); `node scripts/version.mjs
// 0.4.0` writes the new one into every place and gives CHANGELOG.md its heading (scripts/bump runs it, then rebuilds
// what depends on it). The heading: an "(unreleased)" one on top is renamed (its changes are the next release's,
// whatever its number), a dated one (a release just made) gets "## 0.4.0 (unreleased)" above it; dating it is the
// release's, by hand (docs/releasing.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const V = String.raw`(\d+\.\d+\.\d+)`;
// [file, pattern whose group 1 is the version]: every match must be the version.
const PLACES = [
  ['web/package.json', new RegExp(String.raw`^  "version": "${V}"`, 'm')],
  ['package.json', new RegExp(String.raw`^  "version": "${V}"`, 'm')],
  ['package-lock.json', new RegExp(String.raw`^  "version": "${V}"`, 'm')],
  ['package-lock.json', new RegExp(String.raw`^      "name": "mirofish",\n      "version": "${V}"`, 'm')],
  ['src/base/constants.h', new RegExp(String.raw`X\(kVersion, text, "${V}"`)],
  ['tests/base/constants.test.cpp', new RegExp(String.raw`std::string\(kVersion\) == "${V}"`)],
  // The Python package (python/): its wheel's version on PyPI; mirofish.__version__ is the library's (kVersion).
  ['python/pyproject.toml', new RegExp(String.raw`^version = "${V}"$`, 'm')],
  // The WordPress plugin: its header and constant, its readme's stable tag, its block (wordpress/zip.mjs checks them too).
  ['wordpress/mirofish/mirofish.php', new RegExp(String.raw`^ \* Version:\s+${V}$`, 'm')],
  ['wordpress/mirofish/mirofish.php', new RegExp(String.raw`define\( 'MIROFISH_VERSION', '${V}' \)`)],
  ['wordpress/mirofish/readme.txt', new RegExp(String.raw`^Stable tag: ${V}$`, 'm')],
  ['wordpress/mirofish/block/block.json', new RegExp(String.raw`"version": "${V}"`)],
  // The docs: the tarball scripts/pack makes, the CDN URL of the published package, the site's v/X.Y.Z/.
  ...['README.md', 'docs/hosting.md', 'docs/frameworks.md', 'docs/releasing.md'].flatMap((f) => [
    [f, new RegExp(String.raw`mirofish-${V}\.tgz`, 'g')],
    [f, new RegExp(String.raw`mirofish@${V}`, 'g')],
    [f, new RegExp(String.raw`\bv/${V}/`, 'g')],
  ]),
];

const want = process.argv[2];
if (want !== undefined && !/^\d+\.\d+\.\d+$/.test(want)) {
  console.error('version.mjs: ' + want + ' is not a version (MAJOR.MINOR.PATCH)');
  process.exit(2);
}
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
const version = want || JSON.parse(read('web/package.json')).version;
const wrong = [];
let found = 0;
for (const [file, pattern] of PLACES) {
  let text = read(file);
  const global = pattern.global ? pattern : new RegExp(pattern.source, pattern.flags + 'g');
  const hits = [...text.matchAll(global)];
  if (!hits.length && !pattern.global) wrong.push(`${file}: no version where ${pattern} expects one`);
  for (const m of hits) {
    found++;
    if (m[1] !== version && !want) wrong.push(`${file}: ${m[1]}, not ${version} (${m[0].trim()})`);
  }
  if (want) {
    text = text.replace(global, (m, v) => m.replace(v, version));
    fs.writeFileSync(path.join(root, file), text);
  }
}
if (want) writeHeading();
else if (!read('CHANGELOG.md').includes('## ' + version)) wrong.push(`CHANGELOG.md: no "## ${version}" section`);
if (wrong.length) {
  console.error(
    'version.mjs: the version is written differently in ' + wrong.length + ' place(s):\n  ' + wrong.join('\n  '),
  );
  process.exit(1);
}
console.log(`version.mjs: ${version} in all ${found} places` + (want ? ' (written)' : ''));

function writeHeading() {
  const text = read('CHANGELOG.md');
  if (new RegExp(`^## ${version.replace(/\./g, '\\.')}\\b`, 'm').test(text)) return;
  const top = /^## \d+\.\d+\.\d+(.*)$/m.exec(text);
  if (!top) {
    console.error('version.mjs: CHANGELOG.md has no "## X.Y.Z" heading to put "## ' + version + '" beside');
    process.exit(1);
  }
  const heading = `## ${version} (unreleased)`;
  const next = top[1] === ' (unreleased)' ? heading : heading + '\n\n' + top[0];
  fs.writeFileSync(
    path.join(root, 'CHANGELOG.md'),
    text.slice(0, top.index) + next + text.slice(top.index + top[0].length),
  );
}
