// WebKit (WebKitGTK's MiniBrowser) for vitest browser mode. MiniBrowser has no headless mode, so
// each launch starts its own Xvfb display; the profile is a fresh XDG data/cache/config folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireEngineBinary } from '../../../scripts/find-engines.mjs';
import { type Launcher, launchedBrowser } from './launched-browser.js';
import { type LaunchedGroup, launchGroup } from './process-group.js';

/** How long Xvfb gets to report its display. */
const XVFB_START_MS = 20_000;

/**
 * Starts Xvfb on a free display (`-displayfd`, so parallel runs never collide on a number) and
 * resolves with the display's number. Also used by the page-driven scenarios' WebDriver launcher
 * (test/reliability/support/webkit.ts).
 */
export async function startXvfb(): Promise<{ group: LaunchedGroup; display: string }> {
  const executable = requireEngineBinary('xvfb');
  const group = launchGroup('xvfb', executable, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb reported no display within ${XVFB_START_MS} ms:\n${group.output()}`)), XVFB_START_MS);
    const fd3 = group.child.stdio[3] as NodeJS.ReadableStream;
    fd3.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('\n')) return;
      clearTimeout(timer);
      resolve(text.trim());
    });
    group.child.once('exit', () => reject(new Error(`Xvfb exited before reporting a display:\n${group.output()}`)));
  }).catch(async (error: unknown) => {
    await group.stop();
    throw error;
  });
  return { group, display };
}

/**
 * The environment of a WebKitGTK process on Xvfb display `display` whose website data, cache and
 * settings live in `profile` (its XDG folders, created here), never in the user's home.
 */
export function webkitEnvironment(display: string, profile: string): NodeJS.ProcessEnv {
  const folders = { XDG_DATA_HOME: 'data', XDG_CACHE_HOME: 'cache', XDG_CONFIG_HOME: 'config' };
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: `:${display}`, NO_AT_BRIDGE: '1' };
  for (const [variable, folder] of Object.entries(folders)) {
    env[variable] = join(profile, folder);
    mkdirSync(env[variable]!, { recursive: true });
  }
  // No GPU under Xvfb: software rendering, no DMA-BUF renderer.
  env.WEBKIT_DISABLE_DMABUF_RENDERER = '1';
  env.LIBGL_ALWAYS_SOFTWARE = '1';
  return env;
}

/** Starts MiniBrowser on a fresh Xvfb display with `url`; its website data lives in `profile`. */
export const launchWebKit: Launcher = async (url, profile) => {
  const executable = requireEngineBinary('webkit');
  const xvfb = await startXvfb();
  const env = webkitEnvironment(xvfb.display, profile);
  const browser = launchGroup('webkit', executable, ['--enable-write-console-messages-to-stdout=true', url], { env });
  return { groups: [xvfb.group, browser] };
};

/** The vitest browser provider for WebKit (`instances: [{ browser: 'webkit' }]`). */
export function webkit() {
  return launchedBrowser('webkit', launchWebKit);
}
