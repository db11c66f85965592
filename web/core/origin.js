// Whether a URL is http(s) on another origin than the page's: what decides between a Worker from the checked URL and
// one from a blob: (host/checked_engine.js), whether a recorder may start its Worker, and which hint a failed fetch
// names. The page's origin is the document's own (`self.origin`): an editor's about:srcdoc iframe has its parent's,
// where `location.origin` says "null", and a relative URL resolves against the document's base (the parent's URL
// there). A file: or bundler URL is never foreign.
/** @param {string} url @returns {boolean} */
export function foreignUrl(url) {
  try {
    const u = new URL(url, typeof document !== 'undefined' ? document.baseURI : self.location.href);
    return /^https?:$/.test(u.protocol) && u.origin !== self.origin;
  } catch (e) {
    return false;
  }
}
