#!/usr/bin/env node
// The JS floors (docs/architecture.md "The JS: floors"), held as cmake/floors.cmake holds the C++'s: web/core is the
// kernel; the products (host, engine, studio, record, react) stand on it as peers; the entries (web/entry), each
// named for the file it becomes, stand on them. Every import of every .js/.mjs under web/ (static, dynamic and
// re-exports, read by esbuild's own parser) must point down:
//   core      only core
//   a product its own folder, and the kernel through its front, core/index.js; react also entry/mirofish.mjs
//             (the public ES module, as an app imports 'mirofish')
//   an entry  anything under web/
//   'mirofish-glue' (Emscripten's glue, the engine's) only an entry: no other bundle can carry it
// A JSDoc type (`import('...')` in a /** */ comment) costs no byte: it may also name any file of web/core (the
// protocols' lists) and the declarations web/*.d.ts, never another product. Prints one line per arrow that breaks a
// rule, and exits 1 if any did.
//   node scripts/js-floors.mjs [WEB_DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.resolve(process.argv[2] || path.join(root, 'web'));
const PRODUCTS = ['loader', 'host', 'engine', 'studio', 'record', 'react'];
const esbuild = (await import(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js'))).default;

const files = fs
  .readdirSync(web, { recursive: true })
  .map((f) => path.join(web, String(f)))
  .filter((f) => /\.m?js$/.test(f) && !f.split(path.sep).includes('node_modules'));

// Every import esbuild finds, as [from, to, kind]; none is followed (all external).
const arrows = [];
await esbuild.build({
  entryPoints: files.map((f, i) => ({ in: f, out: String(i) })), // nothing is written
  bundle: true,
  write: false,
  outdir: path.join(web, '.js-floors'),
  logLevel: 'silent',
  plugins: [
    {
      name: 'arrows',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          arrows.push([args.importer, args.path, 'code']);
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
for (const f of files) {
  for (const doc of fs.readFileSync(f, 'utf8').match(/\/\*\*[\s\S]*?\*\//g) || []) {
    for (const m of doc.matchAll(/import\((['"])([^'"]+)\1\)/g)) arrows.push([f, m[2], 'type']);
  }
}

const floor = (file) => {
  const rel = path.relative(web, file).split(path.sep);
  return rel.length === 1 ? 'page' : rel[0];
};
const problems = [];
for (const [from, spec, kind] of arrows) {
  const why = broken(from, spec, kind);
  if (why)
    problems.push(
      path.relative(root, from) + ': ' + (kind === 'type' ? "import('" + spec + "')" : "'" + spec + "'") + ': ' + why,
    );
}
for (const line of [...new Set(problems)].sort()) console.log(line);
if (problems.length) process.exit(1);
console.log('js-floors: ' + files.length + ' files, ' + arrows.length + ' imports, every one points down');

// Why the arrow from `from` to `spec` breaks a rule, or ''.
function broken(from, spec, kind) {
  const here = floor(from);
  if (!spec.startsWith('.')) {
    return spec === 'mirofish-glue' && here !== 'entry' ? "only an entry imports the engine's glue" : '';
  }
  const to = path.resolve(path.dirname(from), spec);
  const rel = path.relative(web, to);
  if (rel.startsWith('..')) return 'reaches out of web/';
  const there = floor(to);
  if (here === there || here === 'entry') return '';
  if (kind === 'type' && there === 'page' && fs.existsSync(to.replace(/(\.d\.ts)?$/, '.d.ts'))) return '';
  if (here === 'page') return there === 'entry' ? '' : 'a page loads the entries only';
  if (here === 'core') return 'the kernel imports only itself (web/core)';
  // a product
  if (kind === 'type' && there === 'core') return '';
  if (there === 'core')
    return rel === path.join('core', 'index.js')
      ? ''
      : 'a product imports the kernel through its front, web/core/index.js';
  if (here === 'react' && rel === path.join('entry', 'mirofish.mjs')) return '';
  return PRODUCTS.includes(there)
    ? 'products are peers: ' + here + ' never imports ' + there
    : here + ' never imports ' + there;
}
