// Run before the tests (`pretest`): makes sure the three engines the browser projects use exist
// (DESIGN §19): system Chromium, Firefox ESR, WebKitGTK's MiniBrowser and the Xvfb it draws on.
// Whatever is missing is installed from Debian in one apt-get call when we are root; nothing
// ever downloads a browser build of its own.
import { execFileSync } from 'node:child_process';
import { canInstall } from './can-install.mjs';
import { findChromium } from './find-chromium.mjs';
import { ENGINE_BINARIES, findEngineBinary } from './find-engines.mjs';

/** Every executable the tests need: name, how to find it, its Debian package, its override variable. */
const NEEDED = [
  { name: 'Chromium', find: findChromium, debianPackage: 'chromium', env: 'CHROMIUM_PATH' },
  ...Object.entries(ENGINE_BINARIES).map(([what, spec]) => ({
    name: { webkit: 'WebKitGTK MiniBrowser', webkitDriver: 'WebKitWebDriver', xvfb: 'Xvfb' }[what] ?? 'Firefox',
    find: () => findEngineBinary(what),
    debianPackage: spec.debianPackage,
    env: spec.env,
  })),
];

function report() {
  const missing = [];
  for (const need of NEEDED) {
    const path = need.find();
    if (path) console.log(`${need.name}: ${path}`);
    else missing.push(need);
  }
  return missing;
}

const missing = report();
if (missing.length === 0) process.exit(0);
const packages = [...new Set(missing.map((need) => need.debianPackage))];
if (!canInstall()) {
  console.error(
    `Missing: ${missing.map((need) => need.name).join(', ')}, and they cannot be installed from here (needs root and apt-get).\n` +
      `Install them with \`sudo apt-get install -y --no-install-recommends ${packages.join(' ')}\` (Debian/Ubuntu), ` +
      `or point ${missing.map((need) => need.env).join(', ')} at the executables.`,
  );
  process.exit(1);
}
console.log(`Installing Debian's ${packages.join(', ')} with apt-get…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
// Chromium as ensure-chromium.mjs always installed it (with its recommended fonts); the other
// engines without recommends (TOOLCHAIN: 57 packages, ~110 MB, ~20 s).
if (packages.includes('chromium')) execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
const engines = packages.filter((name) => name !== 'chromium');
if (engines.length > 0) {
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...engines], { stdio: 'inherit', env });
}
const still = report();
if (still.length > 0) {
  console.error(`apt-get finished but these are still missing: ${still.map((need) => `${need.name} (set ${need.env})`).join(', ')}.`);
  process.exit(1);
}
