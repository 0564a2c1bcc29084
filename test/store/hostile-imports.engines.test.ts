// Scenario 7, hostile imports, in every engine (DESIGN §19): the seeded mutation fuzzer of
// test/reliability (support/fuzzer.ts) run in the test page itself, through the public API,
// against the engine's own IndexedDB. What differs per engine is real: structured clone of odd
// values (lone surrogates, 10,000-deep nesting, a 50 MB string), each engine's JSON parser and
// stack depth, RegExp and Intl. The same checks as the Chromium scenario
// (test/reliability/hostile-imports.test.ts, which drives a Playwright page and holds Node's
// 10,000 cases): every case imported sanitized or refused with a ConvologError, never another
// exception, the existing conversation untouched, nothing half-written (raw record counts), no
// polluted prototype (support/fuzz-run.ts).
//
// Reproduce one case: fuzzCase(seed, index, bases) with the seed this file prints and the index
// a failure names (bases: the sample's and the API-made export's, as built below).
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/index.js';
import { basesOf, sampleExport } from '../reliability/support/fuzzer.js';
import { runFuzz, type FuzzReport } from '../reliability/support/fuzz-run.js';
import { storeFixture } from './store-fixture.js';

/** Fixed, so every engine meets the same cases and a failure reproduces; printed with the results. */
const SEED = 20250103;
/** Cases per engine: chosen so the file stays within a minute in WebKit (the slowest) on 2 loaded cores. */
const CASES = 500;
/**
 * The cases that get a 50 MB string (each costs real memory in the page). With this seed, case 150
 * (JSON Lines) is imported, so the engine clones 50 MB into IndexedDB, and case 200 is refused
 * `too_large` by its `maxBytes`.
 */
const HUGE_AT = [150, 200];
const IN_BROWSER = typeof window !== 'undefined';
const RAW_STORES = ['conversations', 'entries', 'toolCalls'];

const stores = storeFixture();

/** The engine and its version, for the printed line: `Chrome/…`, `Firefox/…`, or WebKit's `AppleWebKit/…`. */
function engineName(): string {
  return navigator.userAgent.match(/(Firefox|Chrome)\/[\d.]+/)?.[0] ?? navigator.userAgent.match(/AppleWebKit\/[\d.]+/)?.[0] ?? navigator.userAgent;
}

function summary(report: FuzzReport): string {
  const shown = report.failures.slice(0, 10).map((failure) => `  #${failure.index} [${failure.recipe.join(' → ')}]: ${failure.problem}`);
  return `${report.failures.length + report.moreFailures} failures (seed ${SEED}):\n${shown.join('\n')}`;
}

/** Every record in the stores an import writes, counted behind the store's back. */
async function rawRecordCount(name: string): Promise<number> {
  const database = await openDB(name);
  try {
    const counts = await Promise.all(RAW_STORES.map((storeName) => database.count(storeName)));
    return counts.reduce((sum, count) => sum + count, 0);
  } finally {
    database.close();
  }
}

/**
 * Chromium's real IndexedDB meets the fuzzer in the reliability project already (600 cases, a 50 MB
 * string among them: test/reliability/hostile-imports.test.ts). Run here too, it was a fifth of
 * Chromium's whole engine suite in CI (53 of 89 s for this file, 453 s for the suite), on the
 * run's longest path.
 */
const FUZZED_ELSEWHERE = IN_BROWSER && /Chrome\//.test(navigator.userAgent);

