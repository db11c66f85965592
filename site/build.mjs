// Builds the static site into build/site/ (scripts/site runs it after the web build): the pages of site/ (each file
// the page's body; its head and navigation written here, page.mjs), the built dist/ files beside them, and docs/*.md with the README rendered by markdown-it into docs/,
// with GitHub's heading anchors and links between .md files pointing at the rendered pages. Relative URLs only.
// v/X.Y.Z/ holds each release's files for pages, at an address that never changes (docs/releasing.md): with
// SITE_RELEASES=DIR, exactly the released ones (DIR/X.Y.Z/, as scripts/site-releases.mjs unpacks the releases'
// zips); without it, this build's own at its version (scripts/release-files.mjs's list: a local look at one).
//   node site/build.mjs [OUT]   (OUT defaults to build/site)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { renderDoc, docOrder } from './docs.mjs';
import { page } from './page.mjs';
import { RELEASE_FILES } from '../scripts/release-files.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'build', 'site'));
const DIST = path.join(ROOT, 'build', 'web', 'dist');
// What a page needs: the loader, the host and engine it fetches, the wasm, the studio and the recorder, the ES module.
const DIST_FILES = [
  'mirofish.js',
  'mirofish-host.js',
  'mirofish-engine.js',
  'mirofish.wasm',
  'mirofish-studio.js',
  'mirofish-record.js',
  'mirofish.mjs', // the ES module and its engine: mount() without the global (the configurator's npm snippet)
  'mirofish-engine.mjs',
];
// The pages: site/FILE holds the body; the head has the title, the description and the scripts.
const PAGES = [
  {
    file: 'index.html',
    title: 'MiroFish: a koi school behind any web page',
    description:
      'A living koi school behind any web page, from one script tag: deterministic Boids in WebAssembly, drawn with ' +
      'WebGL2, off the main thread.',
    scripts: ['<script src="mirofish.js" data-fish="120" data-opacity="0.5"></script>'],
  },
  {
    file: 'gallery.html',
    title: 'Gallery · MiroFish',
    description: 'MiroFish looks, each live: koi pond, goldfish, ink, neon, water, a QR landing.',
    scripts: [
      '<script src="mirofish.js" data-auto="false"></script>',
      '<script type="module" src="gallery.js"></script>',
    ],
  },
  {
    file: 'configure.html',
    title: 'Configure · MiroFish',
    description: 'Pick a MiroFish look over a sample page and copy the snippet for your site.',
    scripts: [
      '<script src="mirofish.js" data-auto="false"></script>',
      '<script type="module" src="configure.js"></script>',
    ],
  },
  {
    file: 'studio.html',
    title: 'Studio · MiroFish',
    description: 'The MiroFish studio: every parameter of the school, live.',
    scripts: ['<script src="mirofish.js"></script>', '<script src="mirofish-studio.js"></script>'],
  },
];
const ASSETS = [
  'site.css',
  'looks.js',
  'look_hash.js',
  'snippet.js',
  'gallery.js',
  'configure.js',
  'configure_controls.js',
];
const NAV = [
  ['index.html', 'Home'],
  ['gallery.html', 'Gallery'],
  ['configure.html', 'Configure'],
  ['docs/index.html', 'Docs'],
  ['studio.html#studio=1', 'Studio'],
];
const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

// The top bar; `here` is the page's path from the site's root, `up` the way back to it ('' or '../').
export function nav(here, up) {
  const links = NAV.map(([href, text]) => {
    const current = href.split('#')[0] === here || (text === 'Docs' && here.startsWith('docs/'));
    return '<a href="' + up + href + '"' + (current ? ' aria-current="page"' : '') + '>' + text + '</a>';
  });
  return (
    '<nav class="top" aria-label="Site"><a class="brand" href="' +
    up +
    'index.html">MiroFish</a>' +
    links.slice(1).join('') +
    '</nav>'
  );
}

function fill(html, here, up) {
  return html.replace('{{nav}}', nav(here, up)).replace(/\{\{version\}\}/g, version);
}

function build() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(path.join(OUT, 'docs', 'images'), { recursive: true });
  for (const file of DIST_FILES) {
    const from = path.join(DIST, file);
    if (!fs.existsSync(from)) throw new Error(from + ' is missing: run the web build first (scripts/site does)');
    fs.copyFileSync(from, path.join(OUT, file));
  }
  for (const { file, ...head } of PAGES) {
    const body = fs.readFileSync(path.join(ROOT, 'site', file), 'utf8');
    fs.writeFileSync(path.join(OUT, file), fill(page({ ...head, body }), file, ''));
  }
  for (const file of ASSETS) fs.copyFileSync(path.join(ROOT, 'site', file), path.join(OUT, file));
  for (const img of fs.readdirSync(path.join(ROOT, 'docs', 'images'))) {
    fs.copyFileSync(path.join(ROOT, 'docs', 'images', img), path.join(OUT, 'docs', 'images', img));
  }
  fs.copyFileSync(path.join(ROOT, 'LICENSE'), path.join(OUT, 'LICENSE.txt'));
  const docs = docOrder(ROOT);
  for (const doc of docs) {
    const body = renderDoc(require('markdown-it'), ROOT, doc, docs);
    fs.writeFileSync(path.join(OUT, doc.out), fill(body, doc.out, '../'));
  }
  const versions = layReleases();
  fs.writeFileSync(path.join(OUT, '.nojekyll'), ''); // GitHub Pages serves the files as they are
  console.log('site: ' + OUT + ' (' + PAGES.length + ' pages, ' + docs.length + ' docs, v/: ' + versions + ')');
}

// v/X.Y.Z/: the released files as they were released, or this build's (above). Returns the versions laid.
function layReleases() {
  const from = process.env.SITE_RELEASES;
  const laid = [];
  const lay = (dir, v, files) => {
    fs.mkdirSync(path.join(OUT, 'v', v), { recursive: true });
    for (const f of files) fs.copyFileSync(path.join(dir, f), path.join(OUT, 'v', v, f));
    laid.push(v);
  };
  if (!from) lay(DIST, version, RELEASE_FILES);
  else {
    for (const v of fs.readdirSync(from).filter((d) => /^\d+\.\d+\.\d+$/.test(d))) {
      lay(path.join(from, v), v, fs.readdirSync(path.join(from, v)));
    }
  }
  return laid.join(', ') || 'none';
}

build();
