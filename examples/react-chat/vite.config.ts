// The example imports convolog by package name; within the example only, an alias resolves it to
// the library's source, so it runs without building the package first.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^convolog$/, replacement: source('index.ts') },
      { find: /^convolog\/(ai-sdk|react)$/, replacement: source('$1/index.ts') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
