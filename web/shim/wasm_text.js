// The wasm as printable ASCII, decoded: shared by mirofish.js and mirofish-studio.js (src/web/CMakeLists.txt lists
// this part in both).

// The inverse of src/web/embed_wasm.mjs: bytes 0x20..0x7e other than `"`, `\`, `~`, `{` are themselves; any other
// byte is `~` or `{` and one more printable character, numbered in byte order.
function decodeWasm(text) {
  const second = [];
  for (let c = 0x20; c < 0x7f; c++) if (c !== 0x22 && c !== 0x5c) second.push(c);
  const lookup = new Uint8Array(256);  // prefix ('~' 0, '{' 128) + second character -> byte
  let k = 0;
  for (let b = 0; b < 256; b++) {
    if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && b !== 0x7e && b !== 0x7b) continue;
    lookup[(k >= second.length ? 128 : 0) + second[k % second.length]] = b;
    k++;
  }
  const out = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7e || c === 0x7b) out[n++] = lookup[(c === 0x7b ? 128 : 0) + text.charCodeAt(++i)];
    else out[n++] = c;
  }
  return out.subarray(0, n);
}
