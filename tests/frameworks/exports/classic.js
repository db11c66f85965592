// `import 'mirofish/classic'` as hosting.md shows it, bundled by Vite: window.MiroFish and <miro-fish>, which mounts.
import 'mirofish/classic';

window.__app = { school: () => document.querySelector('miro-fish')?.school ?? null };
