// CPU seconds used so far by every process descended from this one (the browser, its GPU process with SwiftShader's
// threads, renderers), from /proc: steadier than the wall clock or fps when another job shares the cores.
import fs from 'node:fs';

const TICK = 100; // USER_HZ

export function treeCpuSeconds() {
  const parent = new Map(),
    cpu = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      cpu.set(Number(d), (Number(f[11]) + Number(f[12])) / TICK);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  for (const [pid, t] of cpu) {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p), hops++) {
      if (p === process.pid) {
        if (pid !== process.pid) total += t;
        break;
      }
    }
  }
  return total;
}
