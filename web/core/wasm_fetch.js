// The engine's wasm from its own file (dist/mirofish.wasm): compiled while it downloads where the server says
// `application/wasm` (streaming compilation), else from the whole response. A missing or unreachable file rejects
// with one sentence that names the file and the URL it was looked for at.
import { errorText } from './util.js';

const FILE = 'mirofish.wasm';

/** @param {string} url @returns {Promise<WebAssembly.Module>} */
export function compileWasm(url) {
  let where;
  try {
    where = new URL(url, self.location.href);
  } catch (e) {
    return Promise.reject(new Error(FILE + ' has no URL to load from (' + describeUrl(url) + ')'));
  }
  const foreign = where.origin !== self.location.origin;
  return fetch(where.href, { credentials: 'same-origin' }).then(
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
        throw new Error(
          FILE +
            ' at ' +
            where.href +
            ' is not WebAssembly (the server sent ' +
            (type || 'no type') +
            '; ' +
            errorText(e) +
            ')',
        );
      });
    },
    (e) => {
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

/** @param {*} url */
function describeUrl(url) {
  return typeof url === 'string' ? JSON.stringify(url.slice(0, 80)) : typeof url;
}
