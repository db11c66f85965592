// No framework: one build of two pages, for the package's exports the React, Vue and Svelte apps do not import.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (file) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  build: { rolldownOptions: { input: { classic: page('classic.html'), tools: page('tools.html') } } },
});
