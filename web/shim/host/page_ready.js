// S-COST-7: the engine is neither fetched nor started before the page has painted once (a frame, then a task; a
// hidden page does not paint, so a short timer stands in) and has fired its `load` event: until then the page's
// critical path carries mirofish.js alone (the host, ~10 KB gzipped), and the engine's files (its JS and the wasm)
// never compete with the page's own images and scripts for the network (issue 31; before issue 22 the Worker's fetch
// cost Lighthouse's LCP +170 ms). A page that never loads never gets fish: the page comes first.
let settled = null;

export function afterFirstPaint() {
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
    settled = painted.then(() =>
      document.readyState === 'complete'
        ? null
        : // a task after it: resolved inside `load` the host would be fetched while the page's handlers still run
          new Promise((resolve) => window.addEventListener('load', () => setTimeout(resolve, 0, null), { once: true })),
    );
  }
  return settled;
}

// The classic host (mirofish-host.js) is added by the loader only once the page has painted and loaded: it says so
// here rather than wait for (and ask the page for) another frame.
export function pageSettled() {
  settled = Promise.resolve(null);
}
