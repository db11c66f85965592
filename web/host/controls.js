// The visitor's pause (`controls`, WCAG 2.2.2 Pause, Stop, Hide): a small <button> in the corner of the layer that the
// page picks (the table's values: bottom-right, bottom-left, top-right, top-left), focusable, aria-pressed while
// paused, with a focus ring drawn for keyboard focus; the only element of ours that takes the pointer. Its pause is
// the handle's (h.setFlags), so the page's pause()/resume() show on it. The visitor's choice is kept for the site
// under one localStorage key and read by every school with controls; a press stops or starts every such school of
// the page. Under forced colours the fish are hidden and nothing moves: no button either.
const KEY = 'mirofish:paused';
const SVG = 'http://www.w3.org/2000/svg';
const PAUSE_ICON = 'M4 3h3v10H4zm5 0h3v10H9z';
const PLAY_ICON = 'M5 3l8 5-8 5z';

/**
 * What the button reads of its school, and calls on it.
 * @typedef {Pick<import('./school.js').HostSchool, 'flags' | 'layout' | 'listeners' | 'page' | 'setFlags' |
 *   'snapshot'>} ControlsSchool
 */
/** @type {Set<ControlsSchool>} */
const shown = new Set(); // the schools whose button is on the page

// Whether the visitor paused the fish on this site (storage may be off, full or forbidden: then not).
export function rememberedPause() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch (e) {
    return false;
  }
}

/** @param {boolean} paused */
function remember(paused) {
  try {
    if (paused) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch (e) {
    // a page that forbids storage: the choice lasts as long as the page
  }
}

// A bare `data-controls` / `<miro-fish controls>` is the attribute's empty value: on, in the first corner.
/**
 * @template T
 * @param {T} value the `controls` option as the page wrote it
 * @returns {T | true}
 */
export function controlsOption(value) {
  return value === '' ? true : value;
}

// The button of one school; sync() follows the engine's `controls` and h.layout.forced.
/** @param {ControlsSchool} h what it reads of its school */
export function createControls(h) {
  /** @type {HTMLButtonElement | null} */
  let button = null,
    /** @type {SVGPathElement | null} */
    icon = null,
    corner = 0;
  const build = () => {
    const b = (button = document.createElement('button'));
    b.type = 'button';
    b.setAttribute('aria-label', 'Pause the fish animation');
    b.setAttribute('data-mirofish-controls', '');
    const st = b.style;
    st.position = h.page.element ? 'absolute' : 'fixed'; // no element: over the whole page
    st.width = st.height = '32px';
    st.padding = st.margin = '0';
    st.border = '0';
    st.borderRadius = '50%';
    st.background = 'rgba(0,0,0,0.55)';
    st.color = '#fff';
    st.cursor = 'pointer';
    st.pointerEvents = 'auto'; // even inside a mount element that takes none
    st.zIndex = '2147483647';
    st.lineHeight = '0';
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('width', '16');
    svg.setAttribute('height', '16');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.pointerEvents = 'none';
    const path = (icon = document.createElementNS(SVG, 'path'));
    path.setAttribute('fill', 'currentColor');
    svg.appendChild(path);
    b.appendChild(svg);
    // The ring for keyboard focus (:focus-visible), white inside black so it shows on any page and any fish.
    const ring = (/** @type {boolean} */ on) => {
      st.outline = on ? '3px solid #fff' : 'none';
      st.boxShadow = on ? '0 0 0 6px #000' : 'none';
    };
    const listeners = h.listeners; // made at the school's start(), before its controls
    if (listeners) {
      listeners.on(b, 'focus', () => ring(b.matches(':focus-visible')));
      listeners.on(b, 'blur', () => ring(false));
      listeners.on(b, 'click', () => {
        const paused = !h.flags.paused;
        remember(paused);
        for (const other of shown) other.setFlags({ paused });
      });
    }
    ring(false);
    return b;
  };
  const controls = {
    sync() {
      const want = h.layout.forced ? 0 : h.snapshot.params.controls | 0;
      if (want === corner) return;
      corner = want;
      if (!want) {
        controls.remove();
        return;
      }
      const b = button || build();
      const st = b.style;
      st.top = st.bottom = st.left = st.right = '';
      st[corner < 3 ? 'bottom' : 'top'] = st[corner % 2 ? 'right' : 'left'] = '12px';
      controls.reflect();
      h.layout.parent.appendChild(b);
      shown.add(h);
    },
    reflect() {
      if (!button || !icon) return; // both made together (build)
      button.setAttribute('aria-pressed', String(!!h.flags.paused));
      icon.setAttribute('d', h.flags.paused ? PLAY_ICON : PAUSE_ICON);
    },
    remove() {
      if (button) button.remove();
      corner = 0;
      shown.delete(h);
    },
  };
  return controls;
}
