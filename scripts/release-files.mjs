// A release's files for pages, from the build (build/web/dist), as .github/workflows/release.yml attaches them to
// the GitHub release and the site lays them out at v/X.Y.Z/ (site/build.mjs): OUT/mirofish-X.Y.Z/ (the files a
// page loads, LICENSE, and README.txt with the tag to paste, its integrity the build's), OUT/mirofish-X.Y.Z.zip of
// that folder (stored in a fixed order with fixed times: the same build gives the same bytes), and OUT/SHA384SUMS
// (`sha384sum -c SHA384SUMS` checks the zip and each file). Prints the zip's path.
//   node scripts/release-files.mjs [OUT]      (OUT defaults to build/release)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'build', 'web', 'dist');

// What a page loads: the loader, the host and engine it fetches (checked against the hashes it was built with), the
// wasm; and, optional, the studio and the recorder it loads.
export const PAGE_FILES = ['mirofish.js', 'mirofish-host.js', 'mirofish-engine.js', 'mirofish.wasm'];
export const OPTIONAL_FILES = ['mirofish-studio.js', 'mirofish-record.js'];
export const RELEASE_FILES = [...PAGE_FILES, ...OPTIONAL_FILES];

export const integrity = (file) =>
  'sha384-' + crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64');

// The tag a page pastes, for mirofish.js at `src` (its integrity from `file`).
export function pageTag(src, file) {
  return `<script src="${src}" integrity="${integrity(file)}" crossorigin="anonymous" data-fish="200"></script>`;
}

function readme(version) {
  const cdn = `https://cdn.jsdelivr.net/npm/mirofish@${version}/dist/mirofish.js`;
  return `MiroFish ${version}: a living koi school behind any web page, from one script tag.

Put the files of this folder side by side on your site (here in a folder mirofish/ at its root), then paste this
tag before </body> on every page that should have fish:

  ${pageTag('/mirofish/mirofish.js', path.join(dist, 'mirofish.js'))}

Or load the same file from npm's CDN, with nothing to upload:

  ${pageTag(cdn, path.join(dist, 'mirofish.js'))}

The integrity covers every file the tag brings in: mirofish.js carries the hashes of mirofish-host.js,
mirofish-engine.js and mirofish.wasm, and a file that does not match gives one console message and no fish.
${PAGE_FILES.join(', ')}: what every page needs.
${OPTIONAL_FILES.join(', ')}: optional (the studio, and the recorder it loads).

Options are data-* attributes (data-fish, data-seed, data-palette, ...); the docs, the npm package and the source:
https://www.npmjs.com/package/mirofish. Licence: MIT (LICENSE).
`;
}

function main() {
  const out = path.resolve(process.argv[2] || path.join(root, 'build', 'release'));
  const version = JSON.parse(fs.readFileSync(path.join(root, 'web', 'package.json'), 'utf8')).version;
  const name = 'mirofish-' + version;
  const folder = path.join(out, name);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  for (const f of RELEASE_FILES) {
    if (!fs.existsSync(path.join(dist, f))) {
      console.error(`release-files.mjs: ${path.join(dist, f)} is missing: build the web preset first`);
      process.exit(1);
    }
    fs.copyFileSync(path.join(dist, f), path.join(folder, f));
  }
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(folder, 'LICENSE'));
  fs.writeFileSync(path.join(folder, 'README.txt'), readme(version));
  const inside = [...RELEASE_FILES, 'LICENSE', 'README.txt'];

  // Python's zipfile (python3 is one of the build's tools): entries in this order, each dated 1980-01-01.
  const zip = path.join(out, name + '.zip');
  fs.rmSync(zip, { force: true });
  execFileSync(
    'python3',
    [
      '-c',
      `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for f in sys.argv[3:]:
        info = zipfile.ZipInfo(sys.argv[2] + '/' + f, (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(f, 'rb') as src:
            z.writestr(info, src.read())`,
      zip,
      name,
      ...inside,
    ],
    { cwd: folder },
  );
  const sums = [name + '.zip', ...inside.map((f) => name + '/' + f)].map(
    (f) =>
      crypto
        .createHash('sha384')
        .update(fs.readFileSync(path.join(out, f)))
        .digest('hex') +
      '  ' +
      f,
  );
  fs.writeFileSync(path.join(out, 'SHA384SUMS'), sums.join('\n') + '\n');
  console.log(zip);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
