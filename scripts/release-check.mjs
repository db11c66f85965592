// A release's first gate (.github/workflows/release.yml runs it before anything is built): the tag is `vX.Y.Z`,
// X.Y.Z is the version every place writes (scripts/version.mjs's check), and CHANGELOG.md has that version's
// section, dated (`## X.Y.Z (YYYY-MM-DD)`, not "unreleased") and not empty. Prints the section; with --notes FILE it
// also writes it there, the GitHub release's notes. Exits 1 with one line per problem.
//   node scripts/release-check.mjs v0.3.0 [--notes FILE] [--root DIR]
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return null;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const notes = option('--notes');
const root = path.resolve(option('--root') || path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const tag = args[0] || '';
const problems = [];

const m = /^v(\d+\.\d+\.\d+)$/.exec(tag);
if (!m) {
  console.error(`release-check.mjs: "${tag}" is not a release tag (vMAJOR.MINOR.PATCH, e.g. v0.3.0)`);
  process.exit(1);
}
const version = m[1];
const own = JSON.parse(fs.readFileSync(path.join(root, 'web', 'package.json'), 'utf8')).version;
if (own !== version) problems.push(`the tag is ${tag}, the package's version is ${own} (web/package.json)`);

// Every other place that writes the version agrees with the package's (the suite's check, run here on `root`).
const versionScript = path.join(root, 'scripts', 'version.mjs');
if (fs.existsSync(versionScript)) {
  try {
    execFileSync(process.execPath, [versionScript], { stdio: 'pipe' });
  } catch (e) {
    problems.push(String(e.stderr || e.message).trim());
  }
}

const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const heading = new RegExp(String.raw`^## ${version.replace(/\./g, '\\.')}\b(.*)$`, 'm').exec(changelog);
let section = '';
if (!heading) problems.push(`CHANGELOG.md has no "## ${version}" section`);
else {
  const rest = changelog.slice(heading.index + heading[0].length);
  const next = rest.search(/^## /m);
  section = (next < 0 ? rest : rest.slice(0, next)).trim();
  if (!/^ \(\d{4}-\d{2}-\d{2}\)$/.test(heading[1])) {
    problems.push(`CHANGELOG.md's "## ${version}${heading[1]}" is not dated: write "## ${version} (YYYY-MM-DD)"`);
  }
  if (!section) problems.push(`CHANGELOG.md's "## ${version}" section is empty`);
}

if (problems.length) {
  console.error(`release-check.mjs: ${tag} cannot be released:\n  ` + problems.join('\n  '));
  process.exit(1);
}
if (notes) fs.writeFileSync(notes, section + '\n');
console.log(`release-check.mjs: ${tag} is version ${version}, with its CHANGELOG.md section:\n\n${section}`);
