// mirofish/vue's types: <miro-fish> in Vue's GlobalComponents, props in camel case.
import type { GlobalComponents } from 'vue';
import { mount } from 'mirofish/vue';

type Props = InstanceType<GlobalComponents['miro-fish']>['$props'];
export const typed: Props = { fish: 80, palette: 'koi', sepRadius: 30, layer: 'element', paused: true };
// @ts-expect-error: no such palette
export const badPalette: Props = { palette: 'salmon' };
// @ts-expect-error: no such prop
export const badName: Props = { fishes: 80 };
export const mounted = mount('#hero', { fish: 80 });
