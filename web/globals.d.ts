// What the bundler defines or provides to the JS of web/: for `tsc` only (web/tsconfig.json and the ones over it).
declare const MIROFISH_TEST: boolean;
// The SHA-384 integrity ('sha384-...') of each file a classic file fetches, written by src/web/bundle.mjs once that
// file is built ('' in the bundles that fetch no such file): the loader's host, engine and wasm, the studio's recorder.
declare const MIROFISH_SRI_HOST: string;
declare const MIROFISH_SRI_ENGINE: string;
declare const MIROFISH_SRI_WASM: string;
declare const MIROFISH_SRI_RECORD: string;
// The studio's overlay shaders, as src/render/embed_shaders.cmake -DFORMAT=js writes them (bundle.mjs's alias).
declare module 'mirofish-studio-glsl' {
  export const kOverlayVert: string;
  export const kOverlayFrag: string;
}
// The studio's classic global (web/studio/api.js): not part of the page's public types (web/mirofish.d.ts).
interface Window {
  MiroFishStudio?: object;
}
// Emscripten's module factory, wrapped (src/web/bundle.mjs aliases it: build/web/core/glue.mjs).
declare module 'mirofish-glue' {
  const createGlue: () => (settings: object) => Promise<any>;
  export default createGlue;
}
