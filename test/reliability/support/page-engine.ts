// Which engine the page-driven scenarios drive in this Vitest project. The `reliability` project
// drives Chromium (playwright-core over CDP); `reliability-firefox`, run in the Firefox Vitest
// process (scripts/run-tests.mjs), sets CONVOLOG_PAGE_ENGINE=firefox and runs the same files
// against Firefox ESR through puppeteer-core over WebDriver BiDi (support/firefox.ts; DESIGN §19).

export type PageEngine = 'chromium' | 'firefox';

export const PAGE_ENGINE: PageEngine = process.env.CONVOLOG_PAGE_ENGINE === 'firefox' ? 'firefox' : 'chromium';

/** True in the Firefox project: for `it.skipIf(IN_FIREFOX)` with the reason beside it. */
export const IN_FIREFOX = PAGE_ENGINE === 'firefox';
