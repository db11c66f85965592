// Types for mirofish/svelte: the same module as 'mirofish' (dist/mirofish.mjs), and <miro-fish>'s attributes in
// Svelte's element typings (SvelteHTMLElements of svelte/elements), so svelte-check knows them.
import type { HTMLAttributes } from 'svelte/elements';
import type { MiroFishAttributes, MiroFishElement } from './mirofish.js';

export * from './mirofish.js';
export { default } from './mirofish.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'miro-fish': HTMLAttributes<MiroFishElement> & MiroFishAttributes;
  }
}
