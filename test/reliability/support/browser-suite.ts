// One dev server and one browser (over a fresh profile, removed after) for a whole test file, in
// the engine the project names (support/page-engine.ts): Chromium over CDP, Firefox over
// WebDriver BiDi (support/firefox.ts), or WebKitGTK over classic WebDriver (support/webkit.ts).
// The browser is closed in afterAll, whatever the tests did.
import { afterAll, beforeAll } from 'vitest';
import { createProfile, launchChromium, removeProfile, type ChromiumInstance } from './chromium.js';
import { launchFirefoxPages, type FirefoxInstance, type FirefoxPreferences } from './firefox.js';
import { loadHarness } from './harness-page.js';
import { PAGE_ENGINE, type PageEngine } from './page-engine.js';
import { fromPlaywright, type ScenarioPage } from './scenario-page.js';
import { startDevServer, type DevServer } from './vite-server.js';
import { launchWebKitPages, type WebKitInstance } from './webkit.js';

export interface BrowserSuite {
  readonly engine: PageEngine;
  readonly server: DevServer;
  /** The Chromium instance, for the Chromium-only (CDP) steps; throws in Firefox and WebKit. */
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
  let webkit: WebKitInstance | undefined;
  let profile: string | undefined;
  const launchBrowser = (): Promise<void> => {
    switch (PAGE_ENGINE) {
      case 'firefox': return launchFirefoxPages(label, options.firefoxPreferences).then((value) => { firefox = value; });
      case 'webkit': return launchWebKitPages(label).then((value) => { webkit = value; });
      default: return launchChromium((profile = createProfile(label))).then((value) => { chromium = value; });
    }
  };
  // The dev server and the browser start side by side (a Firefox launch takes 8–10 s here); each
  // is kept as soon as it is up, so afterAll stops whichever started even if the other failed.
  beforeAll(async () => {
    const started = await Promise.allSettled([startDevServer().then((value) => { server = value; }), launchBrowser()]);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  });
  afterAll(async () => {
    try {
      await chromium?.close();
      await firefox?.close();
      await webkit?.close();
    } finally {
      await server?.close();
      if (profile !== undefined) removeProfile(profile);
    }
  });
  const newPage = async (): Promise<ScenarioPage> => {
    if (firefox !== undefined) return firefox.newPage();
    if (webkit !== undefined) return webkit.newPage();
    return fromPlaywright(await chromium!.context.newPage());
  };
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
