// The demo app: served from the root index.html by the dev server, built to dist-demo/.
import { defineConfig } from 'vite';

export default defineConfig({
  server: { host: '127.0.0.1' },
  build: { outDir: 'dist-demo', emptyOutDir: true },
});
