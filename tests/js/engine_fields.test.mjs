// The engine's classes (web/engine/) keep their state #private, or set it once in their constructor: tsc rejects a
// misspelt `this.#field`, but JS checking takes a misspelt `this.field = ...` in a method for a new property and
// passes it (docs/architecture.md, "What tsc catches"). This holds the part tsc cannot: outside a constructor, no
// write to a `this.` field that is not #private.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ENGINE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'engine');

// A write to `this.name` (=, op=, ++, --), not `this.#name`, and not a comparison.
const WRITE = /\bthis\.([A-Za-z_$][\w$]*)\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)|\+\+|--)/;

// The lines of `text` that write a public field outside a constructor, as 'line: text'. Files are prettier's: a class
// member starts at two spaces, and a constructor's body ends at the first line that is `  }`.
function strayWrites(text) {
  const found = [];
  let inConstructor = false;
  text.split('\n').forEach((line, i) => {
    if (/^ {2}constructor\(/.test(line)) inConstructor = true;
    else if (inConstructor && line === '  }') inConstructor = false;
    const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '').replace(/\s\/\/\s.*$/, '');
    if (!inConstructor && WRITE.test(code)) found.push(i + 1 + ': ' + line.trim());
  });
  return found;
}

test('the rule finds a write in a method, and none in a constructor', () => {
  const planted =
    'class A {\n  constructor() {\n    this.level = 0;\n  }\n\n  judge() {\n    this.levle = 1;\n  }\n}\n';
  assert.deepEqual(strayWrites(planted), ['7: this.levle = 1;']);
  assert.deepEqual(strayWrites('  judge() {\n    this.#levle = 1;\n    if (this.level === 1) return;\n  }\n'), []);
});

test("web/engine's classes write only #private fields outside their constructors", () => {
  const files = fs.readdirSync(ENGINE).filter((f) => f.endsWith('.js'));
  assert.ok(files.includes('school.js') && files.includes('quality.js'), 'reads web/engine');
  const stray = files.flatMap((f) =>
    strayWrites(fs.readFileSync(path.join(ENGINE, f), 'utf8')).map((w) => f + ':' + w),
  );
  assert.deepEqual(
    stray,
    [],
    'a field written outside its constructor must be #private: a misspelt one then fails tsc',
  );
});
