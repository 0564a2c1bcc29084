// Firefox ESR (Debian's firefox-esr) for vitest browser mode: headless, a fresh profile per launch.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireEngineBinary } from '../../../scripts/find-engines.mjs';
import { type Launcher, launchedBrowser } from './launched-browser.js';
import { launchGroup } from './process-group.js';

/**
 * Preferences written to the fresh profile's user.js. The two storageManager ones matter: without
 * them `navigator.storage.persist()` waits forever on a permission prompt no one can answer. The
 * rest keep a test browser quiet and off the network (no first-run pages, updates, telemetry).
 */
export const PREFERENCES: Record<string, boolean | number | string> = {
  'dom.storageManager.prompt.testing': true,
  'dom.storageManager.prompt.testing.allow': true,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'startup.homepage_welcome_url': '',
  'browser.aboutwelcome.enabled': false,
  'browser.sessionstore.resume_from_crash': false,
  'toolkit.startup.max_resumed_crashes': -1,
  'app.update.auto': false,
  'app.update.enabled': false,
  'extensions.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
};

function userJs(): string {
  return Object.entries(PREFERENCES)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n');
}

/** Starts `firefox-esr --headless --no-remote --profile <fresh dir> <url>`. */
export const launchFirefox: Launcher = async (url, profile) => {
  const executable = requireEngineBinary('firefox');
  writeFileSync(join(profile, 'user.js'), `${userJs()}\n`);
  const env = { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1', MOZ_HEADLESS: '1' };
  const browser = launchGroup('firefox', executable, ['--headless', '--no-remote', '--profile', profile, url], { env });
  return { groups: [browser] };
};

/** The vitest browser provider for Firefox (`instances: [{ browser: 'firefox' }]`). */
export function firefox() {
  return launchedBrowser('firefox', launchFirefox);
}
