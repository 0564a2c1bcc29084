// One dev server and one Chromium (over a fresh profile) for a whole test file.
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { createProfile, launchChromium, removeProfile, type ChromiumInstance } from './chromium.js';
import { openHarness } from './harness-page.js';
import { startDevServer, type DevServer } from './vite-server.js';

export interface BrowserSuite {
  readonly server: DevServer;
  readonly chromium: ChromiumInstance;
  /** A new tab on the harness page. */
  harness(): Promise<Page>;
}

/** Registers beforeAll/afterAll hooks; the returned object is usable inside tests. */
export function useBrowserSuite(label: string): BrowserSuite {
  let server: DevServer | undefined;
  let chromium: ChromiumInstance | undefined;
  let profile: string | undefined;
  beforeAll(async () => {
    server = await startDevServer();
    profile = createProfile(label);
    chromium = await launchChromium(profile);
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    if (profile !== undefined) removeProfile(profile);
  });
  return {
    get server() { return server!; },
    get chromium() { return chromium!; },
    harness: () => openHarness(chromium!.context, server!.origin),
  };
}
