// One config, three projects:
// - node: core, store and adapter tests; IndexedDB comes from fake-indexeddb.
// - browser: the core, store and importers suites again, in real Chromium against real IndexedDB.
// - e2e: playwright-core drives real Chromium against the demo and the store (reliability).
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';

const chromiumPath = findChromium();

export default defineConfig({
  test: {
    projects: [
      {
        // Binary fixtures (a gzipped 0.1 database) load as `?inline` data URLs in both projects.
        assetsInclude: ['**/*.gz'],
        test: {
          name: 'node',
          include: ['test/{core,store,adapters,importers,build,ai-sdk,react,sync}/**/*.test.{ts,tsx}'],
          exclude: ['test/sync/**/*.browser.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        assetsInclude: ['**/*.gz'],
        test: {
          name: 'browser',
          include: ['test/{core,store,importers}/**/*.test.ts', 'test/sync/**/*.browser.test.ts'],
          // Sync tests in Chromium need a CouchDB-compatible server; the page cannot start one.
          globalSetup: ['test/sync/couch-global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/{e2e,reliability}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
