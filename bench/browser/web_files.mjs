// The benches' static server tail: a file of web/ (the demo page, its scripts), or 404. Each bench answers its own
// pages and the bundle first, then hands the rest here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

export function sendWebFile(url, res) {
  const file = path.join(WEB, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(WEB) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404);
    return res.end();
  }
  const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript' : 'text/plain';
  res.writeHead(200, { 'Content-Type': type });
  return fs.createReadStream(file).pipe(res);
}

// The engine's two files beside a bundle (issue 31): `.../mirofish-engine.js` and `.../mirofish.wasm` come from the
// bundle's own folder (build/web/dist or build/web/test); null for any other path.
export function besideBundle(pathname, bundle) {
  const m = /\/(mirofish-engine\.js|mirofish\.wasm)$/.exec(pathname);
  return m ? path.join(path.dirname(bundle), m[1]) : null;
}

export function sendBeside(res, file) {
  if (!fs.existsSync(file)) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { 'Content-Type': file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
    'Cache-Control': 'no-store' });
  return fs.createReadStream(file).pipe(res);
}
