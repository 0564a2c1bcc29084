// Run before the tests: makes sure a system Chromium exists, installing Debian's package when
// we are root with apt-get. It never downloads a browser build of its own.
import { execFileSync } from 'node:child_process';
import { canInstall } from './can-install.mjs';
import { findChromium } from './find-chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
if (!canInstall()) {
  console.error(
    'No Chromium found, and it cannot be installed from here (needs root and apt-get).\n' +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome executable.',
  );
  process.exit(1);
}
console.log('No Chromium found: installing Debian\'s `chromium` package (apt-get install -y chromium)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
const installed = findChromium();
if (!installed) {
  console.error('apt-get finished but no Chromium executable was found. Set CHROMIUM_PATH.');
  process.exit(1);
}
console.log(`Chromium: ${installed}`);
