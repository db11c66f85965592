#!/usr/bin/env node
// Planted misspellings (docs/architecture.md, "What tsc catches"): each one alone is put into a file of web/, the
// product's `tsc -p web/<product>` runs, and the file is restored. It measures what the JSDoc types hold: a
// misspelt field write, message type, option or method, a handler left out of a table. Prints one row per plant;
// exits 1 if a plant no longer finds its place (the code moved: move the plant) or one that tsc should catch passes.
//   node scripts/plant-typos.mjs [ROOT]   (ROOT: a checkout with node_modules, default this one)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] || path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');

// Each plant: in the first of `files` (under web/) where `find` matches, its first match becomes `to`, and
// `tsc -p web/<product>` runs. A `#?` finds a field before and after it became #private. `gap`: tsc is known to let
// it through, and why (reported, not a failure); `optional`: a place only some versions have (else n/a).
const PLANTS = [
  {
    what: 'EngineSchool.failOnce: a field write',
    files: ['engine/school.js'],
    find: /(this\.#?(?:life\.)?failed = this\.#?(?:life\.)?)destroyed/,
    to: '$1destroyd',
  },
  {
    what: 'Governor.judge: a field write',
    files: ['engine/quality.js'],
    find: /(CAP_LIFT \* this\.#?cap\) this\.#?)cap = 0/,
    to: '$1cpa = 0',
  },
  {
    what: 'Governor.judge: a field write without its #',
    files: ['engine/quality.js'],
    find: /(CAP_LIFT \* this\.#cap\) this\.)#cap = 0/,
    to: '$1cap = 0',
    optional: true,
    gap: 'tests/js/fields.test.mjs fails on it',
  },
  {
    what: 'Loop.frame: a field write',
    files: ['engine/loop.js'],
    find: /(this\.#?)timerWoke = false;/,
    to: '$1timerWkoe = false;',
  },
  {
    what: 'Context.found: a field write',
    files: ['engine/context.js'],
    find: /(this\.#?)askDue = false;/,
    to: '$1askDeu = false;',
  },
  {
    what: 'COMMANDS: a message type',
    files: ['engine/commands.js'],
    find: /\n {2}hash: \(s, msg\) =>/,
    to: '\n  hahs: (s, msg) =>',
  },
  { what: 'COMMANDS: an entry left out', files: ['engine/commands.js'], find: /\n {2}stateHash: .*/, to: '' },
  {
    what: "engine's channel handlers: an entry left out",
    files: ['engine/serve.js'],
    find: /\n {4}hash: toSchool,/,
    to: '',
  },
  {
    what: 'a warning: its message type',
    files: ['engine/warnings.js', 'engine/school.js'],
    find: /\{ t: 'warn', text \}/,
    to: "{ t: 'wran', text }",
  },
  {
    what: 'EngineSchool: a method called',
    files: ['engine/school.js'],
    find: /(this\.#?loop\.)update\(\)/,
    to: '$1updaet()',
  },
  {
    what: 'HostSchool.teardown: a grouped field write',
    files: ['host/school.js'],
    find: /this\.life\.destroyed = true/,
    to: 'this.life.destroyd = true',
  },
  {
    what: 'HostSchool.start: a field write (its parts)',
    files: ['host/school_parts.js', 'host/school.js'],
    find: /(this\.#?)listeners = createListeners/,
    to: '$1listenrs = createListeners',
  },
  {
    what: 'Avoid.update: a field write',
    files: ['host/avoid.js'],
    find: /(this\.#?)sentCount = n;/,
    to: '$1sentCuont = n;',
  },
  {
    what: 'PointerLink.flush: a field write without its #',
    files: ['host/pointer_link.js'],
    find: /(this\.)#sent = true;\n(\s+this\.#post)/,
    to: '$1sent = true;\n$2',
    optional: true,
    gap: 'tests/js/fields.test.mjs fails on it',
  },
  {
    what: "HostSchool: a page's option read",
    files: ['host/school.js'],
    find: /options\.antialias === undefined/,
    to: 'options.antialais === undefined',
  },
  {
    what: 'RECEIVE: an entry left out',
    files: ['host/school_link.js', 'host/school.js'],
    find: /\n {2}level: \(h, msg\) => \{\n.*\n {2}\},/,
    to: '',
  },
  {
    what: "host's channel handlers: a message type",
    files: ['host/engine_link.js'],
    find: /needCanvas: toSchool,/,
    to: 'needCanvs: toSchool,',
  },
  {
    what: 'a flag sent',
    files: ['host/handle.js'],
    find: /setFlags\(\{ paused: true \}\)/,
    to: 'setFlags({ pasued: true })',
  },
  {
    what: 'Metrics.sample: a #private field write',
    files: ['studio/metrics.js'],
    find: /this\.#lastStep = step;/,
    to: 'this.#lastStpe = step;',
  },
  {
    what: "record()'s options: a name",
    files: ['studio/record.js'],
    find: /\n {4}seconds: Number\(/,
    to: '\n    secnods: Number(',
  },
  {
    what: "the recorder's handlers: an entry left out",
    files: ['record/serve.js'],
    find: /\n {4}hello: \(\) => true,/,
    to: '',
  },
  {
    what: 'a call to the recorder: its message type',
    files: ['record/link.js'],
    find: /\{ t: 'record', job \}/,
    to: "{ t: 'recrod', job }",
  },
  {
    what: "the host's: a method called",
    files: ['loader/loader.js'],
    find: /h\.mount\(target, options\)/,
    to: 'h.muont(target, options)',
  },
].map((p) => ({ ...p, product: p.files[0].split('/')[0] }));

/** @param {string} product @returns {string} tsc's errors, '' when it passes */
function check(product) {
  const r = spawnSync(tsc, ['-p', path.join(root, 'web', product)], { encoding: 'utf8' });
  if (r.error) throw r.error;
  return r.status === 0 ? '' : r.stdout.trim() || 'tsc exited ' + r.status;
}

// An interrupted run leaves no plant behind.
let planted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (planted) fs.writeFileSync(planted.file, planted.text);
    process.exit(130);
  });
}

let bad = 0;
const rows = [];
for (const product of new Set(PLANTS.map((p) => p.product))) {
  if (check(product)) throw new Error('tsc -p web/' + product + ' fails before any plant: nothing to measure');
}
for (const p of PLANTS) {
  const file = p.files
    .map((f) => path.join(root, 'web', f))
    .find((f) => fs.existsSync(f) && p.find.test(fs.readFileSync(f, 'utf8')));
  const where = file ? path.relative(path.join(root, 'web'), file) : p.files[0];
  if (!file) {
    rows.push([p.what, where, p.optional ? 'n/a' : 'not found']);
    if (!p.optional) bad++;
    continue;
  }
  const text = fs.readFileSync(file, 'utf8');
  let errors;
  try {
    planted = { file, text };
    fs.writeFileSync(file, text.replace(p.find, p.to));
    errors = check(p.product);
  } finally {
    fs.writeFileSync(file, text); // restored, whatever tsc did
    planted = null;
  }
  // The first error, to its first sentence: its code and what it says.
  const first = errors
    .split('\n')[0]
    .replace(/^.*error (TS\d+): /, '$1 ')
    .replace(/'[^']{40,}'/g, "'...'") // a long type named in full says nothing more
    .replace(/\. .*$/, '.');
  rows.push([p.what, where, errors ? 'caught: ' + first : p.gap ? 'passes (' + p.gap + ')' : 'passes']);
  if (!errors && !p.gap) bad++;
}
const caught = rows.filter((r) => r[2].startsWith('caught')).length;
for (const r of rows) console.log('| ' + r.join(' | ') + ' |');
console.log(`${caught} of ${rows.filter((r) => r[2] !== 'n/a').length} caught by tsc`);
process.exit(bad ? 1 : 0);
