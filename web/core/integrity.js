// Subresource Integrity for the files a MiroFish file fetches beside itself (docs/hosting.md#integrity): the build
// writes each one's SHA-384 into the file that fetches it (src/web/bundle.mjs), and a file that does not match never
// runs. A browser fails such a load exactly as it fails a missing one (a script's `error` event; fetch() rejects
// with a TypeError either way) and says why only in its own console line, which no script can read. So a failed load
// is asked once more without the hash, and the bytes that come are hashed here: a file that differs is named as
// changed, never as missing or refused.
import { foreignUrl } from './origin.js';
import { errorText } from './util.js';

// The one sentence for `name` at `url` (beside `from`, which was built with `integrity`; '' for none) that would not
// load: changed, not found, or not reachable (from another origin: no CORS). `wrong(bytes, type)`, where given,
// names a file that is not the kind it should be (an index page in the wasm's place) before its hash is compared.
/**
 * @param {string} name @param {string} url @param {string} from @param {string} integrity
 * @param {(bytes: ArrayBuffer, type: string) => string} [wrong]
 * @returns {Promise<string>}
 */
export function loadFailure(name, url, from, integrity, wrong) {
  const at = name + ' at ' + url;
  const judge = (/** @type {ArrayBuffer} */ bytes, /** @type {string} */ type) =>
    (wrong && wrong(bytes, type)) ||
    differs(bytes, integrity).then((changed) =>
      changed
        ? at +
          ' does not match the hash this ' +
          from +
          ' was built with (' +
          integrity +
          '): take it and ' +
          from +
          ' from one release'
        : at + ' could not be loaded',
    );
  return fetch(url, { credentials: 'same-origin' }).then(
    (res) =>
      res.ok
        ? res.arrayBuffer().then((bytes) => judge(bytes, res.headers.get('content-type') || ''))
        : name +
          (res.status === 404
            ? ' was not found at ' + url + ': copy it beside '
            : ' could not be loaded from ' + url + ' (HTTP ' + res.status + '), beside ') +
          from,
    (e) =>
      name +
      ' could not be fetched from ' +
      url +
      (foreignUrl(url)
        ? ' (a server on another origin must send Access-Control-Allow-Origin, as jsDelivr and unpkg do)'
        : ' (' + errorText(e) + ')'),
  );
}

// Fetches `url` against `integrity` ('' for none); resolves to the Response whose bytes match, or rejects with the
// sentence of loadFailure().
/**
 * @param {string} name @param {string} url @param {string} from @param {string} integrity
 * @returns {Promise<Response>}
 */
export function fetchChecked(name, url, from, integrity) {
  return fetch(url, { credentials: 'same-origin', integrity })
    .then((res) => (res.ok ? res : Promise.reject()))
    .catch(() =>
      loadFailure(name, url, from, integrity).then((text) => {
        throw new Error(text);
      }),
    );
}

// Whether `bytes` differ from `integrity` (sha256/384/512-BASE64). Without crypto.subtle (a page not served over
// https or from localhost has none) they cannot be hashed here: a file that loads without its hash but not with it
// is taken to differ, since nothing else makes the browser refuse bytes it received.
/** @param {ArrayBuffer} bytes @param {string} integrity @returns {Promise<boolean>} */
function differs(bytes, integrity) {
  const m = /^sha(256|384|512)-(.+)$/.exec(integrity);
  const subtle = typeof crypto !== 'undefined' && crypto.subtle;
  if (!m) return Promise.resolve(false);
  if (!subtle) return Promise.resolve(true);
  return subtle
    .digest('SHA-' + m[1], bytes)
    .then((d) => btoa(String.fromCharCode.apply(null, Array.from(new Uint8Array(d)))) !== m[2]);
}
