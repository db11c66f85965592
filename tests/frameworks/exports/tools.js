// mirofish/studio and mirofish/record, bundled by Vite beside `mirofish`: the studio attaches to a school; record()
// records it in the Worker Vite emitted for the recorder, with the wasm Vite emitted as an asset.
import { mount } from 'mirofish';
import { attach } from 'mirofish/studio';
import { install, record } from 'mirofish/record';

window.__app = {
  mount: () => mount(null, { fish: 30, seed: 3 }),
  attach,
  install,
  record,
};
