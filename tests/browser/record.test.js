// school.record() (mirofish-record.js): the files, read back by Debian's ffprobe and ffmpeg: container,
// codec, frame count = seconds x fps, size and alpha; frame k decoded against a screenshot of the school stepped to
// round(k x 60 / fps) at the same size (PSNR); the same options twice, the same frames; progress, cancel, bad options,
// and a browser without VideoEncoder. The school on screen keeps its state throughout.
'use strict';

const { describe, it, before } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./helpers');

// A 320 x 180 world drawn twice its size in the fixture's 640 x 360 #box (the school's canvas): koi a few pixels
// long lose their red to VP9's 4:2:0 chroma at 1:1, which would measure the codec rather than the frames.
const PAGE = '/fixtures/record.html#n=60&seed=7&w=320&h=180';
const BOX = { x: 0, y: 0, width: 640, height: 360 };
const BACKGROUND = '#183048'; // the fixture page's colour
const hasFfmpeg = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return false;
  }
})();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-record-'));
function save(name, bytes) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(bytes));
  return file;
}
function probe(file) {
  const out = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-count_frames',
      '-show_entries',
      'format=format_name:stream=codec_name,width,height,nb_read_frames,avg_frame_rate:stream_tags',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  const j = JSON.parse(out);
  const s = j.streams[0];
  return {
    format: j.format.format_name,
    codec: s.codec_name,
    width: s.width,
    height: s.height,
    frames: Number(s.nb_read_frames),
    rate: s.avg_frame_rate,
    tags: s.tags || {},
    streams: j.streams.length,
  };
}
// Frame k as raw pixels (rgb24, or rgba with libvpx's decoder, which reads VP9's alpha from the WebM).
function decodeFrame(file, k, pixFmt = 'rgb24', decoder = []) {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      ...decoder,
      '-i',
      file,
      '-vf',
      `select=eq(n\\,${k})`,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      pixFmt,
      '-',
    ],
    { maxBuffer: 1 << 28 },
  );
}
function frameMd5s(file) {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && l[0] !== '#')
    .map((l) => l.split(',').pop().trim());
}
// PSNR (dB) of an rgb24 frame against an RGBA screenshot of the same size.
function psnr(rgb, shot) {
  let se = 0;
  const n = shot.width * shot.height;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      const d = rgb[i * 3 + c] - shot.data[i * 4 + c];
      se += d * d;
    }
  }
  const mse = se / (n * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

describe('school.record()', { skip: !hasFfmpeg && 'ffprobe/ffmpeg missing (apt-get install ffmpeg)' }, () => {
  const env = h.serverAndBrowser();
  let page, log;
  before(async () => {
    page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    log = h.watchConsole(page);
    await page.goto(env.srv.base + PAGE);
    await page.evaluate(async () => {
      window.school = await window.MiroFish.mount('#box', { paused: true });
      window.MiroFishRecord.install(window.school);
      window.recordBytes = async (options) => {
        const blob = await window.school.record(options);
        return { type: blob.type, bytes: Array.from(new Uint8Array(await blob.arrayBuffer())) };
      };
    });
  });

  // docs/api.md: present once mirofish-record.js is on the page, whether the school was mounted before it or after.
  it('school.record() is on schools mounted after mirofish-record.js loaded, and on those mounted before it', async () => {
    const p = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    const plog = h.watchConsole(p);
    await p.goto(env.srv.base + PAGE);
    const after = await p.evaluate(async () => typeof (await window.MiroFish.mount('#box', { fish: 10 })).record);
    await p.goto(env.srv.base + '/fixtures/manual.html');
    const before = await p.evaluate(async () => {
      const s = await window.MiroFish.mount(null, { fish: 10 });
      const had = typeof s.record;
      await new Promise((resolve, reject) => {
        const tag = Object.assign(document.createElement('script'), { src: '/dist/mirofish-record.js' });
        tag.onload = resolve;
        tag.onerror = reject;
        document.head.appendChild(tag);
      });
      return { had, now: typeof s.record };
    });
    assert.deepEqual({ after, before }, { after: 'function', before: { had: 'undefined', now: 'function' } });
    assert.deepEqual(plog.errors(), []);
    await p.close();
  });

  it('writes a VP9 WebM of seconds x fps frames at the asked size, with progress, the school undisturbed', async () => {
    const r = await page.evaluate(async (bg) => {
      await window.school.step(50); // the school on screen is elsewhere: the recording starts at the hash's step 0
      const before = { hash: await window.school.stateHash(), steps: window.school.stats().steps };
      const progress = [];
      const made = await window.recordBytes({
        seconds: 1.5,
        fps: 24,
        width: 320,
        height: 180,
        background: bg,
        onProgress: (done, total) => progress.push([done, total]),
      });
      const after = { hash: await window.school.stateHash(), steps: window.school.stats().steps };
      return Object.assign(made, { before, after, progress });
    }, BACKGROUND);
    assert.deepEqual(r.after, r.before, 'the school on screen kept its state and its steps');
    assert.equal(r.type, 'video/webm');
    assert.equal(r.progress.length, 36);
    assert.deepEqual(r.progress[35], [36, 36]);
    assert.ok(
      r.progress.every((p, i) => p[0] === i + 1 && p[1] === 36),
      'progress counts every frame, in order',
    );
    const p = probe(save('a.webm', r.bytes));
    assert.match(p.format, /webm|matroska/);
    assert.equal(p.codec, 'vp9');
    assert.equal(p.width, 320);
    assert.equal(p.height, 180);
    assert.equal(p.frames, 36, '1.5 s x 24 fps');
    assert.equal(p.streams, 1);
    assert.ok(
      page.workers().some((w) => /\/dist\/mirofish-record\.js$/.test(w.url())),
      "the recording ran in the recorder's own Worker",
    );
    assert.deepEqual(log.errors(), []);
  });

  it('frame k is the school after round(k x 60 / fps) steps (PSNR >= 30 dB), and the same options give the same frames', async () => {
    const options = { seconds: 1, fps: 25, width: 640, height: 360, background: BACKGROUND };
    const first = await page.evaluate((o) => window.recordBytes(o), options);
    const again = await page.evaluate((o) => window.recordBytes(o), options);
    const a = save('b1.webm', first.bytes),
      b = save('b2.webm', again.bytes);
    const md5a = frameMd5s(a);
    assert.equal(md5a.length, 25);
    assert.deepEqual(frameMd5s(b), md5a, 'the same options twice: the same decoded frames');
    // The school on screen, from its hash's step 0 (a fresh mount), stepped to frame k's step and screenshot.
    const scores = [],
      shots = [];
    for (const k of [0, 7, 24]) {
      const steps = Math.round((k * 60) / 25);
      await page.evaluate(async (n) => {
        window.school.destroy();
        window.school = await window.MiroFish.mount('#box', { paused: true });
        await window.school.step(n);
        await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
      }, steps);
      const shot = await h.shot(page, BOX);
      scores.push(psnr(decodeFrame(a, k), shot));
      shots.push(shot);
    }
    const wrong = psnr(decodeFrame(a, 8), shots[1]); // one frame off: frame 8 (step 19) against step 17's screenshot
    console.log(
      '# PSNR of frames 0, 7, 24 against screenshots: ' +
        scores.map((x) => x.toFixed(1)).join(', ') +
        " dB; frame 8 against frame 7's: " +
        wrong.toFixed(1) +
        ' dB',
    );
    for (const s of scores) assert.ok(s >= 30, `PSNR ${scores.map((x) => x.toFixed(1)).join(', ')} dB: each >= 30`);
    assert.ok(wrong < 30, `the next frame (2 steps on) scores ${wrong.toFixed(1)} dB: the measure tells frames apart`);
    await page.evaluate(() => window.MiroFishRecord.install(window.school));
  });

  it('alpha: VP9 with alpha in WebM, transparent where no fish swims', async () => {
    const r = await page.evaluate(() =>
      window.recordBytes({ seconds: 0.5, fps: 30, width: 320, height: 180, alpha: true }),
    );
    const file = save('alpha.webm', r.bytes);
    const p = probe(file);
    assert.equal(p.codec, 'vp9');
    assert.equal(p.frames, 15);
    assert.equal(String(p.tags.alpha_mode || p.tags.ALPHA_MODE), '1', 'the WebM says alpha_mode=1');
    const rgba = decodeFrame(file, 5, 'rgba', ['-c:v', 'libvpx-vp9']);
    let clear = 0,
      solid = 0; // the koi are drawn at opacity 0.55 (the opacity option): about 140 of 255
    for (let i = 3; i < rgba.length; i += 4) {
      if (rgba[i] < 8) clear++;
      else if (rgba[i] > 96) solid++;
    }
    const n = rgba.length / 4;
    assert.ok(clear > n * 0.5, `most of the frame is transparent (${clear} of ${n})`);
    assert.ok(solid > 50, `the fish show in the alpha (${solid} pixels)`);
  });

  it('mp4: H.264 where the browser encodes it, else AV1 or VP9, in an MP4', async () => {
    const r = await page.evaluate(() =>
      window.recordBytes({ seconds: 1, fps: 30, width: 640, height: 360, format: 'mp4' }),
    );
    assert.equal(r.type, 'video/mp4');
    const p = probe(save('c.mp4', r.bytes));
    assert.match(p.format, /mp4/);
    assert.ok(['h264', 'av1', 'vp9'].includes(p.codec), p.codec);
    assert.equal(p.width, 640);
    assert.equal(p.height, 360);
    assert.equal(p.frames, 30);
  });

  it('cancels through an AbortSignal; bad options reject with one sentence each', async () => {
    const r = await page.evaluate(async () => {
      const ac = new AbortController();
      const started = performance.now();
      let done = 0;
      const error = await window.school
        .record({
          seconds: 60,
          fps: 60,
          width: 640,
          height: 360,
          signal: ac.signal,
          onProgress: (d) => {
            done = d;
            if (d === 3) ac.abort();
          },
        })
        .then(
          () => null,
          (e) => e.name,
        );
      const bad = [];
      for (const o of [
        { fps: 29 },
        { width: 4000 },
        { height: 181 },
        { seconds: 0 },
        { seconds: 'x' },
        { format: 'avi' },
        { format: 'mp4', alpha: true },
        { background: 'red' },
        { from: { time: -1 } },
        { signal: 'no' },
        'fast',
      ]) {
        bad.push(
          await window.school.record(o).then(
            () => 'resolved',
            (e) => e.message,
          ),
        );
      }
      const after = await window.school.record({ seconds: 0.25, fps: 24, width: 160, height: 90 }).then((b) => b.size);
      return { error, done, ms: performance.now() - started, bad, after };
    });
    assert.equal(r.error, 'AbortError');
    assert.ok(r.done < 60 * 60, `stopped early (${r.done} frames)`);
    assert.deepEqual(
      r.bad.map((m) => /^record\(\S*\): /.test(m)),
      r.bad.map(() => true),
      r.bad.join('\n'),
    );
    assert.match(r.bad[0], /fps 29 must be one of 24, 25, 30, 60/);
    assert.match(r.bad[1], /width 4000 must be an even whole number of pixels, 16\.\.3840/);
    assert.match(r.bad[2], /height 181/);
    assert.match(r.bad[6], /alpha needs format 'webm'/);
    assert.match(r.bad[7], /background "red"/);
    assert.ok(r.after > 0, 'a recording after a cancel works');
  });

  it('from: a hash and a time start the clip there', async () => {
    const r = await page.evaluate(() =>
      Promise.all(
        [
          { seconds: 0.5, from: { time: 0.5 } },
          { seconds: 1 },
          { seconds: 0.5, from: { hash: 'n=60&seed=7&w=320&h=180&t=0.5' } },
        ].map((clip) => window.recordBytes({ fps: 60, width: 320, height: 180, background: '#183048', ...clip })),
      ),
    );
    const late = frameMd5s(save('d1.webm', r[0].bytes)),
      whole = frameMd5s(save('d2.webm', r[1].bytes));
    const viaHash = frameMd5s(save('d3.webm', r[2].bytes));
    assert.equal(late.length, 30);
    // Decoded frames equal where the encoders' states agree: both clips' key frames (their first) hold step 30.
    const key = decodeFrame(path.join(dir, 'd1.webm'), 0),
      same = decodeFrame(path.join(dir, 'd2.webm'), 30);
    const shotLike = { width: 320, height: 180, data: new Uint8Array(320 * 180 * 4) };
    for (let i = 0; i < 320 * 180; i++) for (let c = 0; c < 3; c++) shotLike.data[i * 4 + c] = same[i * 3 + c];
    assert.ok(psnr(key, shotLike) >= 30, "from.time 0.5 s: frame 0 is the whole clip's frame 30");
    assert.deepEqual(viaHash, late, 't=0.5 in from.hash is the same start as from.time 0.5');
    assert.notDeepEqual(late[0], whole[0]);
  });
});

describe('record() without VideoEncoder, or without the codec', { skip: !hasFfmpeg && 'ffmpeg missing' }, () => {
  const env = h.serverAndBrowser();
  it('rejects naming what is missing (on the main thread: no Worker allowed here)', async () => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.addInitScript(() => {
      delete window.VideoEncoder;
    });
    await page.goto(env.srv.base + '/fixtures/record.html?csp=noworker#n=30&seed=7');
    const r = await page.evaluate(async () => {
      const school = await window.MiroFish.mount('#box', { paused: true });
      const error = await window.MiroFishRecord.record(school, { seconds: 1 }).then(
        () => 'resolved',
        (e) => e.message,
      );
      return { error, supported: await window.MiroFishRecord.supported({}) };
    });
    assert.match(r.error, /no WebCodecs VideoEncoder/);
    assert.equal(r.supported, r.error);
    await page.close();
  });

  it('rejects a codec the encoder lacks, naming it; mp4 falls back to the next codec', async () => {
    const page = await env.browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.addInitScript(() => {
      // an encoder without VP9 or H.264 (the page's thread: no Worker allowed here)
      const real = VideoEncoder.isConfigSupported.bind(VideoEncoder);
      VideoEncoder.isConfigSupported = (c) =>
        /^(vp09|avc1)/.test(c.codec) ? Promise.resolve({ supported: false, config: c }) : real(c);
    });
    await page.goto(env.srv.base + '/fixtures/record.html?csp=noworker#n=30&seed=7');
    const r = await page.evaluate(async () => {
      const school = await window.MiroFish.mount('#box', { paused: true });
      const o = { seconds: 0.5, fps: 24, width: 160, height: 90 };
      const webm = await window.MiroFishRecord.record(school, o).then(
        () => 'resolved',
        (e) => e.message,
      );
      const mp4 = await window.MiroFishRecord.record(school, Object.assign({ format: 'mp4' }, o)).then(
        async (b) => Array.from(new Uint8Array(await b.arrayBuffer())),
        (e) => e.message,
      );
      return { webm, mp4, supported: await window.MiroFishRecord.supported(o) };
    });
    assert.match(r.webm, /VideoEncoder cannot encode VP9 at 160x90 \(format 'webm'\); try format 'mp4'/);
    assert.equal(r.supported, r.webm);
    assert.ok(Array.isArray(r.mp4), String(r.mp4));
    const p = probe(save('av1.mp4', r.mp4));
    assert.equal(p.codec, 'av1', 'no H.264 here: AV1 in the MP4');
    assert.equal(p.frames, 12);
    await page.close();
  });
});
