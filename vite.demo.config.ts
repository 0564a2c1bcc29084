// The demo app: served from the root index.html by the dev server, built to dist-demo/.
import { defineConfig } from 'vite';

export default defineConfig({
  server: { host: '127.0.0.1' },
  // Pre-bundle the runtime dependencies up front, so the first page load never triggers a
  // "new dependencies found, reloading" round trip (which would interrupt a test or a user).
  optimizeDeps: { entries: ['index.html'], include: ['idb', 'zod', 'uuid', 'marked', 'dompurify', 'highlight.js/lib/core'] },
  build: {
    outDir: 'dist-demo',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // highlight.js's core and languages load on demand, when a code block first shows; their
        // chunks say so in their names, so a look at the network (or a test) can tell them apart.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/highlight.js/') === true ? 'assets/highlight.js-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
