// A vitest browser provider that runs test pages in a browser it simply launches with the test
// URL: no automation protocol (Playwright's firefox/webkit launchers do not work with Debian's
// builds, and WebKit's WebDriver session refuses Blobs in IndexedDB: shared/TOOLCHAIN.md).
// Vitest's page talks back to the test server over its own WebSocket, which is all IndexedDB
// tests need; commands that need a page handle (userEvent, screenshots) are not available.
//
// Every launch gets a fresh profile folder, removed on close, and runs in its own process group:
// close() signals the whole group (the browser's content, network and GPU helpers too), waits for
// it to go, and kills what is left, so no browser outlives the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineBrowserProvider } from '@vitest/browser';
import type { BrowserProvider, BrowserProviderOption } from 'vitest/node';
import type { LaunchedGroup } from './process-group.js';

/** What a launcher starts for one test page. */
export interface BrowserLaunch {
  /** The processes, in start order; stopped in reverse order. */
  readonly groups: readonly LaunchedGroup[];
}

/** How one engine starts a browser showing `url`, with `profile` as its own empty folder. */
export type Launcher = (url: string, profile: string) => Promise<BrowserLaunch>;

interface Session {
  readonly profile: string;
  readonly launch: BrowserLaunch;
}

/** The sessions still open in this Node process, stopped on exit if vitest never closes them. */
const open = new Set<Session>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort on an abrupt exit (Ctrl-C, a crash): kill synchronously, remove the profiles.
  process.once('exit', () => {
    for (const session of open) {
      for (const group of session.launch.groups) group.killNow();
      rmSync(session.profile, { recursive: true, force: true });
    }
  });
}

class LaunchedBrowserProvider implements BrowserProvider {
  readonly name: string;
  readonly supportsParallelism = false;
  private readonly sessions = new Map<string, Session>();

  constructor(name: string, private readonly launcher: Launcher) {
    this.name = name;
    installExitHook();
  }

  getCommandsContext(): Record<string, unknown> {
    return {};
  }

  async openPage(sessionId: string, url: string): Promise<void> {
    await this.closeSession(sessionId);
    const profile = mkdtempSync(join(tmpdir(), `convolog-${this.name}-`));
    try {
      const launch = await this.launcher(url, profile);
      const session = { profile, launch };
      this.sessions.set(sessionId, session);
      open.add(session);
    } catch (error) {
      rmSync(profile, { recursive: true, force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.closeSession(id)));
  }

  private async closeSession(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    for (const group of [...session.launch.groups].reverse()) await group.stop();
    open.delete(session);
    rmSync(session.profile, { recursive: true, force: true });
  }
}

/**
 * A vitest browser provider for an engine started by `launcher`.
 * @example
 * ```ts
 * browser: { enabled: true, provider: launchedBrowser('firefox', launchFirefox), instances: [{ browser: 'firefox' }] }
 * ```
 */
export function launchedBrowser(name: string, launcher: Launcher): BrowserProviderOption {
  return defineBrowserProvider({
    name,
    supportedBrowser: [name],
    providerFactory: () => new LaunchedBrowserProvider(name, launcher),
  });
}
