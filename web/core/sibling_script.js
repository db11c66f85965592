// A file of ours beside a script of ours, added as a <script> tag: the host beside the loader, the main-thread engine
// beside it, the recorder beside the studio. The tag carries what the page's own tag did: its nonce (a nonce-only
// Content-Security-Policy allows it then; read from the `.nonce` property, as browsers hide the attribute once the
// page has parsed it), its crossOrigin, and its query (a `?v=3` that busts caches busts the sibling's too). With the
// hash the calling file was built with, the tag carries it as its `integrity` (and is a CORS request, which
// Subresource Integrity needs from another origin): a file that does not match never runs (integrity.js names it).
import { refusalText, watchRefusals } from './csp.js';
import { loadFailure } from './integrity.js';
import { scriptUrl } from './trusted.js';

// The URL of `name` beside `script`, with its query; '' where the script has no src of its own.
/** @param {HTMLScriptElement | null} script @param {string} name */
export function besideScript(script, name) {
  try {
    if (script && script.src) return new URL(name + new URL(script.src, location.href).search, script.src).href;
  } catch (e) {
    /* no URL of its own */
  }
  return '';
}

// Adds `name` beside `script`; resolves once it ran, rejects with one sentence: refused by the page's CSP (with the
// directive), not found there, unreachable, or not the file `from` (the file it must sit beside) was built with.
/**
 * @param {HTMLScriptElement | null} script @param {string} name @param {string} from @param {string} [integrity]
 * @returns {Promise<void>}
 */
export function siblingScript(script, name, from, integrity = '') {
  const url = besideScript(script, name);
  if (!script || !url) {
    return Promise.reject(
      new Error(
        from + ' cannot tell where ' + name + ' is (no src of its own): load it with <script src=".../' + from + '">',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const tag = document.createElement('script');
    const watch = watchRefusals(url);
    tag.onload = () => {
      watch.stop();
      tag.remove();
      resolve();
    };
    tag.onerror = () => {
      tag.remove();
      watch
        .refused()
        .then((r) =>
          r
            ? refusalText(name + ' at ' + url, r) + ": allow its URL there, or give the page's nonce to " + from
            : loadFailure(name, url, from, integrity),
        )
        .then((text) => reject(new Error(text)));
    };
    tag.async = true;
    if (script.crossOrigin !== null) tag.crossOrigin = script.crossOrigin;
    else if (integrity) tag.crossOrigin = 'anonymous';
    if (integrity) tag.integrity = integrity;
    if (script.nonce) tag.nonce = script.nonce;
    tag.src = scriptUrl(url);
    document.head.appendChild(tag);
  });
}
