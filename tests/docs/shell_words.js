// Shell lines as words, enough to compare a doc's command with a script's: quotes removed, comments dropped, the
// operators (&&, ||, ;, |, &, parentheses) between commands. A word that expands something ($x, ${x[@]}, $(cmd))
// keeps where: its `re` matches the words it could stand for, `vars` says it has expansions, `multi` that it is an
// array (any number of words) and `assign` that it is NAME=VALUE.
'use strict';

const OPERATOR = /^(&&|\|\||[;|&()])/;

// The end of an expansion that starts at line[i] ('$'): after its name, or its balanced {...} or (...).
function expansionEnd(line, i) {
  const open = line[i + 1];
  if (open === '{' || open === '(') {
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    for (let k = i + 1; k < line.length; k++) {
      if (line[k] === open) depth++;
      else if (line[k] === close && --depth === 0) return k + 1;
    }
    return line.length;
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*|^[0-9@*#?$!-]/.exec(line.slice(i + 1));
  return name ? i + 1 + name[0].length : i + 1;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One line's words and operators: [{ text, re, vars, multi, assign } | { op }], up to its comment.
function lineWords(line) {
  const out = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i])) {
      i++;
      continue;
    }
    if (line[i] === '#') break;
    const op = OPERATOR.exec(line.slice(i));
    if (op) {
      out.push({ op: op[1] });
      i += op[1].length;
      continue;
    }
    let text = '';
    let re = '';
    let expansions = 0;
    let quote = '';
    const start = i;
    for (; i < line.length; i++) {
      const c = line[i];
      if (!quote && (/\s/.test(c) || /[;|()]/.test(c) || (c === '&' && !/[<>]/.test(line[i - 1])))) break;
      if (c === quote) quote = '';
      else if (!quote && (c === "'" || c === '"')) quote = c;
      else if (c === '\\' && quote !== "'" && i + 1 < line.length) {
        text += line[++i];
        re += escape(line[i]);
      } else if (c === '$' && quote !== "'" && i + 1 < line.length && /[{(A-Za-z_0-9@*#?!-]/.test(line[i + 1])) {
        const end = expansionEnd(line, i);
        text += line.slice(i, end);
        re += '(.*)';
        expansions++;
        i = end - 1;
      } else {
        text += c;
        re += escape(c);
      }
    }
    const raw = line.slice(start, i);
    out.push({
      text,
      re,
      vars: expansions > 0,
      multi: expansions === 1 && re === '(.*)' && /\[[@*]\]/.test(raw),
      assign: /^[A-Za-z_][A-Za-z0-9_]*=/.test(text),
    });
  }
  return out;
}

// A text's commands: lines joined where they end in a backslash, then cut at the operators; each a list of words.
function commands(text) {
  const joined = text.replace(/\\\n/g, ' ');
  const out = [];
  for (const line of joined.split('\n')) {
    let current = [];
    for (const w of lineWords(line)) {
      if (w.op) {
        if (current.length) out.push(current);
        current = [];
      } else current.push(w);
    }
    if (current.length) out.push(current);
  }
  return out;
}

module.exports = { lineWords, commands };
