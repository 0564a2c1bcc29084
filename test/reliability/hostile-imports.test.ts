// Scenario 7: hostile imports, fuzzed. A seeded mutation fuzzer (support/fuzzer.ts) turns valid
// exports, their JSON Lines form and serialized histories into hostile input: __proto__ /
// constructor / prototype keys, 10,000-deep nesting, 50 MB strings, lone surrogates, numbers
// where strings belong, duplicate ids, references to missing entries, and more. Every case must
// be imported sanitized or refused with a ConvologError: never another exception, never a change
// to the existing conversation, never a half-written import, never a polluted prototype
// (support/fuzz-run.ts checks each). ≥ 10,000 cases in Node against fake-indexeddb, and a smaller
// sample in real Chromium against real IndexedDB.
//
// Reproduce one case: fuzzCase(seed, index, bases) with the seed and index a failure names.
import { describe, expect, it } from 'vitest';
import { basesOf, sampleExport } from './support/fuzzer.js';
import { runFuzz, type FuzzReport } from './support/fuzz-run.js';
import { lendIndexedDbGlobals } from './support/lend-globals.js';
import { recordFigure } from './support/figures.js';
import { useBrowserSuite } from './support/browser-suite.js';

const SEED = Number(process.env.CONVOLOG_SEED ?? 20250101);
const NODE_CASES = Number(process.env.CONVOLOG_FUZZ_CASES ?? 10_000);
const CHROMIUM_CASES = Number(process.env.CONVOLOG_FUZZ_BROWSER_CASES ?? 600);

function summary(report: FuzzReport): string {
  const shown = report.failures.slice(0, 10).map((failure) => `  #${failure.index} [${failure.recipe.join(' → ')}]: ${failure.problem}`);
  return `${report.failures.length + report.moreFailures} failures (seed ${SEED}):\n${shown.join('\n')}`;
}

describe('scenario 7: hostile imports, fuzzed', () => {
  it(`Node / fake-indexeddb: ${NODE_CASES} cases, each imported sanitized or refused with a ConvologError`, async () => {
    const fake = await import('fake-indexeddb');
    const restore = lendIndexedDbGlobals(fake as unknown as Record<string, unknown>);
    const { openStore, user, assistant, toolCall, toolResult } = await import('../../src/index.js');
    const factory = new fake.IDBFactory();
    const store = await openStore({ name: 'fuzz', indexedDB: factory, IDBKeyRange: fake.IDBKeyRange });
    try {
      // The conversation that must come out untouched: the sample itself, so every export-shaped
      // case collides with its ids (the id_reassigned path).
      const { conversation: sentinel } = await store.importConversation(sampleExport(), { trusted: true });
      // A second base made through the API: appends, a settled window, a compaction.
      const { id: apiId } = await store.createConversation({ title: 'made by the API', appData: { 'app.system': 'Be brief.' } });
      const [first] = await store.append(apiId, [user('Hello'), assistant('Hi!')]);
      await store.append(apiId, [user('Add 2 and 3'), assistant([toolCall('call_add', 'calculator', { expression: '2+3' })]), toolResult('call_add', 'calculator', '5')]);
      await store.append(apiId, [user('And the weather?'), assistant([toolCall('call_w', 'get_weather', { city: 'Oslo' })])]);
      await store.settle(apiId);
      const [later] = await store.append(apiId, [user('Thanks'), assistant('You are welcome.')]);
      await store.appendCompaction(apiId, { summary: 'Greetings and a sum.', firstKeptId: later!.id, tokensBefore: 120 });
      expect(first).toBeDefined();
      const apiExport = await store.exportConversation(apiId);
      await store.deleteConversation(apiId);
      const bases = [...basesOf(sampleExport(), 'sample'), ...basesOf(apiExport as unknown as Record<string, unknown>, 'api')];

      const rawRecordCount = async (): Promise<number> => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = factory.open('fuzz');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const counts = await Promise.all(['conversations', 'entries', 'toolCalls'].map((name) => new Promise<number>((resolve, reject) => {
          const request = database.transaction(name).objectStore(name).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        })));
        database.close();
        return counts.reduce((sum, count) => sum + count, 0);
      };

      const report = await runFuzz({
        store, sentinelId: sentinel.id, seed: SEED, from: 0, count: NODE_CASES, bases,
        budget: { hugeStringAt: new Set(process.env.CONVOLOG_FUZZ_NO_HUGE ? [] : [Math.floor(NODE_CASES * 0.1), Math.floor(NODE_CASES * 0.5), Math.floor(NODE_CASES * 0.9)]) },
        rawEntryCount: rawRecordCount, checkEvery: 500,
      });
      recordFigure('hostile-imports-node', {
        seed: SEED, cases: report.cases, imported: report.imported, refused: report.refused,
        refusedByCode: report.refusedByCode, warningsByCode: report.warningsByCode, milliseconds: report.milliseconds,
      });
      expect(report.failures, summary(report)).toEqual([]);
      expect(report.cases).toBe(NODE_CASES);
      // A fuzzer whose cases all fail the same way proves little: both outcomes must be common.
      expect(report.imported).toBeGreaterThan(NODE_CASES * 0.05);
      expect(report.refused).toBeGreaterThan(NODE_CASES * 0.3);
    } finally {
      store.close();
      // close() finishes on a later tick, through idb, which still needs the lent globals.
      await new Promise((resolve) => setTimeout(resolve, 100));
      restore();
    }
  });

  describe('in Chromium', () => {
    const suite = useBrowserSuite('fuzz');

    it(`real IndexedDB: ${CHROMIUM_CASES} cases, each imported sanitized or refused with a ConvologError`, async () => {
      const page = await suite.harness();
      const report = await page.evaluate(async ({ seed, count }) => {
        const { openStore } = window.reliability.convolog;
        const { runFuzz, basesOf, sampleExport } = window.reliability.fuzz;
        const name = 'fuzz';
        const store = await openStore({ name });
        const { conversation } = await store.importConversation(sampleExport(), { trusted: true });
        const rawRecordCount = async () => {
          let total = 0;
          for (const storeName of ['conversations', 'entries', 'toolCalls']) total += await window.reliability.raw.countRecords(name, storeName);
          return total;
        };
        const result = await runFuzz({
          store, sentinelId: conversation.id, seed, from: 0, count, bases: basesOf(sampleExport(), 'sample'),
          budget: { hugeStringAt: new Set([Math.floor(count / 2)]) }, rawEntryCount: rawRecordCount, checkEvery: 100,
        });
        store.close();
        return result;
      }, { seed: SEED + 1, count: CHROMIUM_CASES });
      recordFigure('hostile-imports-chromium', {
        seed: SEED + 1, cases: report.cases, imported: report.imported, refused: report.refused, milliseconds: report.milliseconds,
      });
      expect(report.failures, summary(report)).toEqual([]);
      expect(report.cases).toBe(CHROMIUM_CASES);
    });
  });
});
