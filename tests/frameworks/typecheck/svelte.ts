// mirofish/svelte's types: <miro-fish> in Svelte's SvelteHTMLElements, attributes in kebab case.
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from 'mirofish/svelte';

type Attributes = SvelteHTMLElements['miro-fish'];
export const typed: Attributes = { fish: 80, palette: 'koi', 'sep-radius': 30, class: 'hero', paused: true };
// @ts-expect-error: no such palette
export const badPalette: Attributes = { palette: 'salmon' };
// @ts-expect-error: no such attribute
export const badName: Attributes = { fishes: 80 };
