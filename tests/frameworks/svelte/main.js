// A Svelte 5 app as a user writes one: `import 'mirofish/svelte'` (the 'mirofish' module with Svelte's typings)
// defines <miro-fish>, App.svelte renders it. window.__app lets tests/browser/frameworks.test.js drive it.
import { table } from 'mirofish/svelte';
import { flushSync, mount } from 'svelte';
import App from './App.svelte';

const app = mount(App, { target: document.getElementById('app') });

window.__app = {
  table,
  setFish: (n) => {
    app.setFish(n);
    flushSync();
  },
  setShow: (v) => {
    app.setShow(v);
    flushSync();
  },
  school: () => document.querySelector('miro-fish')?.school ?? null,
};
