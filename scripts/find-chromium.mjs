// Finds a system Chromium for the browser tests, the end-to-end tests and the benchmarks.
// We never download a browser: only a path the machine already has is returned.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATE_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const CANDIDATE_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** Flags proven to run headless Chromium on these machines (root needs --no-sandbox). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @returns {string | undefined} the path of a Chromium executable, or undefined */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const path of CANDIDATE_PATHS) if (existsSync(path)) return path;
  for (const command of CANDIDATE_COMMANDS) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
      if (path && existsSync(path)) return path;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
}

/** The path to use, or a clear error naming the install command and CHROMIUM_PATH. */
export function requireChromium() {
  const path = findChromium();
  if (path) return path;
  throw new Error(
    'No Chromium found. Install one (Debian/Ubuntu: `apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
