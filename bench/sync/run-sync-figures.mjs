// Node side of the sync figures: starts pouchdb-server (in memory, loopback) and the bench page
// (Vite), drives it in headless system Chromium, and compares our push/pull of a 10,000-entry
// history with PouchDB's own replication of the same 10,000 documents against the same server,
// in the same run (ratios, medians of alternating repetitions).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startCouchServer } from '../../scripts/start-couch-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const ENTRIES = 10_000;

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * @param {{ repetitions: number, log: (text: string) => void }} options
 */
export async function runSyncFigures(options) {
  const couch = await startCouchServer();
  const server = await createServer({
    configFile: false, root: here, cacheDir: join(repository, 'bench/.tmp/vite-cache-sync'), logLevel: 'warn', clearScreen: false,
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    optimizeDeps: { include: ['idb', 'uuid', 'zod'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const profile = mkdtempSync(join(tmpdir(), 'convolog-bench-sync-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => options.log(`[sync bench page error] ${error.message}`));
    await page.goto(`http://127.0.0.1:${address.port}/`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    await page.addScriptTag({ path: join(repository, 'node_modules/pouchdb/dist/pouchdb.min.js') });
    const call = (name, ...args) => page.evaluate(({ name, args }) => globalThis.syncBench[name](...args), { name, args });
    const samples = { ourPush: [], pouchPush: [], ourPull: [], pouchPull: [] };
    const details = {};
    for (let repetition = 0; repetition < options.repetitions; repetition++) {
      // Alternate who goes first, so a slow patch of a shared machine hits both sides alike.
      const source = await couch.database('source');
      const ours = await call('ourPush', source, ENTRIES);
      const theirs = await call('pouchPush', source, await couch.database('pouch-target'));
      samples.ourPush.push(ours.ms);
      samples.pouchPush.push(theirs.ms);
      details.push = { ourDocuments: ours.written, ourRequests: ours.requests, pouchDocuments: theirs.written };
      const pulls = repetition % 2 === 0
        ? [await call('ourPull', source), await call('pouchPull', source)]
        : [await call('pouchPull', source), await call('ourPull', source)].reverse();
      samples.ourPull.push(pulls[0].ms);
      samples.pouchPull.push(pulls[1].ms);
      details.pull = { ourEntries: pulls[0].entries, ourRequests: pulls[0].requests, pouchDocuments: pulls[1].written };
      options.log(`sync repetition ${repetition + 1}: push ${ours.ms.toFixed(0)} vs ${theirs.ms.toFixed(0)} ms, pull ${pulls[0].ms.toFixed(0)} vs ${pulls[1].ms.toFixed(0)} ms`);
    }
    const incrementalRequests = await call('incrementalRequests', await couch.database('incremental'));
    const figure = (id, title, ours, theirs) => ({
      id, title, oursMs: median(ours), pouchMs: median(theirs), ratio: median(ours) / median(theirs), target: 1.0,
      pass: median(ours) / median(theirs) <= 1.0, samples: { ours, theirs },
    });
    return {
      entries: ENTRIES,
      figures: [
        figure('sync-push', `initial push of ${ENTRIES} entries vs PouchDB replicate(local → server)`, samples.ourPush, samples.pouchPush),
        figure('sync-pull', `initial pull of ${ENTRIES} entries vs PouchDB replicate(server → local)`, samples.ourPull, samples.pouchPull),
      ],
      incremental: { requests: incrementalRequests, target: 3, pass: incrementalRequests <= 3 },
      details,
    };
  } finally {
    await context.close();
    await server.close();
    await couch.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
