import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// <miro-fish> is an element, not a Vue component.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'miro-fish' } } })],
  logLevel: 'warn',
});
