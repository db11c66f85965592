// scripts/js-floors.mjs, the JS floors' check (docs/architecture.md): web/ as it is passes; a tree with an arrow
// planted that runs back up, crosses between peers or goes past the kernel's front fails, one line per arrow.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'js-floors.mjs');
const run = (dir) => spawnSync(process.execPath, dir ? [SCRIPT, dir] : [SCRIPT], { encoding: 'utf8' });

// A small web/ of its own, in a temp dir: `files` {path: text}.
function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'js-floors-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const GOOD = {
  'core/index.js': "export { say } from './util.js';\n",
  'core/util.js': 'export const say = 1;\n',
  'core/protocol.js': '/** @typedef {{t: string}} Msg */\nexport {};\n',
  'host/a.js':
    "import { say } from '../core/index.js';\nimport { b } from './b.js';\n/** @param {import('../core/protocol.js').Msg} m */\nexport const a = (m) => say + b + m.t;\n",
  'host/b.js': 'export const b = 2;\n',
  'engine/c.js': "import { say } from '../core/index.js';\nexport const c = say;\n",
  'entry/e.js':
    "import createGlue from 'mirofish-glue';\nimport { a } from '../host/a.js';\nimport { c } from '../engine/c.js';\nexport { a, c, createGlue };\n",
};

describe('scripts/js-floors.mjs', () => {
  it('passes web/ as it is', () => {
    const r = run();
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^js-floors: \d+ files, \d+ imports, every one points down$/m);
  });

  it('passes a tree whose arrows all point down', () => {
    const dir = tree(GOOD);
    const r = run(dir);
    fs.rmSync(dir, { recursive: true });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  it('fails with one line per planted arrow that runs up, crosses, or goes past the front', () => {
    const dir = tree(
      Object.assign({}, GOOD, {
        'host/b.js': "import { c } from '../engine/c.js';\nexport const b = c;\n",
        'engine/c.js':
          "import { say } from '../core/util.js';\nimport glue from 'mirofish-glue';\n/** @type {import('../host/b.js').b} */\nexport const c = say + glue;\n",
        'core/util.js': "export const say = 1;\nexport const later = () => import('../host/a.js');\n",
      }),
    );
    const r = run(dir);
    fs.rmSync(dir, { recursive: true });
    assert.equal(r.status, 1);
    const at = (f) => path.join(path.relative(ROOT, dir), f);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      `${at('core/util.js')}: '../host/a.js': the kernel imports only itself (web/core)`,
      `${at('engine/c.js')}: '../core/util.js': a product imports the kernel through its front, web/core/index.js`,
      `${at('engine/c.js')}: 'mirofish-glue': only an entry imports the engine's glue`,
      `${at('engine/c.js')}: import('../host/b.js'): products are peers: engine never imports host`,
      `${at('host/b.js')}: '../engine/c.js': products are peers: host never imports engine`,
    ]);
  });
});
