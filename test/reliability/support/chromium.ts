// Launches system Chromium over a persistent profile directory, the way a user's browser runs:
// we spawn the process ourselves (so we own its pid and can SIGKILL it mid-write) and drive it
// over the DevTools protocol with playwright-core. Relaunching over the same directory is a
// browser restart that keeps the profile (and its IndexedDB).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/find-chromium.mjs';

/** A running Chromium over one profile directory. */
export interface ChromiumInstance {
  readonly pid: number;
  readonly userDataDir: string;
  readonly browser: Browser;
  /** The profile's default context: pages opened here share its storage. */
  readonly context: BrowserContext;
  /** SIGKILL the whole browser (its process group): no shutdown, no flush. */
  kill(): Promise<void>;
  /** A clean shutdown. */
  close(): Promise<void>;
}

/** A fresh, empty profile directory; remove it with {@link removeProfile}. */
export function createProfile(label: string): string {
  return mkdtempSync(join(tmpdir(), `convolog-reliability-${label}-`));
}

export function removeProfile(userDataDir: string): void {
  rmSync(userDataDir, { recursive: true, force: true });
}

/** Starts Chromium over `userDataDir` and connects to it. */
export async function launchChromium(userDataDir: string, extraArgs: readonly string[] = []): Promise<ChromiumInstance> {
  const child = spawn(
    requireChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      '--no-default-browser-check',
      '--password-store=basic',
      ...extraArgs,
      'about:blank',
    ],
    // Its own process group, so a kill reaches the renderers too, as when the OS kills a browser.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('Chromium did not start');
  let browser: Browser;
  try {
    const endpoint = await devToolsEndpoint(child);
    browser = await chromium.connectOverCDP(endpoint);
  } catch (error) {
    killGroup(pid);
    await exited;
    throw error;
  }
  const context = browser.contexts()[0];
  if (context === undefined) throw new Error('Chromium has no default context');
  return {
    pid,
    userDataDir,
    browser,
    context,
    async kill() {
      killGroup(pid);
      await exited;
      // SIGKILL cannot be caught: once signalled, no process of the group writes again. Their
      // zombies may linger until reaped, which is no reason to wait.
      // What a crashed browser leaves behind; Chromium would refuse the profile as "in use".
      removeStaleLock(userDataDir);
    },
    async close() {
      try {
        const session = await browser.newBrowserCDPSession();
        await session.send('Browser.close').catch(() => undefined);
      } catch {
        // already gone
      }
      const timer = setTimeout(() => killGroup(pid), 10_000);
      await exited;
      clearTimeout(timer);
      // Stray renderers of the group, if any.
      killGroup(pid);
    },
  };
}

/**
 * Deletes every IndexedDB database of the (stopped) browser's profile, as Chromium itself does on
 * restart when it finds a LevelDB table with a bad checksum ("IndexedDB recovering from a
 * corrupted (and deleted) database"). Returns how many origin folders it removed.
 */
export function wipeIndexedDB(userDataDir: string): number {
  const doomed = findAll(userDataDir, (name) => name.endsWith('.indexeddb.leveldb') || name.endsWith('.indexeddb.blob'));
  for (const path of doomed) rmSync(path, { recursive: true, force: true });
  return doomed.length;
}

function findAll(dir: string, matches: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const path = join(dir, entry.name);
    return matches(entry.name) ? [path] : findAll(path, matches);
  });
}

function removeStaleLock(userDataDir: string): void {
  for (const name of ['SingletonLock', 'SingletonSocket', 'SingletonCookie']) rmSync(join(userDataDir, name), { force: true });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools endpoint:\n${output}`)), 30_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`));
    });
  });
}
