// A Worker for an engine on another origin (a CDN): the browser starts a Worker only from this page's origin, so a
// one-line blob: script starts it and loads the engine from there, as pdf.js, Monaco and tesseract.js do. A classic
// engine comes by importScripts (no CORS needed for the script; its wasm's fetch needs it), a module engine by
// import (CORS). Throws where the page's CSP forbids blob: Workers; a bootstrap that fails to load the engine fires
// the Worker's error event: either way engine_link.js takes the main thread.
export function crossOriginWorker(engineUrl, type) {
  const code =
    type === 'module'
      ? 'import ' + JSON.stringify(engineUrl) + ';'
      : 'importScripts(' + JSON.stringify(engineUrl) + ');';
  const blobUrl = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  try {
    return type === 'module' ? new Worker(blobUrl, { type: 'module' }) : new Worker(blobUrl);
  } finally {
    // The Worker has its script's URL already; revoking it at once keeps nothing alive (Chrome, Firefox, Safari).
    setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
  }
}

// Whether `url` is http(s) on another origin than the page (a file: or bundler URL is never foreign).
export function foreignUrl(url) {
  try {
    const u = new URL(url, location.href);
    return /^https?:$/.test(u.protocol) && u.origin !== location.origin;
  } catch (e) {
    return false;
  }
}
