// Every release's files for the site's v/X.Y.Z/ (site/build.mjs, SITE_RELEASES=OUT): each GitHub release's
// mirofish-X.Y.Z.zip, checked against that release's SHA384SUMS, then unpacked into OUT/X.Y.Z/ and each file checked
// again. A version's folder on the site is thus always what was released, whatever main holds
// (.github/workflows/pages.yml). `--from DIR` takes the zips and SHA384SUMS from a folder instead (as
// scripts/release-files.mjs writes them: tests/browser/release.test.js).
//   GH_TOKEN=... GITHUB_REPOSITORY=owner/name node scripts/site-releases.mjs OUT
//   node scripts/site-releases.mjs OUT --from DIR
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? args.splice(fromAt, 2)[1] : null;
const out = path.resolve(args[0] || 'build/releases');

function fail(text) {
  console.error('site-releases.mjs: ' + text);
  process.exit(1);
}

const sha384 = (bytes) => crypto.createHash('sha384').update(bytes).digest('hex');

// SHA384SUMS's lines (`HEX  NAME`) as a Map of NAME to HEX.
function parseSums(text) {
  const sums = new Map();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{96}) [ *](.+)$/.exec(line.trim());
    if (m) sums.set(m[2], m[1]);
  }
  return sums;
}

// Checks `zip` (its bytes) against `sums`, unpacks it into OUT/VERSION/ and checks each file too.
function unpack(version, zip, sums) {
  const name = 'mirofish-' + version;
  if (sums.get(name + '.zip') !== sha384(zip)) fail(`${name}.zip does not match its release's SHA384SUMS`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-release-'));
  fs.writeFileSync(path.join(tmp, name + '.zip'), zip);
  execFileSync('python3', ['-m', 'zipfile', '-e', path.join(tmp, name + '.zip'), tmp]);
  const dir = path.join(out, version);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(path.join(tmp, name))) {
    const bytes = fs.readFileSync(path.join(tmp, name, f));
    if (sums.get(name + '/' + f) !== sha384(bytes)) fail(`${name}/${f} does not match its release's SHA384SUMS`);
    fs.writeFileSync(path.join(dir, f), bytes);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`site-releases.mjs: ${version} -> ${dir}`);
}

async function fromGitHub() {
  const repo = process.env.GITHUB_REPOSITORY;
  const api = process.env.GITHUB_API_URL || 'https://api.github.com';
  if (!repo) fail('GITHUB_REPOSITORY (owner/name) is not set');
  const headers = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' };
  if (process.env.GH_TOKEN) headers.Authorization = 'Bearer ' + process.env.GH_TOKEN;
  const get = async (url, accept) => {
    const res = await fetch(url, { headers: accept ? Object.assign({}, headers, { Accept: accept }) : headers });
    if (!res.ok) fail(`${url}: HTTP ${res.status}`);
    return res;
  };
  const asset = (release, name) => {
    const a = release.assets.find((x) => x.name === name);
    if (!a) fail(`the release ${release.tag_name} has no ${name}`);
    return get(a.url, 'application/octet-stream').then((res) => res.arrayBuffer());
  };
  for (let page = 1; ; page++) {
    const releases = await (await get(`${api}/repos/${repo}/releases?per_page=100&page=${page}`)).json();
    for (const release of releases) {
      const m = /^v(\d+\.\d+\.\d+)$/.exec(release.tag_name);
      if (!m || release.draft) continue;
      const sums = parseSums(Buffer.from(await asset(release, 'SHA384SUMS')).toString('utf8'));
      unpack(m[1], Buffer.from(await asset(release, `mirofish-${m[1]}.zip`)), sums);
    }
    if (releases.length < 100) break;
  }
}

fs.mkdirSync(out, { recursive: true });
if (from) {
  const sums = parseSums(fs.readFileSync(path.join(from, 'SHA384SUMS'), 'utf8'));
  for (const f of fs.readdirSync(from)) {
    const m = /^mirofish-(\d+\.\d+\.\d+)\.zip$/.exec(f);
    if (m) unpack(m[1], fs.readFileSync(path.join(from, f)), sums);
  }
} else {
  await fromGitHub();
}
