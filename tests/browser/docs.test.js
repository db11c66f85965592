// The docs' examples are tests: every ```html and ```js block of README.md and docs/*.md runs here, beside
// the built files (build/web/dist), or the doc marks it `<!-- fragment: why -->` on the line before (shown, not run:
// a bundler's config, React's JSX, which tests/browser/frameworks.test.js builds). A reader copies these, so a changed
// API must break this test.
// - An html block is a page of its own (<body> + the block, `#hero` a 240 px box before it; a block without a script,
//   <miro-fish> markup, gets the bare tag after it): every school it asks for (its script tag's auto-mount, each
//   <miro-fish>) mounts, and no other; each draws; its attributes are the
//   school's options (get()); nothing goes to the console but the block's own console.log. The CDN's URL is served
//   from the build, and must name this version.
// - The js blocks run in order, as ES modules (imports as written, through an import map of the package's exports),
//   on one page: blocks without an import on the page the README gives them, the tag with data-auto="false"; the
//   others on a page without it. After each line, CHECKS[line] asserts what its comment says; a line without one
//   fails (a new example needs its check). The examples' free names: x, y (a viewport point, the page's centre).
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');
const { allBlocks, blockModule } = require('./docs_blocks');

const VERSION = JSON.parse(fs.readFileSync(path.join(h.ROOT, 'web', 'package.json'), 'utf8')).version;
const CDN = /^https:\/\/cdn\.jsdelivr\.net\/npm\/mirofish@([^/]+)\/dist\/([\w.-]+)$/;
const IMPORTS = {
  mirofish: '/mirofish.mjs',
  'mirofish/classic': '/mirofish-classic.mjs',
  'mirofish/vue': '/mirofish.mjs',
  'mirofish/svelte': '/mirofish.mjs',
};

// What each example line's comment says, as a JS expression over `v` (the line's statement values, in order) and
// the block's names; true passes, anything else is what went wrong. Keyed by the line's code (spaces collapsed), or
// by 'FILE: code' where the same code means more in one place. __doc.until(fn) waits (20 s) for fn() to be true.
const DRAWS = '(await __doc.until(() => school.stats().frames >= 2))';
const CHECKS = {
  "import { mount } from 'mirofish';": "typeof mount === 'function'",
  "README.md: import { mount } from 'mirofish';":
    "typeof mount === 'function' && window.MiroFish === undefined && " +
    "document.querySelectorAll('canvas').length === 0",
  "const school = await mount('#hero', { fish: 120, layer: 'element' });":
    "school.get('fish') === 120 && " + `document.querySelector('#hero').contains(school.canvas) && ${DRAWS}`,
  "import 'mirofish/classic';":
    `MiroFish.mount === mount && MiroFish.version === '${VERSION}' && ` +
    "typeof customElements.get('miro-fish') === 'function'",
  "import 'mirofish/vue';": "typeof customElements.get('miro-fish') === 'function'",
  "const school = await MiroFish.mount('#hero', { fish: 400 });":
    'MiroFish.all.length === 1 && ' +
    `school.get('fish') === 400 && document.querySelector('#hero').contains(school.canvas) && ${DRAWS}`,
  "const school = await MiroFish.mount('#hero', { fish: 400, palette: 2 });":
    'MiroFish.all.length === 1 && ' + `school.get('fish') === 400 && school.get('palette') === 2 && ${DRAWS}`,
  "await school.set('cohWeight', 1.4);": "v[0] === 1.4 && school.get('cohWeight') === 1.4",
  "school.get('fish'); school.params(); school.hash(); school.obstacles();":
    'v[0] === 400 && ' + 'v[1].cohWeight === 1.4 && /(^|&)n=400(&|$)/.test(v[2]) && Array.isArray(v[3])',
  "school.get('fish'); school.params();": 'v[0] === 400 && v[1].cohWeight === 1.4',
  'school.hash();': '/(^|&)n=400(&|$)/.test(v[0]) && /(^|&)seed=\\d+(&|$)/.test(v[0]) && /(^|&)w=\\d+(&|$)/.test(v[0])',
  // Resumed: animating again, 'idle' as well as 'running' (no input for 3 s since the mount makes a reader of it).
  'school.pause(); school.resume();': 'await __doc.until(() => /^(running|idle)$/.test(school.stats().state))',
  'school.share();': "location.hash === '#' + school.hash() && history.length === __doc.history",
  'await school.step(600); await school.stateHash();':
    'v[0] === 600 && ' + 'v[1] === await __doc.cli(school.hash(), school.stats().steps)',
  'school.feed(200, 150); school.scare(200, 150);':
    'await __doc.until(() => school.stats().feeds >= 1 && ' + 'school.stats().scares >= 1)',
  "await school.form({ type: 'qr', text: location.origin + location.pathname }); await school.release();":
    "v[0] === true && v[1] === undefined && school.stats().form.type === ''",
  'const { data, meta } = await school.trajectory(600);':
    'data instanceof Float32Array && ' + 'data.length === 601 * 400 * 4 && meta.fish === 400',
  'school.stats();':
    "v[0].fish === 400 && ['worker', 'main'].includes(v[0].thread) && " +
    "['fps', 'simMs', 'renderMs', 'steps', 'frames'].every((k) => typeof v[0][k] === 'number') && " +
    "typeof v[0].state === 'string' && typeof v[0].quality === 'object'",
  'school.destroy();': "school.canvas === null && MiroFish.all.length === 0 && !document.querySelector('#hero canvas')",
  'MiroFish.current;': 'v[0] === null && (await MiroFish.ready) === null',
};

