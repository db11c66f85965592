// Where a pond lives: the mount target, its canvas, and the host styles it borrows (and gives back).

let canvasCounter = 0;

function resolveTarget(target) {
  if (target === undefined || target === null || target === window || target === document ||
      target === document.documentElement || target === document.body) {
    return { ok: true, element: null };
  }
  if (typeof target === 'string') {
    let el = null;
    try {
      el = document.querySelector(target);
    } catch (e) {
      warn('mount target ' + describe(target) + ' is not a valid CSS selector; nothing mounted');
      return { ok: false };
    }
    if (!el) {
      warn('mount target ' + describe(target) + ' matches no element; nothing mounted');
      return { ok: false };
    }
    return { ok: true, element: el };
  }
  if (typeof Element !== 'undefined' && target instanceof Element) return { ok: true, element: target };
  warn('mount target must be an element or a CSS selector, not ' + describe(target) + '; nothing mounted');
  return { ok: false };
}

// Behind everything, out of the layout, transparent to input: the page behaves exactly as without MiroFish.
function createCanvas(fullscreen) {
  const canvas = document.createElement('canvas');
  canvas.id = 'mirofish-' + (++canvasCounter);
  canvas.setAttribute('aria-hidden', 'true');
  canvas.setAttribute('role', 'presentation');
  canvas.tabIndex = -1;
  const cs = canvas.style;
  cs.position = fullscreen ? 'fixed' : 'absolute';
  cs.left = cs.top = '0';
  cs.width = cs.height = '100%';
  cs.zIndex = '-1';
  cs.pointerEvents = 'none';
  cs.userSelect = 'none';
  cs.display = 'block';
  cs.border = '0';
  cs.margin = cs.padding = '0';
  cs.background = 'transparent';
  return canvas;
}

// An element host becomes a stacking context, so the canvas sits above its background and below its content.
// Returns the function that gives the host its own styles back.
function claimHost(element) {
  if (!element) return () => {};
  const restore = [];
  const hadStyle = element.hasAttribute('style');
  const computed = getComputedStyle(element);
  if (computed.position === 'static') {
    restore.push(['position', element.style.position]);
    element.style.position = 'relative';
  }
  if (computed.isolation !== 'isolate') {
    restore.push(['isolation', element.style.isolation]);
    element.style.isolation = 'isolate';
  }
  return () => {
    for (const [prop, value] of restore) element.style[prop] = value;
    if (!hadStyle && element.getAttribute('style') === '') element.removeAttribute('style');
  };
}
