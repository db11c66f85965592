// S-COST-7: the engine is neither fetched nor started before the page has painted once (a frame, then a task; a
// hidden page does not paint, so a short timer stands in), has fired its `load` event, and has shown its paint after
// it (afterPresented, below): until then the page's critical path carries mirofish.js alone (the loader), and the
// host and the engine's files (its JS and the wasm) never compete with the page's own images and scripts for the
// network (fetched during the load, the engine's files cost Lighthouse's LCP some 170 ms). A page that never loads
// never gets fish: the page comes first.
/** @type {Promise<null> | null} */
let settled = null;

export function afterPageSettled() {
  if (!settled) {
    const painted = new Promise((resolve) => {
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        setTimeout(resolve, 0);
      };
      requestAnimationFrame(go);
      setTimeout(go, 200);
    });
    settled = painted
      .then(() =>
        document.readyState === 'complete'
          ? null
          : // a task after it: resolved inside `load` the host would be fetched while the page's handlers still run
            new Promise((resolve) =>
              window.addEventListener('load', () => setTimeout(resolve, 0, null), { once: true }),
            ),
      )
      .then(afterPresented);
  }
  return settled;
}

// After `load` the page may still be painting what it loaded: a large image is decoded and rastered frames later
// (300-400 ms on a software GPU), and that paint is often the page's LCP. A request of ours that ends before it
// counts against that LCP in Lighthouse's simulation, and our WebGL context would queue behind that raster
// anyway. So the engine waits for the page's paint after `load`, whichever says so first:
// - the page's largest image, painted after `load` (its largest-contentful-paint entry): the paint Lighthouse reads;
// - else the first frame presented after `load`: a one-dot mark, 1 px, out of the layout and all but transparent,
//   whose Element Timing entry says when it reached the screen (with or after the LCP image's paint in 10 of 10 loads
//   of the theme, mobile and desktop sizes, and a frame after it: 56-124 ms on this software GPU). Text, not an image:
//   a CSP without data: images would refuse one.
// It goes at once where Element Timing is missing (Firefox, Safari) or the page is hidden, and never later than
// PRESENT_WAIT_MS. On a page with no content of its own the mark is its largest paint (1 px): docs/hosting.md.
const PRESENT_WAIT_MS = 1000;

function afterPresented() {
  const types = (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes('element') || document.hidden || !document.body) return null;
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  const loaded = nav ? nav.loadEventStart : Infinity;
  return new Promise((resolve) => {
    const mark = document.createElement('span');
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      observer.disconnect();
      mark.remove();
      resolve(null);
    };
    const timer = setTimeout(done, PRESENT_WAIT_MS);
    const observer = new PerformanceObserver((list) => {
      for (const e of /** @type {any[]} */ (list.getEntries())) {
        // an image's renderTime is 0 where its origin does not allow timing: then only the mark tells
        const painted =
          e.entryType === 'element' ? e.identifier === 'mirofish-present' : e.url && e.renderTime > loaded;
        if (painted) setTimeout(done, 0);
      }
    });
    observer.observe({ type: 'element' });
    if (types.includes('largest-contentful-paint'))
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    mark.setAttribute('elementtiming', 'mirofish-present');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '.';
    const st = mark.style; // the CSSOM, which a CSP without 'unsafe-inline' styles allows
    st.position = 'fixed';
    st.left = st.top = '0';
    st.fontSize = st.lineHeight = '1px';
    st.opacity = '0.01';
    st.pointerEvents = 'none';
    document.body.appendChild(mark);
  });
}

// The classic host (mirofish-host.js) is added by the loader only once the page has painted and loaded: it says so
// here rather than wait for (and ask the page for) another frame.
export function pageSettled() {
  settled = Promise.resolve(null);
}
