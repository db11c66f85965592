// A page opened from disk (file://) gets none of our files beside it: browsers, as they ship, answer no fetch() of a
// file:// URL (the wasm, a checked engine), start no Worker from one and refuse a script with `integrity` there (a
// CORS request, which file:// has none of), and say so only as a CORS error. The cause is the page not being served,
// so that is what is said, with the one-line way out, instead of "could not be fetched". Asked before fetching: the
// loader for the host (so the classic chain stops there, and the host carries no copy of this), the engine for the
// wasm (an app's own bundle, or the ES module, opened from disk).
/** @param {string} name the file @param {string} url where it is looked for @returns {string} '' unless file:// */
export function fromDisk(name, url) {
  return /^file:/i.test(url)
    ? 'this page is opened from disk (file://), where the browser loads no file beside it (' +
        name +
        '): serve its folder over http(s), e.g. `python3 -m http.server` there, then open http://localhost:8000/'
    : '';
}
