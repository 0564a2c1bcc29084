// WebKitGTK with a page handle, for the page-driven scenarios (DESIGN §19): an Xvfb display of its
// own (the `webkit` provider's startXvfb), WebKitWebDriver on a free loopback port in its own
// process group, and one WebDriver session in which WebKitWebDriver starts MiniBrowser
// (`--automation`; the driver passes only the arguments it is given). The driver and the browser
// inherit XDG folders in a fresh temporary directory, so nothing is read from or left in the
// home folder, and the session's website data is new. Closing ends the session, stops the
// driver's process group (MiniBrowser and its web and network processes are in it), then Xvfb,
// and removes the directory, whatever state the browser is in.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireEngineBinary } from '../../../scripts/find-engines.mjs';
import { launchGroup } from '../../support/browser-providers/process-group.js';
import { startXvfb, webkitEnvironment } from '../../support/browser-providers/webkit.js';
import type { ScenarioPage } from './scenario-page.js';
import { fromWebDriver } from './webdriver-page.js';
import { driverReady, WebDriverSession } from './webdriver.js';

/** How long WebKitWebDriver gets to answer /status. */
const DRIVER_START_MS = 20_000;
/** How long ending the session may take before the driver's group is stopped anyway. */
const CLOSE_MS = 10_000;

/** A running MiniBrowser under WebKitWebDriver. */
export interface WebKitInstance {
  /** A new window on `url`; every window shares the session's storage. */
  newPage(url?: string): Promise<ScenarioPage>;
  /** Ends the session and stops the driver, the browser and Xvfb; removes the profile folder. */
  close(): Promise<void>;
}

/** Starts Xvfb, WebKitWebDriver and a session on a fresh profile folder named after `label`. */
export async function launchWebKitPages(label: string): Promise<WebKitInstance> {
  const profile = mkdtempSync(join(tmpdir(), `convolog-reliability-webkit-${label}-`));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of [...stops].reverse()) await stop();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const xvfb = await startXvfb();
    stops.push(() => xvfb.group.stop());
    const port = await freePort();
    const driver = launchGroup('webkit-webdriver', requireEngineBinary('webkitDriver'), [`--port=${port}`, '--host=local'], {
      env: webkitEnvironment(xvfb.display, profile),
    });
    stops.push(() => driver.stop());
    const endpoint = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + DRIVER_START_MS;
    while (!(await driverReady(endpoint))) {
      if (Date.now() > deadline || driver.child.exitCode !== null) throw new Error(`WebKitWebDriver did not start within ${DRIVER_START_MS} ms:\n${driver.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const session = await WebDriverSession.open(endpoint, {
      'webkitgtk:browserOptions': { binary: requireEngineBinary('webkit'), args: ['--automation'] },
    });
    // Ending the session closes MiniBrowser cleanly; the group's stop after it takes what is left.
    stops.push(async () => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => { timer = setTimeout(resolve, CLOSE_MS); });
      await Promise.race([session.delete().catch(() => undefined), timedOut]);
      clearTimeout(timer);
    });
    // The session's first window serves the first page; later pages get windows of their own.
    // Classic WebDriver ends the session with its last window, so a page closed while it is the
    // only one left goes blank and waits for the next page instead.
    const spare: string[] = [session.firstWindow];
    const open = new Set<string>();
    const release = async (handle: string) => {
      if (!open.delete(handle)) return;
      if (open.size > 0) return session.closeWindow(handle);
      await session.inWindow(handle, 'POST', '/url', { url: 'about:blank' });
      spare.push(handle);
    };
    return {
      async newPage(url) {
        const handle = spare.pop() ?? (await session.newWindow());
        open.add(handle);
        const page = fromWebDriver(session, handle, () => release(handle));
        if (url !== undefined) await page.goto(url);
        return page;
      },
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A TCP port free on the loopback interface now (the driver takes it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
