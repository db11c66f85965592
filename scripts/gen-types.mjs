#!/usr/bin/env node
// Writes the parameter part of web/mirofish.d.ts (the MiroFishParamName union, the table's options and <miro-fish>'s
// attributes, which web/mirofish-{react,vue,svelte}.d.ts give JSX, Vue and Svelte) and the whole of
// docs/options.md from the C++ parameter table, read from `mirofish params --json` and `--markdown`, and the count of
// parameters wherever the docs say it (<!--params-->N<!--/params-->): the types and the docs cannot drift from
// src/sim/params.h. And the WordPress plugin's copy of the link's limits (look.php's `limits` block), from the
// constants table (src/base/constants.h): its php rows, as cmake/constants.cmake writes them.
//   node scripts/gen-types.mjs          rewrite the generated blocks, docs/options.md and the counts
//   node scripts/gen-types.mjs --check  exit 1 if any of them is not what it would write
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DTS = path.join(ROOT, 'web', 'mirofish.d.ts');
const OPTIONS_MD = path.join(ROOT, 'docs', 'options.md');
const LOOK_PHP = path.join(ROOT, 'wordpress', 'mirofish', 'includes', 'look.php');
const CLI = process.env.MIROFISH_CLI || path.join(ROOT, 'build', 'native', 'mirofish');

const GROUPS = {
  sim: 'Simulation',
  pointer: 'Pointer, touch and clicks',
  view: 'Drawing and page citizenship',
  page: "The page owner's own settings: a link never reads or writes them (page only)",
};

const table = JSON.parse(execFileSync(CLI, ['params', '--json'], { encoding: 'utf8' }));
// Named options' value names, from the table's values column (C++ kParamValues), as the JS reads them.
const NAMED = Object.fromEntries(table.filter((p) => p.values && p.values.length).map((p) => [p.name, p.values]));

function doc(p) {
  const help = p.help.charAt(0).toUpperCase() + p.help.slice(1);
  const kind = [p.integer ? 'whole number' : 'number', p.unit !== '-' ? p.unit : ''].filter(Boolean).join(', ');
  const where = p.group === 'page' ? 'page only' : 'hash key `' + p.key + '`';
  return `  /** ${help} (${kind}; ${where}). */`;
}
function type(p) {
  // A named option whose 0 is 'off' is also a switch: true is its first named value after off (controls).
  if (NAMED[p.name])
    return (
      NAMED[p.name].map((n) => `'${n}'`).join(' | ') + ' | number' + (NAMED[p.name][0] === 'off' ? ' | boolean' : '')
    );
  return p.integer && p.max === 1 ? 'number | string | boolean' : 'number | string';
}

const union = [
  '/** Names of every parameter; also accepted: their URL-hash keys (`n`, `rsep`, ...). */',
  'export type MiroFishParamName =',
  ...table.map((p, i) => `  | '${p.name}'${i === table.length - 1 ? ';' : ''}`),
];
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

// <miro-fish>'s attributes: the same options in kebab case (sepRadius -> sep-radius). A framework writes an attribute
// as a string, so a named option also takes its value's digits ('2'), and a 0/1 option no boolean (React writes
// `true` as an empty attribute).
const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const attributes = [];
group = '';
for (const p of table) {
  if (p.group !== group) {
    group = p.group;
    if (attributes.length) attributes.push('');
    attributes.push(`  // --- ${GROUPS[group]} ---`);
  }
  const name = kebab(p.name);
  const values = NAMED[p.name]
    ? NAMED[p.name].map((n) => `'${n}'`).join(' | ') + ' | number | `${number}`'
    : 'number | string';
  attributes.push(doc(p), `  ${name.includes('-') ? `'${name}'` : name}?: ${values};`);
}

