// Firefox ESR or WebKitGTK launched on a URL over a profile folder that outlives the browser, so a
// relaunch on the same folder is a browser restart that keeps its IndexedDB. The launchers are the
// browser providers' own (test/support/browser-providers); this adds the SIGKILL of the whole
// browser and a wait until every process of it is gone, so the next launch never meets a
// half-dead one still holding the database.
import { readdirSync, readFileSync } from 'node:fs';
import { findEngineBinary } from '../../../scripts/find-engines.mjs';
import { launchFirefox } from '../../support/browser-providers/firefox.js';
import type { Launcher } from '../../support/browser-providers/launched-browser.js';
import type { LaunchedGroup } from '../../support/browser-providers/process-group.js';
import { launchWebKit } from '../../support/browser-providers/webkit.js';

export type LaunchOnlyEngine = 'firefox' | 'webkit';

/** How long a killed browser's processes get to disappear. */
const GONE_MS = 20_000;

const LAUNCHERS: Record<LaunchOnlyEngine, Launcher> = { firefox: launchFirefox, webkit: launchWebKit };

/** Why `engine` cannot run here (a binary it needs is missing), or undefined when it can. */
export function missingBinary(engine: LaunchOnlyEngine): string | undefined {
  const needed = engine === 'firefox' ? (['firefox'] as const) : (['webkit', 'xvfb'] as const);
  const missing = needed.filter((what) => findEngineBinary(what) === undefined);
  if (missing.length === 0) return undefined;
  return `no ${missing.join(' or ')} executable on this machine (scripts/find-engines.mjs; set FIREFOX_PATH, MINIBROWSER_PATH, XVFB_PATH)`;
}

/** A running browser; its last group is the browser itself (WebKit's Xvfb comes before it). */
export interface LaunchedEngine {
  /** The tail of the browser's own output, to explain a page that never reported. */
  output(): string;
  /** SIGKILL to the browser's whole process group, no shutdown; resolves once all of it is gone. */
  kill(): Promise<void>;
  /** A clean shutdown (SIGTERM, then SIGKILL after a grace period). */
  close(): Promise<void>;
}

export async function launchEngine(engine: LaunchOnlyEngine, url: string, profile: string): Promise<LaunchedEngine> {
  const { groups } = await LAUNCHERS[engine](url, profile);
  const browser = groups[groups.length - 1]!;
  const rest = groups.slice(0, -1).reverse();
  const stopRest = async () => {
    for (const group of rest) await group.stop();
  };
  return {
    output: () => browser.output(),
    async kill() {
      browser.killNow();
      await groupGone(browser);
      await stopRest();
    },
    async close() {
      await browser.stop();
      await groupGone(browser);
      await stopRest();
    },
  };
}

/**
 * Waits until no live process is left in `group`'s process group. Zombies do not count: a helper
 * reparented to a PID 1 that never reaps would otherwise look alive forever.
 */
async function groupGone(group: LaunchedGroup): Promise<void> {
  const pgid = group.child.pid;
  if (pgid === undefined) return;
  const deadline = Date.now() + GONE_MS;
  for (;;) {
    const alive = liveMembers(pgid);
    if (alive.length === 0) return;
    if (Date.now() > deadline) throw new Error(`process group ${pgid} still has live processes ${alive.join(', ')} ${GONE_MS} ms after SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids of `pgid`'s members that are not zombies, read from /proc. */
function liveMembers(pgid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it exited while we looked
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') pids.push(Number(name));
  }
  return pids;
}
