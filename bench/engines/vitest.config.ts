// The per-engine figures (DESIGN §19), not part of `npm test`: `node bench/engines/run.mjs`
// runs each project alone and writes bench/engines/RESULTS.md.
import { defineConfig } from 'vitest/config';
import type { BrowserProviderOption } from 'vitest/node';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { firefox } from '../../test/support/browser-providers/firefox.js';
import { webkit } from '../../test/support/browser-providers/webkit.js';

function project(name: string, browser: 'chromium' | 'firefox' | 'webkit', provider: BrowserProviderOption) {
  return {
    test: {
      name,
      include: ['bench/engines/**/*.browser.test.ts'],
      testTimeout: 900_000,
      browser: { enabled: true, headless: true, provider, screenshotFailures: false, instances: [{ browser }] },
    },
  };
}

export default defineConfig({
  test: {
    browser: { connectTimeout: 90_000 },
    projects: [
      project('chromium', 'chromium', playwright({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } })),
      project('firefox', 'firefox', firefox()),
      project('webkit', 'webkit', webkit()),
    ],
  },
});