function replaceBlock(text, name, lines, file = 'web/mirofish.d.ts', table = 'parameter table') {
  const begin = `// <generated ${name}: scripts/gen-types.mjs from the C++ ${table}; do not edit>`;
  const end = `// </generated ${name}>`;
  const a = text.indexOf(begin),
    b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${file} has no generated block '${name}'`);
  const indent = text.slice(text.lastIndexOf('\n', a) + 1, a);
  return text.slice(0, a + begin.length) + '\n' + lines.join('\n') + '\n' + indent + text.slice(b);
}

// docs/options.md: the table as `mirofish params --markdown` prints it (one formatter, in C++), with the words around it.
function optionsPage() {
  const markdown = execFileSync(CLI, ['params', '--markdown'], { encoding: 'utf8' }).trimEnd();
  const named = Object.entries(NAMED).map(
    ([name, values]) => `- \`${name}\`: ${values.map((v, i) => `\`'${v}'\` (${i})`).join(', ')}`,
  );
  const groups = Object.entries(GROUPS).map(
    ([g, title]) =>
      `- ${title}: ${table
        .filter((p) => p.group === g)
        .map((p) => '`' + p.name + '`')
        .join(', ')}`,
  );
  return [
    '# Options',
    '',
    '<!-- Generated by scripts/gen-types.mjs from the C++ parameter table (src/sim/params.h); do not edit.',
    '     node scripts/gen-types.mjs rewrites it; --check (run by scripts/test) fails when it is out of date. -->',
    '',
    `Every parameter of the school, ${table.length} of them, from the one table (\`src/sim/params.h\`) that also gives`,
    'the defaults, the ranges, the URL-hash codec, the CLI flags, the JS options and the TypeScript types',
    '(`build/native/mirofish params --markdown` prints the table below). Back to the [README](../README.md);',
    'the handle that sets them: [api.md](api.md); the link that carries them: [url-hash.md](url-hash.md).',
    '',
    'One name, five places: `data-sep-radius="30"` on the script tag, `sep-radius="30"` (or `sepradius`) on',
    "`<miro-fish>`, `mount(target, { sepRadius: 30 })`, `await school.set('sepRadius', 30)` (the hash key works too:",
    "`set('rsep', 30)`), and `--sepRadius 30` or `--rsep 30` on the CLI. Values outside a range are clamped and",
    'non-numbers ignored, each with one console warning. Values are quantized to 3 decimals (integers whole), so',
    "params -> hash -> params is exact. Presets: `preset=default` (S-SIM-2) and `preset=tuned` (the seed's tuned school).",
    '',
    'Options that take names as well as numbers:',
    '',
    ...named,
    '',
    "The groups (the studio's panel and the types follow them):",
    '',
    ...groups,
    '',
    "Page-only settings are the page owner's ceilings: a shared link cannot raise them",
    '([what a visitor pays](behaviour.md#what-a-visitor-pays)). Options outside this table (`avoid`, `signal`, `thread`,',
    '`paused`, `hash`, and `auto` on the script tag) are in [api.md](api.md#mount-options).',
    '',
    markdown,
    '',
  ].join('\n');
}

// Every doc that says how many parameters there are, with the count the table has.
const COUNT = /(<!--params-->)\d+(<!--\/params-->)/g;
const counted = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => path.join('docs', f))]
  .filter((f) => f.endsWith('.md'))
  .map((f) => {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    return { f, text, counted: text.replace(COUNT, `$1${table.length}$2`) };
  })
  .filter((d) => d.text !== d.counted);

// The plugin's limits: the constants table's php rows (kMaxHashLength, kMaxNumberLength) as the build writes them
// (cmake/constants.cmake's constants.php, run here on the source's table, as scripts/bump does), so that look.php
// checks a pasted link as the codec does.
function phpConstants() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-constants-'));
  try {
    const table = path.join(ROOT, 'src', 'base', 'constants.h');
    const script = path.join(ROOT, 'cmake', 'constants.cmake');
    execFileSync('cmake', [`-DTABLE=${table}`, `-DOUT=${dir}`, '-P', script], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return fs
      .readFileSync(path.join(dir, 'constants.php'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('define( '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const limits = phpConstants();
const lookBefore = fs.readFileSync(LOOK_PHP, 'utf8');
const lookAfter = replaceBlock(lookBefore, 'limits', limits, 'wordpress/mirofish/includes/look.php', 'constants table');

const before = fs.readFileSync(DTS, 'utf8');
let after = replaceBlock(before, 'names', union);
after = replaceBlock(after, 'options', options);
after = replaceBlock(after, 'attributes', attributes);
const pageBefore = fs.existsSync(OPTIONS_MD) ? fs.readFileSync(OPTIONS_MD, 'utf8') : '';
const pageAfter = optionsPage();
if (process.argv.includes('--check')) {
  const stale = [];
  if (after !== before) stale.push('web/mirofish.d.ts');
  if (pageAfter !== pageBefore) stale.push('docs/options.md');
  if (lookAfter !== lookBefore) stale.push("wordpress/mirofish/includes/look.php's limits");
  for (const d of counted) if (d.counted !== d.text) stale.push(d.f + "'s count of parameters");
  if (stale.length) {
    process.stderr.write(`${stale.join(' and ')} out of date with the C++ tables: run node scripts/gen-types.mjs\n`);
    process.exit(1);
  }
  process.stdout.write(
    "gen-types: web/mirofish.d.ts, docs/options.md, the counts and look.php's limits match the C++\n",
  );
} else {
  fs.writeFileSync(DTS, after);
  fs.writeFileSync(OPTIONS_MD, pageAfter);
  fs.writeFileSync(LOOK_PHP, lookAfter);
  for (const d of counted) if (d.counted !== d.text) fs.writeFileSync(path.join(ROOT, d.f), d.counted);
  process.stdout.write(
    "gen-types: wrote web/mirofish.d.ts, docs/options.md, the counts of parameters, look.php's limits\n",
  );
}
