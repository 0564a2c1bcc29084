// `node bench/journal/run.mjs [--engine=chromium|firefox|webkit]`: the journal's figures (DESIGN
// §21) on a fresh on-disk profile, written to bench/journal/results-<engine>.json. Ratios come
// from one run. Chromium runs under playwright-core; Firefox ESR (headless) and WebKitGTK's
// MiniBrowser (under xvfb-run) are started plainly with the page, which posts its results back.
// Environment: JOURNAL_BENCH_APPENDS (per round, default 60), JOURNAL_BENCH_ROUNDS (default 3),
// JOURNAL_BENCH_CONVERSATIONS × JOURNAL_BENCH_PER_CONVERSATION entries to restore (default 100 × 1,000).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startResultPageServer } from '../support/result-page-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const engine = (process.argv.find((argument) => argument.startsWith('--engine=')) ?? '--engine=chromium').slice('--engine='.length);
const settings = {
  appends: Number(process.env.JOURNAL_BENCH_APPENDS ?? 60),
  rounds: Number(process.env.JOURNAL_BENCH_ROUNDS ?? 3),
  conversations: Number(process.env.JOURNAL_BENCH_CONVERSATIONS ?? 100),
  per: Number(process.env.JOURNAL_BENCH_PER_CONVERSATION ?? 1000),
};

const server = await startResultPageServer({ repository, name: 'journal', include: ['idb', 'uuid', 'zod'] });
const { posted } = server;
const url = server.pageUrl(settings);
const profile = mkdtempSync(join(tmpdir(), `convolog-journal-bench-${engine}-`));
const started = Date.now();
let stop = async () => {};
try {
  stop = await launch(engine, profile, url);
  // An engine without OPFS (WebKitGTK 2.50 has no navigator.storage) posts an error; one that hangs times out.
  const result = await Promise.race([posted, new Promise((_, reject) => setTimeout(() => reject(new Error('no result in 15 minutes')), 900_000).unref())]);
  const results = { date: new Date().toISOString(), engine, seconds: Math.round((Date.now() - started) / 1000), settings, ...result,
    targets: { appendRatio: 1.3, journalVsDatabase: 1.5, restoreVsImport: 2 } };
  console.log(JSON.stringify(results, null, 2));
  writeFileSync(join(here, `results-${engine}.json`), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await stop();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}

async function launch(name, dir, address) {
  if (name === 'chromium') {
    const context = await chromium.launchPersistentContext(dir, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
    const page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    await page.goto(address);
    return () => context.close();
  }
  if (name === 'firefox') {
    writeFileSync(join(dir, 'user.js'), [
      'user_pref("dom.storageManager.prompt.testing", true);', 'user_pref("dom.storageManager.prompt.testing.allow", true);',
      'user_pref("browser.shell.checkDefaultBrowser", false);', 'user_pref("app.update.enabled", false);',
      'user_pref("toolkit.telemetry.enabled", false);', 'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
    ].join('\n'));
    return spawnGroup('firefox-esr', ['--headless', '--no-remote', '--profile', dir, address], {});
  }
  if (name === 'webkit') {
    for (const folder of ['data', 'cache', 'config']) mkdirSync(join(dir, folder));
    const env = { XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache'), XDG_CONFIG_HOME: join(dir, 'config') };
    return spawnGroup('xvfb-run', ['-a', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', address], env);
  }
  throw new Error(`unknown engine ${name}: chromium, firefox or webkit`);
}

function spawnGroup(command, args, env) {
  const child = spawn(command, args, { detached: true, stdio: 'ignore', env: { ...process.env, ...env } });
  return async () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
}
