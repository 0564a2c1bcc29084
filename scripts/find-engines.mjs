// Finds the system Firefox and WebKit the engine projects run in (DESIGN §19), the way
// find-chromium.mjs finds Chromium. We never download a browser: only paths the machine
// already has are returned, and the Debian package that provides each is named for the installer.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Each engine's binary candidates and the Debian package that installs it. */
export const ENGINE_BINARIES = {
  firefox: {
    env: 'FIREFOX_PATH',
    paths: ['/usr/lib/firefox-esr/firefox-esr', '/usr/bin/firefox-esr', '/usr/lib/firefox/firefox', '/usr/bin/firefox'],
    commands: ['firefox-esr', 'firefox'],
    debianPackage: 'firefox-esr',
  },
  webkit: {
    env: 'MINIBROWSER_PATH',
    paths: [
      '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
      '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
    ],
    commands: [],
    // MiniBrowser ships in webkit2gtk-driver on Debian 12.
    debianPackage: 'webkit2gtk-driver',
  },
  // The page-driven reliability scenarios drive MiniBrowser through it (classic W3C WebDriver).
  webkitDriver: {
    env: 'WEBKIT_WEBDRIVER_PATH',
    paths: ['/usr/bin/WebKitWebDriver'],
    commands: ['WebKitWebDriver'],
    debianPackage: 'webkit2gtk-driver',
  },
  xvfb: {
    env: 'XVFB_PATH',
    paths: ['/usr/bin/Xvfb'],
    commands: ['Xvfb'],
    debianPackage: 'xvfb',
  },
};

function onPath(command) {
  try {
    const path = execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined; // not on PATH
  }
}

/**
 * @param {keyof typeof ENGINE_BINARIES} what
 * @returns {string | undefined} the executable's path, or undefined when the machine has none
 */
export function findEngineBinary(what) {
  const spec = ENGINE_BINARIES[what];
  const fromEnv = process.env[spec.env];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const path of spec.paths) if (existsSync(path)) return path;
  for (const command of spec.commands) {
    const path = onPath(command);
    if (path) return path;
  }
  return undefined;
}

/**
 * @param {keyof typeof ENGINE_BINARIES} what
 * @returns {string} the executable's path; throws naming the package and the variable to set
 */
export function requireEngineBinary(what) {
  const path = findEngineBinary(what);
  if (path) return path;
  const spec = ENGINE_BINARIES[what];
  throw new Error(
    `No ${what} executable found. Install it (Debian/Ubuntu: \`apt-get install -y ${spec.debianPackage}\`) ` +
      `or set ${spec.env} to its path. \`npm test\` installs it itself when run as root.`,
  );
}
