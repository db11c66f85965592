// What the bundler defines or provides to the shim: for `tsc -p web` only (web/tsconfig.json).
declare const MIROFISH_TEST: boolean;
// Emscripten's module factory, wrapped (src/web/bundle.mjs aliases it: build/web/core/glue.mjs).
declare module 'mirofish-glue' {
  const createGlue: () => (settings: object) => Promise<any>;
  export default createGlue;
}
