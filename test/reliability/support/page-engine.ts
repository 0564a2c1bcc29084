// Which engine the page-driven scenarios drive in this Vitest project. The `reliability` project
// drives Chromium (playwright-core over CDP); `reliability-firefox`, run in the Firefox Vitest
// process (scripts/run-tests.mjs), sets CONVOLOG_PAGE_ENGINE=firefox and runs the same files
// against Firefox ESR through puppeteer-core over WebDriver BiDi (support/firefox.ts);
// `reliability-webkit`, run in the WebKit process, sets CONVOLOG_PAGE_ENGINE=webkit and drives
// WebKitGTK's MiniBrowser through our classic W3C WebDriver client (support/webkit.ts). DESIGN §19.

export type PageEngine = 'chromium' | 'firefox' | 'webkit';

const REQUESTED = process.env.CONVOLOG_PAGE_ENGINE;

export const PAGE_ENGINE: PageEngine = REQUESTED === 'firefox' || REQUESTED === 'webkit' ? REQUESTED : 'chromium';

/** True in the Firefox project: for `it.skipIf(IN_FIREFOX)` with the reason beside it. */
export const IN_FIREFOX = PAGE_ENGINE === 'firefox';

/** True in the WebKit project: for `it.skipIf(IN_WEBKIT)` with the reason beside it. */
export const IN_WEBKIT = PAGE_ENGINE === 'webkit';
