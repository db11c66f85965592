// Re-embeds a bundle's wasm (Emscripten SINGLE_FILE writes it as a base64 data: URI) gzip-compressed, then base64:
// gzip of base64 over already-compressed bytes is almost exactly those bytes (6 bits a character, nothing to match),
// so the script costs the wasm's own compressed size, and zopfli compresses ~5 % better than gzip -9. The page
// inflates it with DecompressionStream (inflateWasm in web/core/wasm_text.js). Measured on the ecology bundle:
// printable ASCII (the previous encoding) 78.5 KB gzipped, this 69.2 KB. zopfli is a Debian package
// (scripts/ensure-deps); without it Node's zlib level 9 does the same job ~5 KB larger, with a warning.
//   node embed_wasm.mjs FILE...               (each FILE is rewritten in place; the wasm is its data: URI)
//   node embed_wasm.mjs --wasm X.wasm FILE...  (the wasm is X.wasm: the studio's standalone module)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const PLACEHOLDER = /(["'])__MIROFISH_WASM__\1/;
const DATA_URI = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/;

function gzip(bytes) {
  // zopfli reads a file (not a pipe); a fixed iteration count: the same bundle on every machine.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-wasm-'));
  const file = path.join(dir, 'module.wasm');
  try {
    fs.writeFileSync(file, bytes);
    const out = execFileSync('zopfli', ['--i15', '-c', file], {
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (zlib.gunzipSync(out).equals(bytes)) return out;
    console.warn('embed_wasm: zopfli output does not inflate to the module: using zlib, the bundle is ~5 KB larger');
  } catch (e) {
    console.warn('embed_wasm: zopfli not found (apt-get install zopfli): using zlib, the bundle is ~5 KB larger');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return zlib.gzipSync(bytes, { level: 9, memLevel: 9 });
}

const args = process.argv.slice(2);
const fromFile = args[0] === '--wasm' ? fs.readFileSync(args[1]) : null;
const cache = new Map(); // the classic and module files carry the same wasm: compress it once
for (const file of fromFile ? args.slice(2) : args) {
  let text = fs.readFileSync(file, 'utf8');
  if (!PLACEHOLDER.test(text)) throw new Error(file + ": no __MIROFISH_WASM__ placeholder (its entry's wasmText())");
  let wasm = fromFile;
  if (!wasm) {
    const uri = DATA_URI.exec(text);
    if (!uri) throw new Error(file + ': no base64 wasm data: URI to re-embed');
    wasm = Buffer.from(uri[1], 'base64');
    text = text.replace(DATA_URI, 'data:application/octet-stream;base64,'); // the glue gets wasmBinary instead
  }
  const key = wasm.toString('base64');
  if (!cache.has(key)) cache.set(key, gzip(wasm).toString('base64'));
  text = text.replace(PLACEHOLDER, () => '"' + cache.get(key) + '"');
  fs.writeFileSync(file, text);
}
