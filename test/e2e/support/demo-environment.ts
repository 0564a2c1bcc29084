// One demo server and one browser per test file: starting them is the slow part of every
// demo test, and a file's tests only need fresh contexts, not fresh processes.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDemoServer, type DemoServer } from './demo-server.js';
import { launchBrowser } from './browser.js';

/** The demo server and browser a test file shares; both are set once `beforeAll` has run. */
export interface DemoEnvironment {
  readonly server: DemoServer;
  readonly browser: Browser;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start the demo server and Chromium for the
 * calling test file and close them afterwards. Read the fields inside tests, not at module
 * level: they are unset until the hooks have run.
 * @example
 * const demo = useDemoEnvironment();
 * it('opens', async () => {
 *   const context = await newContext(demo.browser);
 *   await openDemo(await context.newPage(), demo.server.origin);
 * });
 */
export function useDemoEnvironment(): DemoEnvironment {
  const started: { server?: DemoServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.server = await startDemoServer();
    started.browser = await launchBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.close();
  });
  return {
    get server(): DemoServer {
      return required(started.server, 'demo server');
    },
    get browser(): Browser {
      return required(started.browser, 'browser');
    },
  };
}

function required<T>(value: T | undefined, name: string): T {
  // A field read before beforeAll ran would otherwise fail later as an obscure undefined access.
  if (value === undefined) throw new Error(`The ${name} is not started yet: read it inside a test, after beforeAll.`);
  return value;
}
