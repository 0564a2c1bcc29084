// One config, thirteen projects:
// - node: core, store and adapter tests; IndexedDB comes from fake-indexeddb.
// - browser: the core, store and importers suites again, in real Chromium against real IndexedDB.
// - firefox, webkit: the engine suites (ENGINE_SUITES) in Firefox ESR and WebKitGTK, through our
//   own launch-only providers (test/support/browser-providers; DESIGN §19).
// - node-isolated, browser-isolated, firefox-isolated, webkit-isolated: the files that mock a
//   module (MOCKS_MODULES), each with modules of its own; the four above share theirs.
// - e2e: playwright-core drives real Chromium against the demo; a failed test runs once more.
// - reliability: the same against the store, crashes and hostile input, never retried.
// - crash-harness: the browsers SIGKILLed mid-append under CPU load, never retried; Chromium's
//   through playwright-core, and Firefox and WebKit launch-only
//   (test/reliability/killed-mid-append-engines.test.ts starts them itself, one after the other:
//   DESIGN §19).
// - reliability-firefox: the page-driven reliability scenarios again, in Firefox ESR through
//   puppeteer-core over WebDriver BiDi; run by the Firefox process of scripts/run-tests.mjs.
// - reliability-webkit: the same scenarios in WebKitGTK through our classic W3C WebDriver client
//   (WebKitWebDriver: no BiDi there); run by the WebKit process of scripts/run-tests.mjs.
import { configDefaults, defineConfig } from 'vitest/config';
import type { BrowserProviderOption } from 'vitest/node';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';
import { firefox } from './test/support/browser-providers/firefox.js';
import { webkit } from './test/support/browser-providers/webkit.js';

const chromiumPath = findChromium();

/**
 * What runs in Firefox and WebKit as well as Chromium: every file that touches IndexedDB, search
 * or the platform's Intl (README "Browser engines" gives the times this choice was made with).
 */
const ENGINE_SUITES = ['test/{core,store,importers}/**/*.test.ts', 'test/sync/**/*.browser.test.ts'];

/**
 * Vite's dependency pre-bundling for the browser projects. Its scan reaches the demo's highlight.js
 * languages (demo/transcript/code-highlight.ts), which no test loads; on a fresh clone, with no
 * dependency cache, the scan finished mid-run, Vite re-bundled and reloaded the page, and a running
 * test file failed ("failed to find the current suite", "Failed to fetch dynamically imported
 * module") or the project hung. Reproduced every time with node_modules/.vite removed.
 */
const ENGINE_DEPS = { exclude: ['highlight.js'] };

/**
 * The engine-suite files that replace a module with `vi.mock`: they need a module graph of their
 * own. Every other file of an engine's suites shares one page's modules (`isolate: false`):
 * loading each file's modules afresh was half of Chromium's suite (463 s isolated against 216 s
 * shared on a quiet machine, 2026-12-04, 2 cores). Each engine runs these files in a project of
 * its own that isolates: `<engine>-isolated`. A file that mocks a module and is not listed fails
 * when an earlier file has loaded the module already.
 */
const MOCKS_MODULES = ['test/store/journal/append-ahead.test.ts', 'test/store/journal/restore-pending.test.ts', 'test/store/index-scheduler.test.ts'];

/**
 * A suite split in two projects: `name` over `include` but MOCKS_MODULES, its files sharing
 * modules, and `<name>-isolated` over MOCKS_MODULES, each file with modules of its own.
 */
function byIsolation(name: string, include: string[], exclude: string[] = []) {
  return [false, true].map((isolated) => ({
    name: isolated ? `${name}-isolated` : name,
    include: isolated ? MOCKS_MODULES : include,
    exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...exclude, ...MOCKS_MODULES],
    isolate: isolated,
  }));
}

/** The Node suites on fake-indexeddb (218 s isolated against 93 s sharing modules here, 2026-12-04). */
function nodeProjects() {
  return byIsolation('node', ['test/{core,store,adapters,importers,build,ai-sdk,react,sync}/**/*.test.{ts,tsx}'], ['test/sync/**/*.browser.test.ts'])
    .map((test) => ({
      // Binary fixtures (a gzipped 0.1 database) load as `?inline` data URLs in Node and the browsers.
      assetsInclude: ['**/*.gz'],
      test: { ...test, environment: 'node' as const, setupFiles: ['fake-indexeddb/auto'] },
    }));
}

/** The browser projects running ENGINE_SUITES in one engine, split by {@link byIsolation}. */
function engineProjects(name: string, browser: 'chromium' | 'firefox' | 'webkit', provider: () => BrowserProviderOption) {
  return byIsolation(name, ENGINE_SUITES).map((test) => ({
    assetsInclude: ['**/*.gz'],
    optimizeDeps: ENGINE_DEPS,
    test: {
      ...test,
      // Sync tests need a CouchDB-compatible server; the page cannot start one.
      globalSetup: ['test/sync/couch-global-setup.ts'],
      browser: {
        enabled: true,
        headless: true,
        provider: provider(),
        // Launch-only providers (Firefox, WebKit) have no page handle: no screenshots, no userEvent.
        screenshotFailures: browser === 'chromium',
        instances: [{ browser }],
      },
    },
  }));
}

