// "Copy link" and "copy script tag": the school as a URL (the handle's share(), C++'s hash codec) and as the one
// script tag that mounts the same school on another page.
import { formatValue, kebab } from './util.js';

// The studio's own hash key, written here alone (the page's "tune" link carries it as its href): the main script's
// codec passes over it (C++ kStudioKey) and mounts as it would without it; this script reads it.
export const STUDIO_PARAM = 'studio=1';
export const STUDIO_KEY = new RegExp('(^|[#&?])' + STUDIO_PARAM + '(&|$)');

// The page's URL with the school's hash (share() also writes it into the address bar). The key that opened the
// studio stays in the address bar, so a reload reopens it; the link handed out is without it.
/** @param {import('../mirofish.d.ts').MiroFishSchool} school @returns {string} */
export function shareLink(school) {
  const hadStudio = STUDIO_KEY.test(location.hash);
  const url = school.share();
  if (hadStudio && !STUDIO_KEY.test(location.hash)) {
    try {
      history.replaceState(history.state, '', location.href + (location.hash ? '&' : '#') + STUDIO_PARAM);
    } catch (e) {
      /* the link is still right */
    }
  }
  return url;
}

// Where mirofish.js came from on this page (its own tag), else the name it ships as.
/** @returns {string} */
function bundleSource() {
  for (const s of document.querySelectorAll('script[src]')) {
    const src = s.getAttribute('src');
    if (src && /(^|\/)mirofish(\.min)?\.js([?#]|$)/.test(src)) return src; // script[src]: there
  }
  return 'mirofish.js';
}

// The tag of mirofish.js from `src` with a data-* attribute for every value of `params` that differs from the table's
// default, plus fish always (unset, a page derives the count from its viewport). A background carries the look, not
// the window: the world's width and height only for `exact`, the replay of this very school (with them the world is
// pinned and letterboxed elsewhere; without, each page takes its own viewport's, README "Phones").
/**
 * @param {import('../mirofish.d.ts').MiroFishParams} params the school's
 * @param {Pick<import('../mirofish.d.ts').MiroFishParamInfo, 'name' | 'def' | 'integer'>[]} table
 * @param {boolean} [exact]
 * @param {string} [src] where mirofish.js is (default: its own tag's src on this page)
 * @returns {string}
 */
export function scriptTag(params, table, exact = false, src = bundleSource()) {
  const attrs = [];
  for (const info of table) {
    const v = params[info.name];
    if (typeof v !== 'number') continue;
    const pinned = info.name === 'width' || info.name === 'height';
    if (pinned && !exact) continue;
    if (v !== info.def || info.name === 'fish' || pinned || (exact && info.name === 'seed')) {
      attrs.push('data-' + kebab(info.name) + '="' + formatValue(info, v) + '"');
    }
  }
  return '<script src="' + src.replace(/"/g, '&quot;') + '" ' + attrs.join(' ') + '></' + 'script>';
}
