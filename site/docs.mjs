// The docs as pages: docs/*.md and the README through markdown-it, each heading with GitHub's anchor (its slug), each
// link between .md files rewritten to the rendered page (README.md -> docs/index.html, docs/x.md -> docs/x.html), a
// side list of every page. A link to another file of the repository goes to SITE_REPO (the repository's URL, which
// the Pages workflow gives) where set, else to LICENSE.txt for the licence, else it stays text.
import fs from 'node:fs';
import path from 'node:path';
import { page } from './page.mjs';

// The side list's order: the README, then the docs a page owner reads first; the rest by name.
const FIRST = [
  'hosting',
  'options',
  'api',
  'frameworks',
  'url-hash',
  'behaviour',
  'studio',
  'recording',
  'cli',
  'site',
];

export function docOrder(root) {
  const names = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3));
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const docs = [{ src: 'README.md', out: 'docs/index.html' }].concat(
    names.map((n) => ({ src: 'docs/' + n + '.md', out: 'docs/' + n + '.html' })),
  );
  for (const doc of docs) {
    const text = fs.readFileSync(path.join(root, doc.src), 'utf8');
    doc.text = text;
    doc.title = (/^# (.+)$/m.exec(text) || [, doc.src])[1].replace(/`/g, '');
  }
  return docs;
}

function rank(name) {
  const i = FIRST.indexOf(name);
  return i < 0 ? FIRST.length : i;
}

// GitHub's heading anchor (github-slugger): lower case, punctuation dropped, each space a hyphen; a repeat gets -1, -2.
export function slug(text, seen) {
  const base = text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
  let s = base;
  for (let i = 1; seen.has(s); i++) s = base + '-' + i;
  seen.add(s);
  return s;
}

// A link as the rendered page needs it; `from` is the source's repository path.
function rewrite(url, from, repo) {
  if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const file = hashAt < 0 ? url : url.slice(0, hashAt);
  const frag = hashAt < 0 ? '' : url.slice(hashAt);
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(file)));
  let out = null;
  if (target === 'README.md') out = 'docs/index.html';
  else if (/^docs\/[^/]+\.md$/.test(target)) out = target.replace(/\.md$/, '.html');
  else if (target.startsWith('docs/images/')) out = target;
  else if (target === 'LICENSE') out = 'LICENSE.txt';
  else if (repo) return repo.replace(/\/$/, '') + '/blob/main/' + target + frag;
  if (!out) return null;
  return path.posix.relative('docs', out) + frag;
}

// The article's HTML: headings with ids, links rewritten; returns the page.
export function renderDoc(MarkdownIt, root, doc, docs) {
  const md = new MarkdownIt({ html: true, linkify: false });
  const seen = new Set();
  md.core.ruler.push('anchors', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const text = tokens[i + 1].children
        .filter((t) => t.type === 'text' || t.type === 'code_inline')
        .map((t) => t.content)
        .join('');
      tokens[i].attrSet('id', slug(text, seen));
    }
  });
  let html = md.render(doc.text);
  html = html.replace(/<(h[1-6]) id="([^"]+)">/g, '<$1 id="$2"><a class="anchor" href="#$2" aria-hidden="true">#</a>');
  // markdown-it's own links and the README's raw <img>: href and src alike.
  html = html.replace(/<(a|img)((?:\s[^>]*?)?)\s(href|src)="([^"]*)"/g, (all, tag, before, attr, url) => {
    const to = rewrite(url.replace(/&amp;/g, '&'), doc.src, process.env.SITE_REPO || '');
    if (to === null) return '<' + (tag === 'a' ? 'span' : tag) + before + ' data-repo-path="' + url + '"';
    return '<' + tag + before + ' ' + attr + '="' + to.replace(/&/g, '&amp;') + '"';
  });
  html = html.replace(/<span([^>]*data-repo-path[^>]*)>([\s\S]*?)<\/a>/g, '<span$1>$2</span>');
  const list = docs
    .map((d) => {
      const href = path.posix.relative('docs', d.out);
      return (
        '<li><a href="' + href + '"' + (d === doc ? ' aria-current="page"' : '') + '>' + esc(d.title) + '</a></li>'
      );
    })
    .join('');
  return page({
    title: esc(doc.title) + ' · MiroFish',
    up: '../',
    body:
      '<main class="docs"><nav aria-label="Docs"><ul>' + list + '</ul></nav><article>' + html + '</article></main>\n',
  });
}

function esc(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
