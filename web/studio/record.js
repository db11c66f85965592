// The Record panel: duration, fps, size, format, alpha and background; Record, a progress bar, Cancel,
// and the file to download, mirofish-<seed>-<seconds>s.webm. The defaults make a 10 s 1080p60 VP9 clip of the
// school's current hash. Where this browser cannot record, the panel is greyed with the recorder's own sentence.
import { loadRecorder } from './recorder.js';
import { errorText } from '../core/index.js';
import { el } from './util.js';

/** @typedef {import('../mirofish.d.ts').MiroFishRecordOptions} RecordOptions */
/**
 * What the controls ask for: every option but where the clip starts (the school's own hash) and the call's own.
 * @typedef {Required<Omit<RecordOptions, 'from' | 'onProgress' | 'signal'>>} Chosen
 */
/**
 * What the Record panel reads of its studio: the school it records and its seed, for the file's name.
 * @typedef {Pick<import('./studio.js').Studio, 'school' | 'params'>} RecordStudio
 */

/** @type {[number, number][]} width, height */
const SIZES = [
  [1280, 720],
  [1920, 1080],
  [2560, 1440],
  [3840, 2160],
  [640, 360],
];

// The panel's controls, and the fieldset that greys them together.
function controls() {
  /** @param {string} value @param {string} text @param {boolean} [selected] */
  const opt = (value, text, selected) => el('option', { value, textContent: text, selected: !!selected });
  const ui = {
    seconds: el('input', {
      type: 'number',
      min: '0.5',
      max: '600',
      step: '0.5',
      value: '10',
      'aria-label': 'duration (s)',
    }),
    fps: el(
      'select',
      { 'aria-label': 'frames a second' },
      ...[24, 25, 30, 60].map((f) => opt(String(f), f + ' fps', f === 60)),
    ),
    size: el('select', { 'aria-label': 'size' }, ...SIZES.map(([w, h]) => opt(w + 'x' + h, w + ' x ' + h, h === 1080))),
    format: el('select', { 'aria-label': 'format' }, opt('webm', 'WebM (VP9)', true), opt('mp4', 'MP4')),
    alpha: el('input', { type: 'checkbox', 'aria-label': 'transparent background (WebM)' }),
    background: el('input', { type: 'color', value: '#000000', 'aria-label': 'background colour' }),
    go: el('button', { type: 'button', textContent: 'Record' }),
    cancel: el('button', { type: 'button', textContent: 'Cancel', disabled: true }),
    bar: el('progress', { max: 1, value: 0, 'aria-label': 'recording progress' }),
    say: el('div', { className: 'status record-status', role: 'status' }),
    link: el('a', { className: 'download', hidden: true }),
  };
  const fields = el(
    'fieldset',
    { className: 'record-fields', disabled: true },
    el('div', { className: 'row' }, el('label', {}, 'Seconds ', ui.seconds), ui.fps, ui.size),
    el(
      'div',
      { className: 'row' },
      ui.format,
      el('label', {}, ui.alpha, ' alpha'),
      el('label', {}, 'bg ', ui.background),
    ),
    el('div', { className: 'row' }, ui.go, ui.cancel, ui.bar),
  );
  return { ui, fields };
}

// Builds the panel into `section`; returns detach(), which cancels a recording and lets its file go.
/** @param {HTMLElement} section @param {RecordStudio} s @returns {{detach: () => void}} */
export function buildRecord(section, s) {
  const { ui, fields } = controls();
  section.append(el('h3', {}, 'Record'), fields, ui.say, ui.link);

  const options = () => readOptions(ui);
  /** @type {import('../mirofish.d.ts').MiroFishRecordGlobal | null} */
  let recorder = null;
  /** @type {AbortController | null} while recording */
  let controller = null;
  let url = ''; // the last file's
  // Greys the panel (but for the format, which may have another codec) with the recorder's sentence, or opens it.
  const check = () => {
    if (!recorder) return;
    recorder.supported(Object.assign(options(), { alpha: false })).then((why) => {
      if (controller) return;
      // no encoder at all: nothing to choose; else another format may do
      fields.disabled = !!why && !/cannot encode/.test(why);
      ui.go.disabled = !!why;
      ui.say.textContent = why || '';
      section.classList.toggle('unsupported', !!why);
    });
  };
  ui.format.onchange = () => {
    if (ui.format.value === 'mp4') ui.alpha.checked = false; // alpha is WebM's (VP9 with alpha)
    check();
  };
  ui.alpha.onchange = () => {
    if (ui.alpha.checked) ui.format.value = 'webm';
  };
  ui.size.onchange = check;
  ui.go.onclick = () => start();
  ui.cancel.onclick = () => controller && controller.abort();

  function start() {
    if (!recorder) return; // Record is greyed until the recorder has loaded (check())
    const o = options();
    controller = new AbortController();
    ui.go.disabled = true;
    ui.cancel.disabled = false;
    ui.bar.value = 0;
    ui.link.hidden = true;
    ui.say.textContent = 'Recording ' + o.width + ' x ' + o.height + ' at ' + o.fps + ' fps...';
    const t0 = performance.now();
    recorder
      .record(
        s.school,
        Object.assign(o, {
          signal: controller.signal,
          /** @param {number} done @param {number} total */
          onProgress: (done, total) => {
            ui.bar.value = done / total;
          },
        }),
      )
      .then(
        (blob) => {
          if (url) URL.revokeObjectURL(url);
          url = URL.createObjectURL(blob);
          const name = 'mirofish-' + s.params.seed + '-' + o.seconds + 's.' + o.format;
          Object.assign(ui.link, { href: url, download: name, textContent: 'Download ' + name, hidden: false });
          const secs = (performance.now() - t0) / 1000;
          ui.say.textContent =
            Math.round(o.seconds * o.fps) +
            ' frames in ' +
            secs.toFixed(1) +
            ' s (' +
            ((o.seconds * o.fps) / secs).toFixed(1) +
            ' fps), ' +
            (blob.size / 1048576).toFixed(1) +
            ' MB.';
        },
        (e) => {
          ui.say.textContent = e && e.name === 'AbortError' ? 'Cancelled.' : errorText(e);
        },
      )
      .finally(() => {
        controller = null;
        ui.go.disabled = false;
        ui.cancel.disabled = true;
      });
  }

  loadRecorder().then(
    (r) => {
      recorder = r;
      check();
    },
    (e) => {
      ui.say.textContent = 'The recorder could not load (' + errorText(e) + ')';
      section.classList.add('unsupported');
    },
  );
  return {
    detach: () => {
      if (controller) controller.abort();
      if (url) URL.revokeObjectURL(url);
    },
  };
}

// What the controls ask for, as record()'s options.
/** @param {ReturnType<typeof controls>['ui']} ui @returns {Chosen} */
function readOptions(ui) {
  const [width, height] = ui.size.value.split('x').map(Number);
  return {
    seconds: Number(ui.seconds.value),
    fps: /** @type {Chosen['fps']} */ (Number(ui.fps.value)), // the select's, each one of record()'s
    width,
    height,
    format: /** @type {Chosen['format']} */ (ui.format.value),
    alpha: ui.alpha.checked,
    background: ui.background.value,
  };
}
