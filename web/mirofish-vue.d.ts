// Types for mirofish/vue: the same module as 'mirofish' (dist/mirofish.mjs), and <miro-fish> as a global component
// of Vue's templates (GlobalComponents), its props the attributes in camel case (a template may write them kebab).
// The compiler must still be told the tag is an element: compilerOptions.isCustomElement (docs/frameworks.md).
import type { DefineComponent } from 'vue';
import type { MiroFishAttributes } from './mirofish.js';

export * from './mirofish.js';
export { default } from './mirofish.js';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** `<miro-fish>`'s attributes as Vue props: `sepRadius` (`sep-radius` in a template). */
export type MiroFishProps = { [K in keyof MiroFishAttributes as Camel<K & string>]: MiroFishAttributes[K] };

declare module 'vue' {
  interface GlobalComponents {
    'miro-fish': DefineComponent<MiroFishProps>;
  }
}
