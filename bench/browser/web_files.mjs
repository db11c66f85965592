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
