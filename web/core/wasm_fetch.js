// The engine's wasm from its own file (dist/mirofish.wasm): compiled while it downloads where the server says
// `application/wasm` (streaming compilation), else from the whole response. A missing or unreachable file rejects
// with one sentence that names the file and the URL it was looked for at. A URL whose fragment is an integrity
// (`mirofish.wasm#sha384-...`: the hash the loader was built with, which the host hands on in the engine's `hello`)
// is fetched against it (integrity.js): the browser then hands the bytes to the compiler once all are in and match.
// A file:// one is not fetched: a page opened from disk is told to be served instead (from_disk.js).
import { fromDisk } from './from_disk.js';
import { loadFailure } from './integrity.js';
import { foreignUrl } from './origin.js';
import { errorText } from './util.js';

const FILE = 'mirofish.wasm';

// `from`: the file built with the wasm's hash, for the sentence of a mismatch.
/** @param {string} url @param {string} [from] @returns {Promise<WebAssembly.Module>} */
export function compileWasm(url, from = 'mirofish.js') {
  let where;
  try {
    where = new URL(url, self.location.href);
  } catch (e) {
    return Promise.reject(new Error(FILE + ' has no URL to load from (' + describeUrl(url) + ')'));
  }
  const integrity = /^#sha(256|384|512)-/.test(where.hash) ? where.hash.slice(1) : '';
  if (integrity) where.hash = '';
  const foreign = foreignUrl(where.href);
  const disk = fromDisk(FILE, where.href);
  if (disk) return Promise.reject(new Error(disk));
  return fetch(where.href, { credentials: 'same-origin', integrity }).then(
    (res) => {
      if (!res.ok) {
        throw new Error(
          FILE +
            (res.status === 404 ? ' was not found at ' : ' could not be loaded from ') +
            where.href +
            ' (HTTP ' +
            res.status +
            '): copy it there (it ships beside mirofish.js)',
        );
      }
      const type = res.headers.get('content-type') || '';
      const compiled =
        typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/i.test(type)
          ? WebAssembly.compileStreaming(res)
          : res.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
      // A server that answers every path with its index page (a single-page app's fallback) sends HTML here.
      return compiled.catch((e) => {
        throw new Error(notWasm(where.href, type, errorText(e)));
      });
    },
    (e) => {
      // A file that does not match its hash rejects as a dead network does: integrity.js tells them apart.
      if (integrity) {
        return loadFailure(FILE, where.href, from, integrity, (bytes, type) =>
          new Uint32Array(bytes.slice(0, 4))[0] === 0x6d736100 ? '' : notWasm(where.href, type, 'no magic number'),
        ).then((text) => {
          throw new Error(text);
        });
      }
      // fetch() rejects alike for a dead network and a refused CORS request; from another origin the second is likely.
      throw new Error(
        FILE +
          ' could not be fetched from ' +
          where.href +
          (foreign
            ? ' (a server on another origin must send Access-Control-Allow-Origin, as jsDelivr and unpkg do)'
            : ' (' + errorText(e) + ')'),
      );
    },
  );
}

/** @param {string} href @param {string} type @param {string} why */
function notWasm(href, type, why) {
  return FILE + ' at ' + href + ' is not WebAssembly (the server sent ' + (type || 'no type') + '; ' + why + ')';
}

/** @param {*} url */
function describeUrl(url) {
  return typeof url === 'string' ? JSON.stringify(url.slice(0, 80)) : typeof url;
}
