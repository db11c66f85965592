// The studio's Record panel: its defaults, a recording to a download named mirofish-<seed>-<seconds>s.webm,
// and the panel greyed with the recorder's own sentence where the browser has no VideoEncoder.
'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

describe('studio: Record panel', () => {
  const env = h.serverAndBrowser();

  async function open(init) {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
    // No thread forced: the studio attaches alike on both, so the suite's path (MIROFISH_THREAD) is the one tested.
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    const log = h.watchConsole(page);
    await page.goto(env.srv.base + '/fixtures/studio.html#studio=1');
    await h.waitFor(page, () => document.querySelector('mirofish-studio'));
    return { context, page, log };
  }
  const panel = (page, fn, arg) =>
    page.locator('mirofish-studio').evaluate(
      (host, [body, a]) => {
        const root = host.shadowRoot.querySelector('section[aria-label="record"]');
        return new Function('root', 'a', body)(root, a);
      },
      [fn, arg],
    );

  it('records the current hash with the chosen options and offers the file', async () => {
    const { context, page, log } = await open();
    await h.waitFor(
      page,
      () => {
        const root = document.querySelector('mirofish-studio').shadowRoot.querySelector('section[aria-label="record"]');
        return root && !root.querySelector('fieldset').disabled && !root.querySelector('button').disabled;
      },
      undefined,
      30000,
    );
    const defaults = await panel(
      page,
      `return { seconds: root.querySelector('input[type=number]').value,
      fps: root.querySelector('select[aria-label="frames a second"]').value,
      size: root.querySelector('select[aria-label=size]').value, format: root.querySelector('select[aria-label=format]').value };`,
    );
    assert.deepEqual(defaults, { seconds: '10', fps: '60', size: '1920x1080', format: 'webm' });
    await panel(
      page,
      `root.querySelector('input[type=number]').value = '0.5';
      root.querySelector('select[aria-label="frames a second"]').value = '24';
      root.querySelector('select[aria-label=size]').value = '640x360';
      root.querySelector('button').click();`,
    );
    await h.studioClipOffered(page);
    const r = await page.locator('mirofish-studio').evaluate(async (host) => {
      const root = host.shadowRoot;
      const a = root.querySelector('a.download');
      const blob = await (await fetch(a.href)).blob();
      return {
        name: a.download,
        size: blob.size,
        type: blob.type,
        bar: root.querySelector('progress').value,
        status: root.querySelector('.record-status').textContent,
      };
    });
    assert.equal(r.name, 'mirofish-7-0.5s.webm');
    assert.equal(r.type, 'video/webm');
    assert.ok(r.size > 1000, `${r.size} bytes`);
    assert.equal(r.bar, 1);
    assert.match(r.status, /^12 frames in [\d.]+ s/);
    assert.deepEqual(log.errors(), []);
    await context.close();
  });

  it('greys the panel with the same words where there is no VideoEncoder', async () => {
    const { context, page } = await open(() => {
      delete window.VideoEncoder;
    });
    await h.waitFor(
      page,
      () =>
        /VideoEncoder/.test(
          document.querySelector('mirofish-studio').shadowRoot.querySelector('.record-status').textContent,
        ),
      undefined,
      30000,
    );
    const r = await panel(
      page,
      `return { disabled: root.querySelector('fieldset').disabled,
      text: root.querySelector('.record-status').textContent };`,
    );
    const said = await page.evaluate(() => window.MiroFishRecord.supported({}));
    assert.equal(r.disabled, true);
    assert.equal(r.text, said);
    assert.match(said, /no WebCodecs VideoEncoder/);
    await context.close();
  });
});
