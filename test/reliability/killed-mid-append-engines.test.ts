// Scenario 1 (killed mid-append) in Firefox ESR and WebKitGTK, launch-only: no automation protocol
// works for Debian's builds here (DESIGN §19), so the test launches the browser on a page that
// does the Chromium test's steps itself (pages/kill-loop-launch.ts) and POSTs what it found and
// each acknowledged batch to the dev server. The test SIGKILLs the browser's whole process group
// at a random moment while the page appends, with busy loops beside it, relaunches on the same
// profile, and asserts what killed-mid-append.test.ts asserts: every acknowledged batch present,
// every batch whole, seqs contiguous from 1, the log resumable, settle + a new turn working.
// The store runs with openStore's defaults, as shipped: the journal is off in Firefox (journal
// by default only in Chromium-based engines) and WebKitGTK has no OPFS, so a browser that threw
// its database away would lose acknowledged batches and fail the test; wipes seen are recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Opened, Verification } from './pages/kill-loop.js';
import { createProfile, removeProfile } from './support/chromium.js';
import { startCpuLoad, type CpuLoad } from './support/cpu-load.js';
import { recordFigure } from './support/figures.js';
import { createRandom } from './support/fuzzer.js';
import { launchEngine, missingBinary, type LaunchedEngine, type LaunchOnlyEngine } from './support/launched-engine.js';
import { createPageReports, type PageReport, type PageReports } from './support/page-reports.js';
import { startDevServer, type DevServer } from './support/vite-server.js';

/**
 * Per engine, within its 4-minute budget on 2 cores shared with other jobs (DESIGN §19): a kill
 * cycle took Firefox 8.5-18.5 s and WebKit 5-10.5 s at load 9-25 (12 kills: Firefox up to 239 s).
 */
const KILLS = Number(process.env.CONVOLOG_ENGINE_KILLS ?? 10);
/**
 * Busy loops beside the browser: three for this file alone; one in the `crash-harness` project,
 * which runs both harness files side by side, each the other's load (vitest.config.ts).
 */
const LOAD = Number(process.env.CONVOLOG_LOAD ?? 3);
const DATABASE = 'kill-loop';
/** A fresh browser on a cold page (Vite serves src/ module by module) under load: 5-30 s here. */
const PAGE_REPORT_MS = 90_000;

describe.each<LaunchOnlyEngine>(['firefox', 'webkit'])('scenario 1 launch-only: killed mid-append in %s', (engine) => {
  const missing = missingBinary(engine);
  if (missing !== undefined) console.warn(`[reliability] ${engine} kill loop skipped: ${missing}`);
  let server: DevServer;
  let reports: PageReports;
  let profile: string;
  let load: CpuLoad | undefined;
  beforeAll(async () => {
    if (missing !== undefined) return;
    reports = createPageReports();
    server = await startDevServer([reports.plugin]);
    profile = createProfile(`kill-${engine}`);
    load = startCpuLoad(LOAD);
  });
  afterAll(async () => {
    load?.stop();
    await server?.close();
    if (profile !== undefined) removeProfile(profile);
  });

  it.skipIf(missing !== undefined)(`survives ${KILLS} SIGKILLs of the whole browser under CPU load over one profile with every batch whole and every acknowledged batch kept`, async () => {
    const started = Date.now();
    const random = createRandom(Number(process.env.CONVOLOG_SEED ?? 20250101));
    const acknowledged = new Set<number>();
    const pageErrors: string[] = [];
    reports.onReport((report) => {
      if (report.kind === 'ack') acknowledged.add(report.batch as number);
      if (report.kind === 'error') pageErrors.push(`launch ${report.launch}: ${String(report.message)}`);
    });
    const figures = { survived: 0, caughtUnsettled: 0, entryCount: 0, wipesSeen: 0, restoredEntries: 0, journal: '' };
    let browser: LaunchedEngine | undefined;
    const pageReport = (launch: number, kind: string) => reports.next(
      (report) => report.launch === launch && (report.kind === kind || report.kind === 'error'),
      PAGE_REPORT_MS,
      () => `${engine} launch ${launch} sent no '${kind}'; its output:\n${browser?.output() ?? ''}`,
    ).then(failOnError);
    const check = async (launch: number) => {
      const checked = (await pageReport(launch, 'checked')) as unknown as { opened: Opened; verification: Verification; journal: string };
      const { opened, verification } = checked;
      figures.journal = checked.journal;
      expect(opened.issues, `open issues after kill ${launch}`).toEqual([]);
      if (opened.reset) {
        figures.wipesSeen++;
        figures.restoredEntries += opened.restoredEntries ?? 0;
      }
      expect(verification.problems, `after kill ${launch}`).toEqual([]);
      const present = new Set(verification.batches);
      expect([...acknowledged].filter((batch) => !present.has(batch)), `acknowledged batches missing after kill ${launch}`).toEqual([]);
      figures.entryCount = verification.entryCount;
      expect(pageErrors, 'errors in the pages so far (an append loop that failed before the kill)').toEqual([]);
      return verification;
    };
    try {
      for (let launch = 0; launch < KILLS; launch++) {
        browser = await launchEngine(engine, pageUrl(server, launch, 'loop'), profile);
        const verification = await check(launch);
        if (verification.unsettled) figures.caughtUnsettled++;
        if (launch > 0) figures.survived++;
        const resumed = await pageReport(launch, 'resumed');
        expect(resumed.appended).toBe(2);
        if (verification.unsettled) expect(resumed.settled).toBeGreaterThan(0);
        acknowledged.add(resumed.batch as number);
        await new Promise((resolve) => setTimeout(resolve, 150 + random.int(1200)));
        await browser.kill();
        browser = undefined;
      }
      browser = await launchEngine(engine, pageUrl(server, KILLS, 'check'), profile);
      await check(KILLS);
      figures.survived++;
      await browser.close();
      browser = undefined;
    } finally {
      await browser?.close();
    }
    expect(figures.survived).toBe(KILLS);
    recordFigure(`killed-mid-append-${engine}`, {
      kills: figures.survived, cpuLoops: LOAD, entries: figures.entryCount, acknowledgedBatches: acknowledged.size,
      restartsWithUnsettledWindow: figures.caughtUnsettled, wipesSeen: figures.wipesSeen, journal: figures.journal,
      entriesRestoredFromJournal: figures.restoredEntries, lost: 0, seconds: Math.round((Date.now() - started) / 1000),
    });
  }, 120_000 + KILLS * 30_000);
});

function pageUrl(server: DevServer, launch: number, mode: 'loop' | 'check'): string {
  const query = new URLSearchParams({ db: DATABASE, launch: String(launch), mode });
  return `${server.origin}/test/reliability/pages/kill-loop-launch.html?${query}`;
}

function failOnError(report: PageReport): PageReport {
  if (report.kind === 'error') throw new Error(`the page of launch ${report.launch} failed: ${String(report.message)}`);
  return report;
}
