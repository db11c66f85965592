// Performance overlay (S-DEV-1): sim and render ms from a ring of the engine's last 120 snapshots (a few a second),
// fish, fps, level, GPU ms. Drawn on the page (a 2D canvas of its own) from the snapshots, so it shows the same on
// both paths. Nothing of it exists or runs while `perf` is 0.

const OVERLAY_FRAMES = 120;

/**
 * @param {Pick<import('./school.js').HostSchool, 'hooks' | 'layout' | 'link' | 'page' | 'snapshot'>} h what it reads
 *   of its school
 */
export function createOverlay(h) {
  return {
    /** @type {HTMLCanvasElement | null} */
    canvas: null,
    /** @type {CanvasRenderingContext2D | null} */
    ctx: null,
    sim: new Float32Array(OVERLAY_FRAMES),
    ren: new Float32Array(OVERLAY_FRAMES),
    head: 0,
    /** @param {number} s the snapshot's sim ms @param {number} r its render ms */
    push(s, r) {
      this.sim[this.head] = s;
      this.ren[this.head] = r;
      this.head = (this.head + 1) % OVERLAY_FRAMES;
    },
    sync() {
      const on = h.snapshot.params.perf === 1;
      if (on && !this.canvas) {
        const c = document.createElement('canvas');
        c.width = 240;
        c.height = 80;
        const st = c.style;
        st.position = h.page.element ? 'absolute' : 'fixed';
        st.left = st.bottom = '8px';
        st.width = '180px'; // 240x80 backing store: crisp at DPR 1.33, readable everywhere
        st.height = '60px';
        st.pointerEvents = 'none';
        st.zIndex = '2147483647';
        st.borderRadius = '4px';
        c.setAttribute('aria-hidden', 'true');
        h.layout.parent.appendChild(c);
        this.canvas = c;
        this.ctx = c.getContext('2d');
      } else if (!on && this.canvas) {
        this.remove();
      }
    },
    remove() {
      if (this.canvas) this.canvas.remove();
      this.canvas = this.ctx = null;
    },
    draw() {
      const g = this.ctx;
      const st = h.snapshot.stats; // the snapshot that asked for this draw brought them
      if (!g || !st) return;
      this.push(st.simMs, st.renderMs);
      g.fillStyle = 'rgba(0,0,0,0.55)';
      g.fillRect(0, 0, 240, 80);
      const px = 80 / 16.7; // the full height is one 60 Hz frame budget
      for (let i = 0; i < OVERLAY_FRAMES; i++) {
        const k = (this.head + i) % OVERLAY_FRAMES;
        const s = Math.min(80, this.sim[k] * px);
        const r = Math.min(80 - s, this.ren[k] * px);
        g.fillStyle = '#4fc3f7';
        g.fillRect(i * 2, 80 - s, 2, s);
        g.fillStyle = '#ffb74d';
        g.fillRect(i * 2, 80 - s - r, 2, r);
      }
      g.fillStyle = '#fff';
      g.font = '15px sans-serif';
      // The draw time includes an attached studio's overlay; its own share is shown after it.
      g.fillText(
        'sim ' +
          st.simMs.toFixed(2) +
          ' ms  draw ' +
          st.renderMs.toFixed(2) +
          ' ms' +
          (h.hooks.studio && h.hooks.studio.ms ? ' (overlay ' + h.hooks.studio.ms.toFixed(2) + ')' : ''),
        4,
        17,
      );
      g.fillText(
        st.fish +
          ' fish  ' +
          st.fps +
          ' fps  level ' +
          st.quality.level +
          '  ' +
          h.link.engine.thread +
          (st.gpuMs === null ? '' : '  gpu ' + st.gpuMs.toFixed(1)),
        4,
        36,
      );
    },
  };
}
