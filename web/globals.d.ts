// What the bundler defines or provides to the shim: for `tsc -p web` only (web/tsconfig.json).
declare const MIROFISH_TEST: boolean;
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
