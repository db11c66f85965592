// mirofish-classic.mjs, `import 'mirofish/classic'` in a bundled app: the ES module (mirofish.mjs, one copy
// per page: this file imports it) plus the classic script's global, window.MiroFish. The loader, mirofish.js, finds
// its host beside its own tag's src; bundled into an app it has no tag of its own, so an app that wants the global
// gets this instead, and the bundler emits the engine as the Worker's chunk and the wasm as an asset, as for
// `import 'mirofish'`. No auto-mount: there is no tag whose data-* to read; <miro-fish> and MiroFish.mount() mount.
import api from '../entry/mirofish.mjs'; // stays an import of ./mirofish.mjs (bundle.mjs besideModule)
import { warn } from '../core/util.js';

if (typeof window !== 'undefined') {
  if (window.MiroFish) warn('mirofish/classic: window.MiroFish is already on the page (a script tag); kept that one');
  else Object.defineProperty(window, 'MiroFish', { value: api, configurable: true, writable: false });
}