const page = (body, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>docs</title>${head}</head>
<body><h1>A page</h1><div id="hero" style="height: 240px"></div>
${body}</body></html>`;

// The page's side of the js blocks: reports, a wait, the CLI's state hash (a binding), the examples' x and y.
function pageHelpers() {
  window.__doc = {
    results: [],
    history: history.length,
    // ok: true, or what went wrong (a failed check: the line's values and the school's state then).
    report(where, code, ok, v, school) {
      const state = school && typeof school.stats === 'function' ? school.stats() : null;
      const seen =
        ok === false
          ? JSON.stringify({
              v,
              school: state && {
                fish: state.fish,
                frames: state.frames,
                steps: state.steps,
                state: state.state,
                hash: school.hash().slice(0, 60),
              },
            })
          : String(ok);
      this.results.push({ where, code, ok: ok === true ? true : seen });
    },
    async until(fn, ms = 20000) {
      const end = performance.now() + ms;
      while (!fn()) {
        if (performance.now() > end) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
    cli: (hash, steps) => window.__cliHash(hash, steps),
  };
  window.x = innerWidth / 2;
  window.y = innerHeight / 2;
}

describe("the docs' examples", () => {
  const blocks = allBlocks(h.ROOT);
  // The build's files in a folder of their own, where each test writes its pages.
  const env = h.folderAndBrowser('mirofish-docs-', (dir) => {
    for (const f of fs.readdirSync(h.DIST)) fs.copyFileSync(path.join(h.DIST, f), path.join(dir, f));
  });

  // A page of this browser whose CDN requests (jsDelivr's URL, as the docs give it) get the build's files.
  async function open(name, html, viewport = { width: 800, height: 600 }) {
    fs.writeFileSync(path.join(env.dir, name), html);
    const context = await env.browser.newContext({ viewport });
    const cdn = [];
    await context.route(/^https:\/\/cdn\.jsdelivr\.net\//, (route) => {
      const m = CDN.exec(route.request().url());
      cdn.push(m ? m[1] : route.request().url());
      const file = m && path.join(h.DIST, m[2]);
      if (!file || !fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({
        status: 200,
        path: file,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Content-Type': /\.wasm$/.test(file) ? 'application/wasm' : 'text/javascript',
        },
      });
    });
    const p = await context.newPage();
    const log = h.watchConsole(p);
    return { p, log, cdn, context };
  }

  it('marks every block it does not run as a fragment, saying why', () => {
    const fragments = blocks.filter((b) => b.fragment);
    for (const b of fragments) assert.ok(b.fragment.length > 8, `${b.file}:${b.line}: why is it a fragment?`);
    assert.ok(blocks.length - fragments.length >= 10, `most blocks run (${blocks.length} blocks)`);
  });

  it('each html block: every school it asks for mounts, draws and has its attributes; the console stays clean', async () => {
    const html = blocks.filter((b) => b.lang === 'html' && !b.fragment);
    // One after another (pages opened together in one browser hold each other's first frames back).
    const results = [];
    for (const [i, b] of html.entries()) {
      const t = Date.now();
      results.push(await runHtml(b, i));
      console.log(`docs.test.js: ${b.file}:${b.line} took ${Date.now() - t} ms`);
    }
    assert.deepEqual(
      results.filter((r) => r !== true),
      [],
    );
  });

  async function runHtml(block, i) {
    const where = `${block.file}:${block.line}`;
    const studio = /mirofish-studio\.js/.test(block.code);
    // A block of <miro-fish> alone is the element's markup: the page gets the bare tag that defines it.
    const code = /<script\b/.test(block.code) ? block.code : block.code + '\n<script src="mirofish.js"></script>';
    const { p, log, cdn, context } = await open(`html-${i}.html`, page(code));
    try {
      await p.goto(`${env.srv.base}/html-${i}.html${studio ? '#studio=1' : ''}`, { waitUntil: 'domcontentloaded' });
      // The schools the block asks for: its tag's (a script with a data-* of ours) and each <miro-fish>.
      const got = await p.evaluate(async () => {
        const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
        const tag = [...document.scripts].find((s) => /mirofish\.js/.test(s.src));
        const own = tag ? Object.keys(tag.dataset).filter((k) => k !== 'auto') : [];
        const elements = [...document.querySelectorAll('miro-fish')];
        const wanted = [];
        if (tag && (own.length || !elements.length))
          wanted.push({
            what: 'the tag',
            attrs: own.map((k) => [k, tag.dataset[k]]),
            school: () => window.MiroFish.current,
          });
        for (const el of elements)
          wanted.push({
            what: '<miro-fish>',
            school: () => el.school,
            attrs: el
              .getAttributeNames()
              .filter((a) => a !== 'style' && a !== 'class')
              .map((a) => [a.replace(/-(\w)/g, (m, c) => c.toUpperCase()), el.getAttribute(a)]),
          });
        const end = performance.now() + 20000;
        while (performance.now() < end && !wanted.every((w) => w.school() && w.school().stats().frames >= 2))
          await sleep(50);
        return {
          all: window.MiroFish ? window.MiroFish.all.length : 0,
          schools: wanted.map((w) => {
            const s = w.school();
            if (!s) return { what: w.what, missing: true };
            return {
              what: w.what,
              frames: s.stats().frames >= 2,
              wrong: w.attrs
                .filter(([k, val]) => /^-?[\d.]+$/.test(val) && s.get(k) !== Number(val))
                .map(([k, val]) => `${k}=${val}: ${s.get(k)}`),
            };
          }),
        };
      });
      const problems = [];
      if (got.all !== got.schools.length) problems.push(`${got.all} schools, ${got.schools.length} asked for`);
      for (const s of got.schools) {
        if (s.missing || !s.frames) problems.push(`${s.what}: ${s.missing ? 'no school' : 'no frames drawn'}`);
        else if (s.wrong.length) problems.push(`${s.what}: ${s.wrong.join(', ')}`);
      }
      if (cdn.some((v) => v !== VERSION))
        problems.push(`the CDN URL names ${cdn.join(', ')}, the package is ${VERSION}`);
      if (studio) {
        // The studio opens itself on studio=1, and its Record panel finds mirofish-record.js beside it.
        const ok = await h
          .waitFor(p, () => {
            const s = document.querySelector('mirofish-studio');
            const rec = s && s.shadowRoot.querySelector('section[aria-label="record"]');
            return rec && !rec.querySelector('fieldset').disabled;
          })
          .then(
            () => true,
            () => false,
          );
        if (!ok) problems.push('the studio did not open with a working Record panel');
      }
      // A block's own console.log goes on (the recording's progress: its last line says it finished).
      if (/onProgress/.test(block.code)) {
        const end = Date.now() + 60000;
        const done = () => log.log.some((m) => m.type === 'log' && /^(\d+) \/ \1$/.test(m.text));
        while (!done() && Date.now() < end) await p.waitForTimeout(100);
        if (!done()) problems.push('the recording never logged its last frame');
      }
      const noise = log.log.filter((m) => m.type !== 'log' && m.type !== 'debug' && m.type !== 'info');
      if (noise.length) problems.push('console: ' + JSON.stringify(noise));
      return problems.length ? `${where}: ${problems.join('; ')}` : true;
    } finally {
      await context.close();
    }
  }

  it('the js blocks, in order: each line does what its comment says', async () => {
    const js = blocks.filter((b) => b.lang === 'js' && !b.fragment);
    const results = [];
    for (const modules of [false, true]) {
      const group = js.filter((b) => /^\s*import\s/m.test(b.code) === modules);
      const names = group.map((b, i) => {
        const name = `js-${modules ? 'm' : 't'}${i}.mjs`;
        fs.writeFileSync(path.join(env.dir, name), blockModule(b, CHECKS));
        return name;
      });
      const head =
        `<script type="importmap">${JSON.stringify({ imports: IMPORTS })}</script>` +
        (modules ? '' : '<script src="mirofish.js" data-auto="false"></script>');
      const run = `<script type="module">
for (const name of ${JSON.stringify(names)}) {
  history.replaceState(null, '', location.pathname);  // each block on the page as a reader opens it: no hash
  try { await import('./' + name); } catch (e) { window.__doc.report(name, 'the block', 'threw ' + e); }
}
window.__doc.done = true;
</script>`;
      const { p, log, context } = await open(`js-${modules}.html`, page(run, head));
      await p.exposeFunction(
        '__cliHash',
        (hash, steps) =>
          execFileSync(h.CLI, ['run', '--hash', hash, '--steps', String(steps)], { encoding: 'utf8' }).match(
            /^state-hash (\w+)$/m,
          )[1],
      );
      await p.addInitScript(pageHelpers);
      await p.goto(`${env.srv.base}/js-${modules}.html`);
      await h.waitFor(p, () => window.__doc && window.__doc.done, undefined, 60000);
      results.push(...(await p.evaluate(() => window.__doc.results)));
      const noise = log.log.filter((m) => m.type !== 'log' && m.type !== 'debug' && m.type !== 'info');
      results.push({
        where: `js-${modules}.html`,
        code: 'the console',
        ok: noise.length ? JSON.stringify(noise) : true,
      });
      await context.close();
    }
    assert.deepEqual(
      results.filter((r) => r.ok !== true),
      [],
    );
    // The README keeps one line of the handle (a fragment); docs/api.md's block runs its calls: 19 lines and the consoles.
    assert.ok(results.length > 15, `${results.length} lines checked`);
  });
});
