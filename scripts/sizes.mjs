// The shipped files' gzipped sizes (gzip -9, as a server sends them), from the build (build/web/dist), in the one
// form the docs quote them: where a doc must state a file's size it writes <!--size:FILE-->12.6 KB<!--/size-->
// (FILE: one name, or names joined by +, summed), and docs/performance.md's budgets table <!--gate:FILE-->...<!--/gate-->
// with the limit from scripts/size-gates.json, the gates scripts/test-browser holds. The docs' script tags are the
// build's too: a tag whose src ends in a shipped file (`.../mirofish.js`) and that carries `integrity="sha384-..."`
// gets that file's hash (docs/hosting.md#integrity), and must carry `crossorigin="anonymous"`; a release builds the
// same bytes and checks that they agree (docs/releasing.md).
//   node scripts/sizes.mjs           rewrites every span and tag in README.md, docs/*.md and bench/README.md
//   node scripts/sizes.mjs --check   names each span or tag that differs from the build and exits 1 (scripts/test)
//   node scripts/sizes.mjs --gate    prints each gate's files and fails above a gate (scripts/test-browser)
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'build', 'web', 'dist');
const { gates } = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'size-gates.json'), 'utf8'));
const mode = process.argv[2] || '';
const SPAN = /<!--(size|gate):([\w.+-]+)-->([^<]*)<!--\/\1-->/g;
// A tag's integrity: group 1 the file's name, 2 the hash written.
const TAG = /<script\b[^>]*?\bsrc="[^"]*\/(mirofish[\w.-]*)"[^>]*?\bintegrity="([^"]*)"[^>]*>/g;

const cache = new Map();
function gzipped(name) {
  if (!cache.has(name)) {
    const file = path.join(dist, name);
    if (!fs.existsSync(file)) fail(`${file} is missing: build the web preset first (cmake --build --preset web)`);
    cache.set(name, execFileSync('gzip', ['-9c', file], { maxBuffer: 1 << 28 }).length);
  }
  return cache.get(name);
}
const total = (files) => files.reduce((sum, f) => sum + gzipped(f), 0);
function integrity(name) {
  const file = path.join(dist, name);
  if (!fs.existsSync(file)) fail(`${file} is missing: build the web preset first (cmake --build --preset web)`);
  return 'sha384-' + crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64');
}
const bytes = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ' '); // 15 000, as the docs write numbers
const kb = (n) => (n / 1000).toFixed(1) + ' KB';

function fail(text) {
  console.error('sizes.mjs: ' + text);
  process.exit(1);
}

if (mode === '--gate') {
  let over = 0;
  for (const g of gates) {
    const n = total(g.files);
    console.log(`sizes.mjs: ${g.files.join(' + ')} (${g.what}): ${bytes(n)} bytes gzipped (gate: ${bytes(g.max)})`);
    if (n > g.max) {
      console.error(`sizes.mjs: ${g.files.join(' + ')} is over its gate, ${bytes(g.max)} bytes gzipped`);
      over++;
    }
  }
  process.exit(over ? 1 : 0);
}
if (mode && mode !== '--check') fail('unknown option ' + mode + ' (none, --check or --gate)');

const docs = ['README.md', 'bench/README.md'].concat(
  fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => 'docs/' + f),
);
const stale = [];
for (const doc of docs) {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  const next = text
    .replace(SPAN, (span, kind, names, old) => {
      const files = names.split('+');
      let now;
      if (kind === 'size') now = kb(total(files));
      else {
        const gate = gates.find((g) => g.files.join('+') === names);
        if (!gate) fail(`${doc}: no gate for ${names} in scripts/size-gates.json`);
        now = '≤ ' + bytes(gate.max) + ' bytes';
      }
      if (now !== old) stale.push(`${doc}: ${names} reads "${old}", the build says "${now}"`);
      return `<!--${kind}:${names}-->${now}<!--/${kind}-->`;
    })
    .replace(TAG, (tag, name, old) => {
      const now = integrity(name);
      if (now !== old) stale.push(`${doc}: the tag of ${name} has integrity "${old}", the build's is "${now}"`);
      if (!/\bcrossorigin="anonymous"/.test(tag))
        stale.push(`${doc}: the tag of ${name} has no crossorigin="anonymous"`);
      return tag.replace('integrity="' + old + '"', 'integrity="' + now + '"');
    });
  if (mode !== '--check' && next !== text) fs.writeFileSync(path.join(root, doc), next);
}
if (mode === '--check' && stale.length) {
  fail(
    stale.length + ' size(s) in the docs differ from the build (run node scripts/sizes.mjs):\n  ' + stale.join('\n  '),
  );
}
console.log(
  'sizes.mjs: ' +
    (mode === '--check' ? 'the docs agree with the build' : stale.length + ' span(s) and tag(s) rewritten'),
);
