// Bundles the JS (web/entry's entry points over web/core and the products, ES modules) with Emscripten's glue into
// the files that ship, and puts the wasm beside them (S-LOAD-2: the page's critical path carries the loader only; the
// host and the engine come after the page's load event):
//   dist/mirofish.js          classic IIFE, the loader, all of MiroFish on the page's critical path (~2 KB gzipped):
//                             window.MiroFish, <miro-fish>, the auto-mount from its tag (web/entry/mirofish.js); after
//                             the page's load event it adds the host beside it
//   dist/mirofish-host.js     classic IIFE, the page's side of a school (web/entry/mirofish-host.js), handed to the loader
//   dist/mirofish-engine.js   classic IIFE, the engine: the Worker's script, or a <script> on the main thread
//   dist/mirofish.mjs         ES module, the page's side (web/entry/mirofish.mjs)
//   dist/mirofish-engine.mjs  ES module, the engine: the module Worker's entry and the main-thread fallback
//   dist/mirofish-classic.mjs ES module, `import 'mirofish/classic'` bundled: window.MiroFish over ./mirofish.mjs
//   dist/mirofish.wasm        the engine's wasm (core/mirofish_core.wasm as linked): both engines fetch it
//   dist/mirofish-react.mjs   ES module, mirofish/react (web/react): the component and the hook; it imports react and
//                             ./mirofish.mjs, never a copy of either
//   test/mirofish.js, test/mirofish-host.js, test/mirofish-engine.js, test/mirofish.wasm
//                             the classic files with the browser suite's hooks (MIROFISH_TEST): never shipped
//   dist/mirofish-record.js   classic IIFE: window.MiroFishRecord, school.record() (web/record, S-CLIP-1), its own
//   dist/mirofish-record.mjs  Worker; ES module: record/supported/install. Each carries mediabunny and fetches the
//                             engine's mirofish.wasm beside it: loaded only to record (the studio's Record panel
//                             loads it), never by the page's files
// With --studio, the studio instead (web/studio, ES modules), with its overlay shaders (GLSL_JS, the ES module
// src/render/embed_shaders.cmake -DFORMAT=js writes) and its standalone wasm (src/web/studio_core.cpp), embedded:
//   dist/mirofish-studio.js   classic IIFE: window.MiroFishStudio and the auto-attach (web/entry/mirofish-studio.js)
//   dist/mirofish-studio.mjs  ES module: `attach` and the default export; no global (web/entry/mirofish-studio.mjs)
// Subresource Integrity (docs/hosting.md#integrity): each file that fetches another carries that file's SHA-384,
// written here once that file is built (MIROFISH_SRI_*, web/globals.d.ts): the loader the host's, the engine's and
// the wasm's (each loader its own folder's: test/ has its own), the recorder the wasm's, the studio the recorder's
// (the studio is bundled after the recorder: src/web/CMakeLists.txt). The ES modules carry none: a bundler renames
// and rewrites what they import.
//   node bundle.mjs GLUE_JS WASM OUT_DIR
//   node bundle.mjs --studio GLSL_JS WASM OUT_DIR
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const ENTRY = path.join(root, 'web', 'entry');
const studio = process.argv[2] === '--studio';
const [generated, wasmFile, out] = process.argv.slice(studio ? 3 : 2);
let esbuild;
try {
  esbuild = (await import(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js'))).default;
} catch (e) {
  console.error('bundle.mjs: esbuild is missing (npm ci installs it from package-lock.json)');
  process.exit(1);
}

const { alias, builds } = studio ? studioBuilds() : pageBuilds();
// The constants table's JS copy (cmake/constants.cmake writes it before anything links): web/core/constants.js.
const constants = path.join(out, 'generated', 'constants', 'constants.mjs');
const common = {
  bundle: true,
  // MIROFISH_BUNDLE_NAMES=1 keeps every name: the check that a change moved code without changing it (esbuild picks
  // its short names from the characters of the sources, so any edit, a comment's too, renames)
  ...(process.env.MIROFISH_BUNDLE_NAMES ? { minifySyntax: true, minifyWhitespace: true } : { minify: true }),
  legalComments: 'none',
  target: 'es2022',
  logLevel: 'warning',
  charset: 'ascii',
  alias: Object.assign({ 'mirofish-constants': constants }, alias),
  define: {
    MIROFISH_TEST: 'false',
    MIROFISH_SRI_HOST: '""',
    MIROFISH_SRI_ENGINE: '""',
    MIROFISH_SRI_WASM: '""',
    MIROFISH_SRI_RECORD: '""',
  },
};
// In order: a build's `sri()` (the hashes it carries) reads the files the builds before it wrote.
for (const { sri: hashes, terse, ...b } of builds) {
  const define = Object.assign({}, common.define, b.define);
  if (hashes) for (const [name, file] of Object.entries(hashes())) define[name] = JSON.stringify(sri(file));
  await esbuild.build(Object.assign({}, common, b, { define }));
  if (terse && !process.env.MIROFISH_BUNDLE_NAMES) await terseFile(b.outfile, b.format === 'esm');
}

// The files every visitor loads (the loader, the host, the engine, the ES modules) go through terser after esbuild:
// its compressor finds what esbuild's leaves (~2.5% of the page's files gzipped: 107 bytes of the loader's, 351 of the
// host's; 7% of the engine's JS, Emscripten's glue most). Its safe defaults only; the studio and the recorder, loaded
// on demand, are esbuild's alone.
async function terseFile(file, isModule) {
  const { minify } = await import(path.join(root, 'node_modules', 'terser', 'main.js'));
  const done = await minify(fs.readFileSync(file, 'utf8'), {
    ecma: 2020,
    module: isModule,
    compress: { passes: 2 },
    format: { ascii_only: true, comments: false },
  });
  fs.writeFileSync(file, done.code);
}

// A file's integrity as a page writes it: 'sha384-' and the digest in base64.
function sri(file) {
  if (!fs.existsSync(file)) {
    console.error('bundle.mjs: ' + file + ' is missing: its hash goes into a file that fetches it');
    process.exit(1);
  }
  return 'sha384-' + crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64');
}

// Bundlers find the module Worker by its text (Vite's, webpack 5's and Rollup's: `new URL` of a string literal and
// import.meta.url, inline in `new Worker`); an app bundling the package gets the Worker only if minifying kept it so.
const WORKER_PATTERN = new RegExp(
  /\bnew Worker\(new URL\((["'`])\.\/mirofish-engine\.mjs\1,\s*import\.meta\.url\),/.source +
    /\s*\{\s*type:\s*(["'`])module\2\s*\}\)/.source,
);
if (!studio && !WORKER_PATTERN.test(fs.readFileSync(path.join(out, 'dist', 'mirofish.mjs'), 'utf8'))) {
  console.error(
    "bundle.mjs: dist/mirofish.mjs lost `new Worker(new URL('./mirofish-engine.mjs', import.meta.url), " +
      "{ type: 'module' })` (web/entry/mirofish.mjs): bundlers would not emit the engine as a Worker",
  );
  process.exit(1);
}

if (studio) {
  // The studio's wasm, gzipped, into each of its files (src/web/embed_wasm.mjs): it is small and optional.
  const withWasm = builds.map((b) => b.outfile).filter((f) => fs.readFileSync(f, 'utf8').includes('__MIROFISH_WASM__'));
  execFileSync('node', [path.join(here, 'embed_wasm.mjs'), '--wasm', wasmFile, ...withWasm], { stdio: 'inherit' });
} else {
  // The engine's wasm as its own file beside each engine: served as application/wasm it compiles as it downloads.
  for (const dir of ['dist', 'test']) fs.copyFileSync(wasmFile, path.join(out, dir, 'mirofish.wasm'));
  // The page's side must never pull in the engine (its glue, its wasm): that is the critical path's gate.
  for (const f of ['mirofish.js', 'mirofish-host.js', 'mirofish.mjs']) {
    if (fs.readFileSync(path.join(out, 'dist', f), 'utf8').includes('createMiroFishModule')) {
      console.error('bundle.mjs: dist/' + f + " carries the engine's glue: a host file imports from web/engine/");
      process.exit(1);
    }
  }
}

// mediabunny is MPL-2.0: the files that carry it say so, and where its source is (legalComments drops its own).
function mediabunnyNotice() {
  const version = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', 'mediabunny', 'package.json'), 'utf8'),
  ).version;
  return '/* Contains mediabunny ' + version + ' (MPL-2.0), source: https://github.com/Vanilagy/mediabunny */';
}

function pageBuilds() {
  // Emscripten's MODULARIZE factory, as an ES module: called with define/exports/module/fetch undefined, so it never
  // registers with a page's AMD or CommonJS loader and never fetch()es (engine/module.js instantiates the wasm).
  const glue = path.join(path.dirname(generated), 'glue.mjs');
  fs.writeFileSync(
    glue,
    '// Generated by src/web/bundle.mjs from ' +
      path.basename(generated) +
      '\n' +
      'export default function createGlue(define, exports, module, fetch) {\n' +
      fs.readFileSync(generated, 'utf8') +
      '\nreturn createMiroFishModule;\n}\n',
  );
  const beside = besideModule(path.join(ENTRY, 'mirofish.mjs'));
  // The page's classic files in `dir`: the host and the engine, then the loader, which carries their hashes. dist/
  // ships; test/ adds the browser suite's hooks.
  const classic = (dir, define) => [
    entryBuild(dir, 'mirofish-host.js', { define, terse: true }),
    entryBuild(dir, 'mirofish-engine.js', { define, terse: true }),
    entryBuild(dir, 'mirofish.js', {
      define,
      terse: true,
      sri: () => ({
        MIROFISH_SRI_HOST: path.join(out, dir, 'mirofish-host.js'),
        MIROFISH_SRI_ENGINE: path.join(out, dir, 'mirofish-engine.js'),
        MIROFISH_SRI_WASM: wasmFile,
      }),
    }),
  ];
  return {
    alias: { 'mirofish-glue': glue },
    builds: [
      ...classic('dist', {}),
      ...classic('test', { MIROFISH_TEST: 'true' }),
      entryBuild('dist', 'mirofish.mjs', { external: ['./mirofish-engine.mjs'], terse: true }),
      entryBuild('dist', 'mirofish-engine.mjs', { terse: true }),
      // mirofish/classic for bundlers: window.MiroFish over the ES module beside it, never a second copy of it.
      entryBuild('dist', 'mirofish-classic.mjs', { plugins: [beside] }),
      // Unminified (an app minifies it), 'use client' for React server components (Next.js: usable from a server file).
      entryBuild('dist', 'mirofish-react.mjs', {
        entryPoints: [path.join(root, 'web', 'react', 'index.js')],
        minify: false,
        banner: { js: "'use client';" },
        external: ['react'],
        plugins: [beside],
      }),
      entryBuild('dist', 'mirofish-record.js', {
        banner: { js: mediabunnyNotice() },
        sri: () => ({ MIROFISH_SRI_WASM: wasmFile }),
      }),
      entryBuild('dist', 'mirofish-record.mjs', { banner: { js: mediabunnyNotice() } }),
    ],
  };
}

// One build: web/entry/NAME into OUT/DIR/NAME, a classic IIFE for a .js and an ES module for a .mjs; `more` adds to
// or overrides that (another entry, a define, a banner, the hashes it carries).
function entryBuild(dir, name, more = {}) {
  return {
    entryPoints: [path.join(ENTRY, name)],
    format: name.endsWith('.mjs') ? 'esm' : 'iife',
    outfile: path.join(out, dir, name),
    ...more,
  };
}

// Imports of the ES module's entry (web/entry/mirofish.mjs) stay imports, of the ES module beside the output (./mirofish.mjs):
// one school code per page, the one the app's `import 'mirofish'` loads too.
function besideModule(entry) {
  return {
    name: 'beside-module',
    setup(build) {
      build.onResolve({ filter: /\/entry\/mirofish\.mjs$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === entry ? { path: './mirofish.mjs', external: true } : undefined,
      );
    },
  };
}

function studioBuilds() {
  return {
    alias: { 'mirofish-studio-glsl': generated },
    builds: [
      entryBuild('dist', 'mirofish-studio.js', {
        sri: () => ({ MIROFISH_SRI_RECORD: path.join(out, 'dist', 'mirofish-record.js') }),
      }),
      // The recorder, imported when the Record panel needs it.
      entryBuild('dist', 'mirofish-studio.mjs', { external: ['./mirofish-record.mjs'] }),
    ],
  };
}
