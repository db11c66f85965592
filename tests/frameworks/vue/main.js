// A Vue 3 app as a user writes one: `import 'mirofish/vue'` (the 'mirofish' module with Vue's typings) defines
// <miro-fish>, App.vue renders it (vite.config.js tells Vue's compiler the tag is an element). window.__app lets
// tests/browser/frameworks.test.js drive it.
import { table } from 'mirofish/vue';
import { createApp, nextTick } from 'vue';
import App from './App.vue';

const app = createApp(App).mount('#app');

window.__app = {
  table,
  setFish: (n) => {
    app.fish = n;
    return nextTick();
  },
  setShow: (v) => {
    app.show = v;
    return nextTick();
  },
  school: () => document.querySelector('miro-fish')?.school ?? null,
};