// Node has the 10,000-case run against fake-indexeddb in the reliability project: not repeated here.
describe.runIf(IN_BROWSER)('scenario 7 in this engine: hostile imports, fuzzed', { timeout: 180_000 }, () => {
  it.skipIf(FUZZED_ELSEWHERE)(`${CASES} cases against the engine's IndexedDB, each imported sanitized or refused with a ConvologError`, async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    // The conversation that must come out untouched: the sample itself, so every export-shaped
    // case collides with its ids (the id_reassigned path).
    const { conversation: sentinel } = await store.importConversation(sampleExport(), { trusted: true });
    const apiExport = await apiMadeExport(store);
    const bases = [...basesOf(sampleExport(), 'sample'), ...basesOf(apiExport, 'api')];

    const report = await runFuzz({
      store, sentinelId: sentinel.id, seed: SEED, from: 0, count: CASES, bases,
      budget: { hugeStringAt: new Set(HUGE_AT) }, rawEntryCount: () => rawRecordCount(name), checkEvery: 50,
      // A case that hangs fails as itself, before the test's own timeout. Case 150 (50 MB) takes
      // 1–2 s at load 7 here, but took over 30 s in one CI run at load 22 (three helpers' tests
      // beside it), and its import then landed after the timeout, failing every later check.
      caseTimeoutMs: 90_000,
    });
    console.info(`[hostile-imports] ${engineName()} seed ${SEED}: ${report.cases} cases, ${report.imported} imported, ${report.refused} refused `
      + `${JSON.stringify(report.refusedByCode)}, warnings ${JSON.stringify(report.warningsByCode)}, ${report.milliseconds} ms`);
    expect(report.failures, summary(report)).toEqual([]);
    expect(report.cases).toBe(CASES);
    // A fuzzer whose cases all end the same way proves little: both outcomes must be common.
    expect(report.imported).toBeGreaterThan(CASES * 0.05);
    expect(report.refused).toBeGreaterThan(CASES * 0.3);
  });

  // The fuzzer checks that what it imported is sane; this checks the engine kept it exact.
  it('reads back exactly the values structured clone finds odd: a 50 MB string, lone surrogates, app data 400 deep', async () => {
    const store = await stores.open();
    const huge = 'ab'.repeat(25 * 1024 * 1024);
    const lone = 'lone \ud800 high, \udfff low, a pair \ud83d\ude00, an unpaired end \ud83d';
    let deep: Record<string, unknown> = { leaf: lone };
    for (let depth = 0; depth < 400; depth++) deep = { next: deep };
    const { conversation } = await store.importConversation({
      format: 'convolog.history', formatVersion: 1,
      messages: [{ ...user(huge), appData: { 'app.deep': deep } }, assistant(lone)],
    });
    const [question, answer] = await store.entries(conversation.id);
    if (question?.type !== 'message' || answer?.type !== 'message') throw new Error('the two messages did not come back as messages');
    // Compared as a boolean: a failing diff of 50 MB would not reach the report.
    expect(question.message.content === huge, `content of ${String(question.message.content.length)} characters`).toBe(true);
    expect(answer.message.content).toEqual(assistant(lone).content);
    let node = question.message.appData?.['app.deep'] as Record<string, unknown> | undefined;
    for (let depth = 0; depth < 400 && node !== undefined; depth++) node = node.next as Record<string, unknown> | undefined;
    expect(node).toEqual({ leaf: lone });
    await store.flushSearchIndex();
    const { hits } = await store.search('unpaired');
    expect(hits.map((hit) => hit.seq)).toEqual([2]);
    await store.deleteConversation(conversation.id);
  });
});

/** A second base made through the API: appends, a settled window, a compaction; then deleted. */
async function apiMadeExport(store: Awaited<ReturnType<typeof stores.open>>): Promise<Record<string, unknown>> {
  const { id } = await store.createConversation({ title: 'made by the API', appData: { 'app.system': 'Be brief.' } });
  await store.append(id, [user('Hello'), assistant('Hi!')]);
  await store.append(id, [user('Add 2 and 3'), assistant([toolCall('call_add', 'calculator', { expression: '2+3' })]), toolResult('call_add', 'calculator', '5')]);
  await store.append(id, [user('And the weather?'), assistant([toolCall('call_w', 'get_weather', { city: 'Oslo' })])]);
  await store.settle(id);
  const [later] = await store.append(id, [user('Thanks'), assistant('You are welcome.')]);
  await store.appendCompaction(id, { summary: 'Greetings and a sum.', firstKeptId: later!.id, tokensBefore: 120 });
  const exported = await store.exportConversation(id);
  await store.deleteConversation(id);
  return exported as unknown as Record<string, unknown>;
}
