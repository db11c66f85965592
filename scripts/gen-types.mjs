#!/usr/bin/env node
// Writes the parameter part of web/mirofish.d.ts (the MiroFishParamName union and the table's options) from the C++
// parameter table, read from `mirofish params --json`: the types cannot drift from src/sim/params.h.
//   node scripts/gen-types.mjs          rewrite the generated blocks
//   node scripts/gen-types.mjs --check  exit 1 if web/mirofish.d.ts is not what it would write
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DTS = path.join(ROOT, 'web', 'mirofish.d.ts');
const CLI = process.env.MIROFISH_CLI || path.join(ROOT, 'build', 'native', 'mirofish');
const NAMED = { quality: ['auto', 'high', 'low'], layer: ['behind', 'back', 'element'], click: ['feed', 'scare'] };  // web/shim/util.js
const GROUPS = { sim: 'Simulation', pointer: 'Pointer, touch and clicks', view: 'Drawing and page citizenship',
  page: "The page owner's own settings: a link never reads or writes them (page only)" };

const table = JSON.parse(execFileSync(CLI, ['params', '--json'], { encoding: 'utf8' }));

function doc(p) {
  const help = p.help.charAt(0).toUpperCase() + p.help.slice(1);
  const kind = [p.integer ? 'whole number' : 'number', p.unit !== '-' ? p.unit : ''].filter(Boolean).join(', ');
  const where = p.group === 'page' ? 'page only' : 'hash key `' + p.key + '`';
  return `  /** ${help} (${kind}; ${where}). */`;
}
function type(p) {
  if (NAMED[p.name]) return NAMED[p.name].map((n) => `'${n}'`).join(' | ') + ' | number';
  return p.integer && p.max === 1 ? 'number | string | boolean' : 'number | string';
}

const union = ['/** Names of every parameter; also accepted: their URL-hash keys (`n`, `rsep`, ...). */',
  'export type MiroFishParamName =', ...table.map((p, i) => `  | '${p.name}'${i === table.length - 1 ? ';' : ''}`)];
const options = [];
let group = '';
for (const p of table) {
  if (p.group !== group) {
    group = p.group;
    if (options.length) options.push('');
    options.push(`  // --- ${GROUPS[group]} ---`);
  }
  options.push(doc(p), `  ${p.name}?: ${type(p)};`);
}

function replaceBlock(text, name, lines) {
  const begin = `// <generated ${name}: scripts/gen-types.mjs from the C++ parameter table; do not edit>`;
  const end = `// </generated ${name}>`;
  const a = text.indexOf(begin), b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`web/mirofish.d.ts has no generated block '${name}'`);
  const indent = text.slice(text.lastIndexOf('\n', a) + 1, a);
  return text.slice(0, a + begin.length) + '\n' + lines.join('\n') + '\n' + indent + text.slice(b);
}

const before = fs.readFileSync(DTS, 'utf8');
let after = replaceBlock(before, 'names', union);
after = replaceBlock(after, 'options', options);
if (process.argv.includes('--check')) {
  if (after !== before) {
    process.stderr.write('web/mirofish.d.ts is out of date with the parameter table: run node scripts/gen-types.mjs\n');
    process.exit(1);
  }
  process.stdout.write('gen-types: web/mirofish.d.ts matches the parameter table\n');
} else {
  fs.writeFileSync(DTS, after);
  process.stdout.write('gen-types: wrote web/mirofish.d.ts\n');
}