/** playwright-core drives Chromium from Node, one file at a time. */
const E2E = { environment: 'node', testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } as const;

/**
 * The page-driven reliability scenarios that run in Firefox and WebKit too: in Firefox through
 * puppeteer-core over WebDriver BiDi (test/reliability/support/firefox.ts), in WebKitGTK through
 * classic W3C WebDriver (support/webkit.ts). The same files as in `reliability`, with
 * CONVOLOG_PAGE_ENGINE=firefox or webkit; a step an engine has no way to take is skipped there
 * with its reason (DESIGN §19 lists them).
 */
const ENGINE_PAGE_SCENARIOS = ['two-tabs', 'upgrade', 'quota', 'abnormal-close', 'corrupt-records', 'refresh-storm', 'long-chat'].map((name) => `test/reliability/${name}.test.ts`);

/**
 * The browsers SIGKILLed mid-append over and over beside busy loops on every core: Chromium
 * (`killed-mid-append`) and Firefox and WebKit launch-only (`killed-mid-append-engines`).
 */
const CRASH_HARNESSES = ['test/reliability/killed-mid-append.test.ts', 'test/reliability/killed-mid-append-engines.test.ts'];

/** The demo and the harness pages built once per project, for every reliability dev server to serve. */
const RELIABILITY_PAGES = 'test/reliability/support/pages-build-global-setup.ts';

/** Lists, at the end of the run, each test that passed only when run again. */
const FLAKY_REPORTER = './scripts/flaky-reporter.mjs';

export default defineConfig({
  test: {
    reporters: ['default', FLAKY_REPORTER],
    // Vitest reads the connect timeout from the root config only. A fresh Firefox profile or
    // MiniBrowser on a fresh Xvfb connects in 2-5 s here, but CI shares 2 cores: 90 s, not 60.
    browser: { connectTimeout: 90_000 },
    projects: [
      ...nodeProjects(),
      ...engineProjects('browser', 'chromium', () => playwright({
        launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
      })),
      ...engineProjects('firefox', 'firefox', firefox),
      ...engineProjects('webkit', 'webkit', webkit),
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          ...E2E,
          // Two files at once, in a group of their own after every other (the engines' processes
          // have ended by then): one demo file keeps about one core busy, and its tests mostly wait
          // on page loads and the page's own timers. Measured here on a quiet machine: the suite
          // took 599 s two at a time against ~690 s one at a time (2026-12-05).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 5 },
          // The demo built once for the whole run; each file's server serves the page from it.
          globalSetup: ['test/e2e/support/demo-build-global-setup.ts'],
          // A demo test that fails is run once more, and the run says so at its end (FLAKY_REPORTER).
          // Three times a whole CI run failed on one demo test out of 3,300; each time the cause
          // was the test racing the page on a loaded machine (demo-shell Undo, demo-markdown
          // streaming, demo-backup's chat menu closed by a list redraw, which was a demo defect).
          // Each was fixed; the retry keeps the next such race from costing a release, and the
          // report keeps it from going unseen.
          retry: 1,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...CRASH_HARNESSES],
          ...E2E,
          globalSetup: [RELIABILITY_PAGES],
          // Never retried: a scenario that loses data once has lost it. A group of its own, so its
          // files never run beside a demo test's in one process.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'crash-harness',
          include: CRASH_HARNESSES,
          ...E2E,
          globalSetup: [RELIABILITY_PAGES],
          // Never retried. Its two files run side by side, each the other's load plus one busy loop
          // of its own: two browsers killed and restarted while they append, and two loops, on 2
          // cores. One after the other with three loops each they took 301 s in CI; side by side
          // 232 s here, 0 lost (2026-12-05). One file run alone gets its three loops back with
          // CONVOLOG_LOAD=3. A group of its own, after `reliability` and before `e2e` (group 5);
          // in `npm test` the engines' processes have ended by then (scripts/run-tests.mjs).
          fileParallelism: true,
          maxWorkers: 2,
          env: { CONVOLOG_LOAD: process.env.CONVOLOG_LOAD ?? '1' },
          sequence: { groupOrder: 4 },
        },
      },
      {
        test: {
          name: 'reliability-firefox',
          include: ENGINE_PAGE_SCENARIOS,
          ...E2E,
          globalSetup: [RELIABILITY_PAGES],
          env: { CONVOLOG_PAGE_ENGINE: 'firefox' },
          // Run by the Firefox Vitest process (scripts/run-tests.mjs), after the `firefox` project's
          // files, so the two Firefoxes never load the 2 cores at once; a group after `reliability`
          // too, so a bare `vitest run` never runs it beside the crash harness. Never retried.
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'reliability-webkit',
          include: ENGINE_PAGE_SCENARIOS,
          ...E2E,
          globalSetup: [RELIABILITY_PAGES],
          env: { CONVOLOG_PAGE_ENGINE: 'webkit' },
          // Run by the WebKit Vitest process, after the `webkit` project's files, for the same
          // reasons as `reliability-firefox`; a group after it, so a bare `vitest run` never runs
          // two of the three page engines at once. Never retried.
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
