// `node bench/attachments/run.mjs`: §18's attachment figures in Chromium on a fresh on-disk
// profile (bench/attachments/main.ts), written to bench/attachments/results.json; `npm run bench`
// runs them as its `attachments` section. Ratios come from one run.
// Environment: ATTACHMENT_BENCH_REPETITIONS (context samples of 10 reads per side, default 61),
// ATTACHMENT_BENCH_PUTS (10 MB puts per side, default 15).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startResultPageServer } from '../support/result-page-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');

/** The targets of §18, each a ratio. */
export const ATTACHMENT_TARGETS = { context: 1.2, storedOnce: 1.05, put: 1.5 };

/** Runs the page once and returns its figures with the load average around them. */
export async function runAttachmentFigures({ log = () => {} } = {}) {
  const settings = {
    repetitions: Number(process.env.ATTACHMENT_BENCH_REPETITIONS ?? 61),
    putRepetitions: Number(process.env.ATTACHMENT_BENCH_PUTS ?? 15),
  };
  const loadAverageAtStart = Number(loadavg()[0].toFixed(2));
  const started = Date.now();
  const server = await startResultPageServer({ repository, name: 'attachments', include: ['idb', 'uuid', 'zod/mini'] });
  const profile = mkdtempSync(join(tmpdir(), 'convolog-attachment-bench-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (error) => log(`[page error] ${error.message}`));
    await page.goto(server.pageUrl(settings));
    const result = await Promise.race([server.posted, new Promise((_, reject) => setTimeout(() => reject(new Error('no result in 10 minutes')), 600_000).unref())]);
    if (result.error) throw new Error(result.error);
    return {
      date: new Date().toISOString(), chromium: context.browser()?.version() ?? result.userAgent, seconds: Math.round((Date.now() - started) / 1000),
      loadAverageAtStart, loadAverageAtEnd: Number(loadavg()[0].toFixed(2)), settings, targets: ATTACHMENT_TARGETS,
      figures: [
        { id: 'context', title: 'context of 200 messages with 20 × 2 MB images (attachments) vs without', ratio: result.context.ratio, target: ATTACHMENT_TARGETS.context, detail: result.context },
        { id: 'storedOnce', title: 'IndexedDB disk growth of one 2 MB image referenced by 10 messages, over its bytes', ratio: result.once.ratio, target: ATTACHMENT_TARGETS.storedOnce, detail: result.once, withJournal: result.onceJournal },
        { id: 'putOff', title: 'putAttachment 10 MB (journal off) vs raw idb put', ratio: result.put.offRatio, target: ATTACHMENT_TARGETS.put, detail: result.put },
        { id: 'putJournal', title: 'putAttachment 10 MB (journal on, Chromium default) vs raw idb put', ratio: result.put.journalRatio, target: ATTACHMENT_TARGETS.put, detail: result.put },
      ].map((figure) => ({ ...figure, pass: figure.ratio <= figure.target })),
    };
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Markdown lines for bench/RESULTS.md: the figures, then the ZIP import's heap before/after when measured. */
export function renderAttachmentFigures(results) {
  const lines = ['## Attachments (§18)', ''];
  if (results.missing) lines.push(`Not all measured: ${results.missing}`, '');
  if (results.figures) lines.push(...renderFigures(results));
  if (results.zipImport) lines.push(...renderZipImport(results.zipImport));
  return lines;
}

function renderFigures(results) {
  const lines = [`Chromium ${results.chromium}, fresh on-disk profile, load average ${results.loadAverageAtStart} → ${results.loadAverageAtEnd}, ${results.seconds} s.`, '',
    '| figure | ratio | target | |', '|---|---|---|---|'];
  for (const figure of results.figures) lines.push(`| ${figure.title} | ${figure.ratio.toFixed(3)}× | ≤ ${figure.target}× | ${figure.pass ? 'met' : '**missed**'} |`);
  const [context, once, put] = [results.figures[0].detail, results.figures[1], results.figures[2].detail];
  const share = (bytes) => (bytes / once.detail.imageBytes).toFixed(3);
  lines.push('',
    `- context: median ${context.withMs.toFixed(2)} ms with vs ${context.withoutMs.toFixed(2)} ms without, and ${context.urlsMs.toFixed(2)} ms (${context.urlsRatio.toFixed(3)}×) with the same 20 images as URL sources (${context.readsPerSample} reads per sample); its JSON ${context.contextJsonWith} vs ${context.contextJsonWithout} characters (${context.contextJsonUrls} with URLs); ${context.attachmentBytes} attachment bytes stored.`,
    `- stored once: IndexedDB grew ${once.detail.indexedDBTurnsWithImage} B for 10 turns referencing the image vs ${once.detail.indexedDBTurnsOnly} B for 10 turns without; \`estimateStorage().attachments\` ${once.detail.attachmentsCounted} B (${once.detail.attachmentsRatio}×). With the journal on: IndexedDB ${once.withJournal.ratio.toFixed(3)}×, and the journal's own copy of the image in OPFS ${share(once.withJournal.fileSystemGrowth)}× (\`usageDetails.fileSystem\`, ${once.withJournal.fileSystemAt} B).`,
    `- put: median raw ${put.rawMs.toFixed(0)} ms (${put.rawRange}), journal off ${put.offMs.toFixed(0)} ms (${put.offRange}), journal on ${put.journalMs.toFixed(0)} ms (${put.journalRange}, written by ${put.journalWrittenBy}), ${put.repetitions} each, interleaved.`, '');
  return lines;
}

function renderZipImport(zip) {
  const lines = [`ChatGPT ZIP import (${zip.runs[0].zipMB} MB, largest file ${zip.runs[0].largestFileMB} MB), peak JS heap over baseline, ${zip.live ? 'forced GC before each sample' : 'sampled every 5 ms'}; bound ${zip.boundMB} MB:`, '',
    '| importers | peak MB | reading conversations.json | conversations with files | without files | seconds | load average |', '|---|---|---|---|---|---|---|'];
  for (const run of zip.runs) {
    const phases = run.phasesMB;
    lines.push(`| ${run.variant === 'before' ? zip.commit : 'this tree'} | ${run.peakHeapOverBaselineMB}${run.withinBound ? '' : ' (over)'} | ${phases.readingConversationsJson} | ${phases.withFiles} | ${phases.withoutFiles} | ${run.seconds} | ${run.loadAverageAtStart} → ${run.loadAverageAtEnd} |`);
  }
  lines.push('');
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runAttachmentFigures({ log: console.log });
  console.log(JSON.stringify(results, null, 2));
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}
