// Re-embeds the bundle's wasm (Emscripten SINGLE_FILE writes it as a base64 data: URI) as printable ASCII that gzip
// compresses almost as well as the raw bytes: 62 KB instead of 76 KB gzipped. Bytes 0x20..0x7e other than `"`, `\`,
// `~` and `{` stand for themselves; every other byte is `~` or `{` then one more printable character (the table is
// built the same way by decodeWasm in web/shim/wasm_text.js). ASCII only, so no page charset can corrupt it.
//   node embed_wasm.mjs FILE...               (each FILE is rewritten in place; the wasm is its data: URI)
//   node embed_wasm.mjs --wasm X.wasm FILE...  (the wasm is X.wasm: the studio's standalone module)
import fs from 'node:fs';

const PLACEHOLDER = /(["'])__MIROFISH_WASM__\1/;
const DATA_URI = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/;

function encode(bytes) {
  const second = [];
  for (let c = 0x20; c < 0x7f; c++) if (c !== 0x22 && c !== 0x5c) second.push(String.fromCharCode(c));
  const plain = (b) => b >= 0x20 && b < 0x7f && !'"\\~{'.includes(String.fromCharCode(b));
  const code = new Array(256);
  let k = 0;
  for (let b = 0; b < 256; b++) {
    if (plain(b)) code[b] = String.fromCharCode(b);
    else {
      code[b] = '~{'[Math.floor(k / second.length)] + second[k % second.length];
      k++;
    }
  }
  let out = '';
  for (const b of bytes) out += code[b];
  return out;
}

const args = process.argv.slice(2);
const fromFile = args[0] === '--wasm' ? fs.readFileSync(args[1]) : null;
for (const file of fromFile ? args.slice(2) : args) {
  let text = fs.readFileSync(file, 'utf8');
  if (!PLACEHOLDER.test(text)) throw new Error(file + ': no __MIROFISH_WASM__ placeholder (its prologue.js)');
  let wasm = fromFile;
  if (!wasm) {
    const uri = DATA_URI.exec(text);
    if (!uri) throw new Error(file + ': no base64 wasm data: URI to re-embed');
    wasm = Buffer.from(uri[1], 'base64');
    text = text.replace(DATA_URI, 'data:application/octet-stream;base64,');  // the glue gets wasmBinary instead
  }
  text = text.replace(PLACEHOLDER, () => '"' + encode(wasm) + '"');
  fs.writeFileSync(file, text);
}
