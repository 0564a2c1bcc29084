// Library build: ES modules for each public entry, runtime dependencies left external.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        'core/index': 'src/core/index.ts',
        'adapters/index': 'src/adapters/index.ts',
        'sync/index': 'src/sync/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^idb(\/|$)/, /^zod(\/|$)/, /^uuid(\/|$)/],
    },
  },
});
