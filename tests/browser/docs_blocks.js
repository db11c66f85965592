// The docs' code blocks, for tests/browser/docs.test.js: every ```html and ```js block of README.md and
// docs/*.md, with the file and line it starts on, and whether the doc marks it a fragment (the line before it, blank
// lines aside, is `<!-- fragment: why -->`: shown, not run). A js block's lines are split into statements so the test
// can check each line after it runs (module()). For tests/docs/shell.test.js: every ```sh, ```bash and ```shell
// block (shellBlocks()), with its `<!-- not run: why -->` marker.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const FENCE = /^```(\w*)\s*$/;
const FRAGMENT = /^<!--\s*fragment:\s*(\S.*?)\s*-->$/;
const NOT_RUN = /^<!--\s*not run:\s*(\S.*?)\s*-->$/;
const SHELL = ['sh', 'bash', 'shell'];

// [{ file, line, lang, code, fragment, notRun }] for the blocks of one Markdown file in langs (file: relative to root;
// notRun: a shell block's `<!-- not run: why -->`).
function blocksOf(root, file, langs = ['html', 'js']) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i].trim());
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && lines[end].trim() !== '```') end++;
    if (langs.includes(open[1])) {
      let before = i - 1;
      while (before >= 0 && lines[before].trim() === '') before--;
      const marker = before >= 0 ? lines[before].trim() : '';
      const marked = FRAGMENT.exec(marker);
      const notRun = NOT_RUN.exec(marker);
      blocks.push({
        file,
        line: i + 2,
        lang: open[1],
        code: lines.slice(i + 1, end).join('\n'),
        fragment: marked ? marked[1] : null,
        notRun: notRun ? notRun[1] : null,
      });
    }
    i = end;
  }
  return blocks;
}

// README.md, then docs/*.md by name: the order a reader meets them in.
function pages(root) {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort();
  return ['README.md'].concat(docs.map((f) => 'docs/' + f));
}

function allBlocks(root) {
  return pages(root).flatMap((f) => blocksOf(root, f));
}

// Every shell block of the pages, in the same order.
function shellBlocks(root) {
  return pages(root).flatMap((f) => blocksOf(root, f, SHELL));
}

// One line of a js block: its code without the trailing comment, and its statements (split at top-level `;`).
function splitLine(text) {
  let depth = 0;
  let quote = '';
  let code = text;
  const statements = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === '/' && text[i + 1] === '/') {
      code = text.slice(0, i);
      break;
    } else if (c === ';' && depth === 0) {
      statements.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const rest = code.slice(start).trim();
  if (rest) statements.push(rest);
  return { code: code.trim(), statements, open: depth };
}

// A js block as an ES module that runs its lines in order and, after each line of code, reports `checks[code]` (a JS
// expression over the line's statement values `v` and the block's own names) to window.__doc. Imports stay static
// (hoisted, as in the reader's module); a line with no check is reported as such, so a new example needs one.
function blockModule(block, checks) {
  const out = ['const __doc = window.__doc;'];
  let pending = null; // a statement spread over lines: joined until its brackets close
  block.code.split('\n').forEach((text, k) => {
    const joined = pending ? pending.text + '\n' + text : text;
    const split = splitLine(joined);
    if (split.open > 0) {
      pending = { text: joined, line: pending ? pending.line : block.line + k };
      return;
    }
    const line = pending ? pending.line : block.line + k;
    pending = null;
    if (!split.code) return;
    if (split.statements.every((s) => s.startsWith('import '))) {
      out.unshift(split.code);
    }
    const where = JSON.stringify(block.file + ':' + line);
    const key = split.code.replace(/\s+/g, ' ');
    const check = checks[block.file + ': ' + key] || checks[key];
    out.push('{ const v = [];');
    for (const s of split.statements) {
      if (s.startsWith('import ')) continue;
      out.push(/^(const|let|var)\s/.test(s) ? s.replace(/^(const|let|var)\s/, 'var ') + ';' : `v.push(${s});`);
    }
    const school = "typeof school === 'undefined' ? null : school";
    out.push(
      check
        ? `await __doc.report(${where}, ${JSON.stringify(key)}, await (async () => (${check}))(), v, ${school});`
        : `__doc.report(${where}, ${JSON.stringify(key)}, 'no check in docs.test.js');`,
    );
    out.push('}');
  });
  return out.join('\n') + '\n';
}

module.exports = { allBlocks, shellBlocks, blocksOf, pages, splitLine, blockModule, SHELL };
