// The classes of the engine (web/engine/) and the host (web/host/) keep their state #private, grouped in a typed
// object, or set once in their constructor: tsc rejects a misspelt `this.#field` or `this.group.field`, but JS checking
// takes a misspelt `this.field = ...` in a method of a class for a new property and passes it (docs/architecture.md,
// "What tsc catches"; an object literal's methods it checks). This holds the part tsc cannot: in a class, outside its
// constructor, no write to a `this.` field that is not #private.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

// A write to `this.name` (=, op=, ++, --), not `this.#name`, and not a comparison.
const WRITE = /\bthis\.([A-Za-z_$][\w$]*)\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)|\+\+|--)/;

// The lines of `text` that write a public field in a class outside its constructor, as 'line: text'. Files are
// prettier's: a top-level class starts at the line's start and ends at the first line that is `}`, a class member
// starts at two spaces, and a constructor's body ends at the first line that is `  }`.
function strayWrites(text) {
  const found = [];
  let inClass = false;
  let inConstructor = false;
  text.split('\n').forEach((line, i) => {
    if (/^(export (default )?)?class\b/.test(line)) inClass = true;
    else if (inClass && line === '}') inClass = false;
    if (/^ {2}constructor\(/.test(line)) inConstructor = true;
    else if (inConstructor && line === '  }') inConstructor = false;
    const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '').replace(/\s\/\/\s.*$/, '');
    if (inClass && !inConstructor && WRITE.test(code)) found.push(i + 1 + ': ' + line.trim());
  });
  return found;
}

test('the rule finds a write in a method, and none in a constructor', () => {
  const planted =
    'class A {\n  constructor() {\n    this.level = 0;\n  }\n\n  judge() {\n    this.levle = 1;\n  }\n}\n';
  assert.deepEqual(strayWrites(planted), ['7: this.levle = 1;']);
  assert.deepEqual(
    strayWrites('class A {\n  judge() {\n    this.#levle = 1;\n    if (this.level === 1) return;\n  }\n}\n'),
    [],
  );
  // an object literal's method: tsc checks its `this` against the literal
  assert.deepEqual(strayWrites('const rest = {\n  timer: 0,\n  input() {\n    this.timer = 1;\n  },\n};\n'), []);
});

for (const product of ['engine', 'host']) {
  test(`web/${product}'s classes write only #private fields outside their constructors`, () => {
    const dir = path.join(WEB, product);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
    assert.ok(files.includes('school.js'), 'reads web/' + product);
    const stray = files.flatMap((f) => strayWrites(fs.readFileSync(path.join(dir, f), 'utf8')).map((w) => f + ':' + w));
    assert.deepEqual(
      stray,
      [],
      'a field written outside its constructor must be #private (or in a typed group): a misspelt one then fails tsc',
    );
  });
}
