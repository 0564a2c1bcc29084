// Firefox ESR with a page handle, for the page-driven scenarios (DESIGN §19): puppeteer-core
// launches Debian's firefox-esr over WebDriver BiDi (Playwright's Firefox launcher cannot start
// Debian's build) on a fresh profile that holds the browser provider's preferences (the storage
// prompt granted, no first-run pages, updates or telemetry) plus the caller's, and removes it
// after. Puppeteer writes the profile's user.js itself, so the preferences go through
// `extraPrefsFirefox`, never a user.js of ours (it would be overwritten).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { requireEngineBinary } from '../../../scripts/find-engines.mjs';
import { PREFERENCES } from '../../support/browser-providers/firefox.js';
import { fromPuppeteer, type ScenarioPage } from './scenario-page.js';

/** How long a clean shutdown may take before the whole process group is killed. */
const CLOSE_MS = 10_000;

export type FirefoxPreferences = Record<string, boolean | number | string>;

/** A running Firefox over a profile of its own. */
export interface FirefoxInstance {
  readonly profile: string;
  readonly browser: Browser;
  /** A new tab on `url`; every tab shares the profile's storage. */
  newPage(url?: string): Promise<ScenarioPage>;
  /** Closes the browser (its process group is killed if it does not go), then removes the profile. */
  close(): Promise<void>;
}

/** Starts Firefox on a fresh profile named after `label`, with `preferences` on top of the provider's. */
export async function launchFirefoxPages(label: string, preferences: FirefoxPreferences = {}): Promise<FirefoxInstance> {
  const profile = mkdtempSync(join(tmpdir(), `convolog-reliability-firefox-${label}-`));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: requireEngineBinary('firefox'),
      headless: true,
      userDataDir: profile,
      extraPrefsFirefox: { ...PREFERENCES, ...preferences },
      env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
      // The test owns the browser's life: no handler of Puppeteer's on this process's signals.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    profile,
    browser,
    async newPage(url) {
      const page = await browser.newPage();
      if (url !== undefined) await page.goto(url);
      return fromPuppeteer(page);
    },
    async close() {
      await closeOrKill(browser);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function closeOrKill(browser: Browser): Promise<void> {
  const pid = browser.process()?.pid;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => { timer = setTimeout(resolve, CLOSE_MS); });
  await Promise.race([browser.close().catch(() => undefined), timedOut]);
  clearTimeout(timer);
  // Puppeteer starts the browser leading its own process group; whatever of it is left goes now.
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}
