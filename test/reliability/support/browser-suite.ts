// One dev server and one browser (over a fresh profile, removed after) for a whole test file, in
// the engine the project names (support/page-engine.ts): Chromium over CDP, or Firefox over
// WebDriver BiDi (support/firefox.ts). The browser is closed in afterAll, whatever the tests did.
import { afterAll, beforeAll } from 'vitest';
import { createProfile, launchChromium, removeProfile, type ChromiumInstance } from './chromium.js';
import { launchFirefoxPages, type FirefoxInstance, type FirefoxPreferences } from './firefox.js';
import { loadHarness } from './harness-page.js';
import { PAGE_ENGINE, type PageEngine } from './page-engine.js';
import { fromPlaywright, type ScenarioPage } from './scenario-page.js';
import { startDevServer, type DevServer } from './vite-server.js';

export interface BrowserSuite {
  readonly engine: PageEngine;
  readonly server: DevServer;
  /** The Chromium instance, for the Chromium-only (CDP) steps; throws in Firefox. */
  readonly chromium: ChromiumInstance;
  /** A new tab on the harness page, in the suite's engine. */
  harness(): Promise<ScenarioPage>;
  /** A new, blank tab in the suite's engine. */
  newPage(): Promise<ScenarioPage>;
}

export interface SuiteOptions {
  /**
   * Preferences for this file's Firefox profile alone (a small quota, say); they never reach
   * another file's browser, since each file gets a fresh profile.
   */
  readonly firefoxPreferences?: FirefoxPreferences;
}

/** Registers beforeAll/afterAll hooks; the returned object is usable inside tests. */
export function useBrowserSuite(label: string, options: SuiteOptions = {}): BrowserSuite {
  let server: DevServer | undefined;
  let chromium: ChromiumInstance | undefined;
  let firefox: FirefoxInstance | undefined;
  let profile: string | undefined;
  beforeAll(async () => {
    server = await startDevServer();
    if (PAGE_ENGINE === 'firefox') {
      firefox = await launchFirefoxPages(label, options.firefoxPreferences);
      return;
    }
    profile = createProfile(label);
    chromium = await launchChromium(profile);
  });
  afterAll(async () => {
    try {
      await chromium?.close();
      await firefox?.close();
    } finally {
      await server?.close();
      if (profile !== undefined) removeProfile(profile);
    }
  });
  const newPage = async (): Promise<ScenarioPage> => (firefox !== undefined ? firefox.newPage() : fromPlaywright(await chromium!.context.newPage()));
  return {
    engine: PAGE_ENGINE,
    get server() { return server!; },
    get chromium() {
      if (chromium === undefined) throw new Error(`No Chromium in the ${PAGE_ENGINE} project: this step is Chromium-only`);
      return chromium;
    },
    newPage,
    harness: async () => loadHarness(await newPage(), server!.origin),
  };
}
