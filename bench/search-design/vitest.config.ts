// Runs the search design measurements in real Chromium (not part of `npm test` or `npm run bench`):
//   npx vitest run --config bench/search-design/vitest.config.ts
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';

export default defineConfig({
  test: {
    name: 'search-design',
    include: ['bench/search-design/**/*.browser.test.ts'],
    testTimeout: 1_800_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
