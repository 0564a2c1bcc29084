// Scenario 4: quota exceeded. Chromium fails a write that does not fit at commit: the requests
// succeed and only the transaction's `abort` fires, with a QuotaExceededError. The append must
// reject promptly with `quota_exceeded`, write nothing of the batch (entries, conversation record
// and the tool call index), and the next append must work. Proven twice: with a fault-injecting
// IDBFactory (pages/faulty-factory.ts) and with a real, small quota: in Chromium a Storage
// Bucket's (CDP Storage.overrideQuotaForOrigin has no effect in Chromium 156); in Firefox, which
// has no Storage Buckets, the quota manager's fixed limit, set in this file's own profile only.
// In WebKitGTK (reliability-webkit) the injected abort alone: MiniBrowser has no quota setting.
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.js';
import { recordFigure } from './support/figures.js';
import { IN_FIREFOX, IN_WEBKIT } from './support/page-engine.js';

/** The real quota, in KiB: a Storage Bucket's in Chromium, the whole profile's in Firefox. */
const QUOTA_KIB = IN_FIREFOX ? 2048 : 512;

describe('scenario 4: quota exceeded', () => {
  // Firefox's temporary storage (every origin of this profile) capped at QUOTA_KIB, which the
  // 4 MB append below cannot fit. The profile is this file's alone (support/firefox.ts).
  const suite = useBrowserSuite('quota', { firefoxPreferences: { 'dom.quotaManager.temporaryStorage.fixedLimit': QUOTA_KIB } });

  it('rejects an append whose transaction aborts with QuotaExceededError (injected) promptly, writes nothing, and the next append works', async () => {
    const page = await suite.harness();
    const result = await page.evaluate(async () => {
      const { openStore, user, assistant, toolCall, toolResult } = window.reliability.convolog;
      const name = 'quota-injected';
      const faulty = window.reliability.createFaultyFactory();
      const store = await openStore({ name, indexedDB: faulty.factory, IDBKeyRange });
      const { id } = await store.createConversation({ title: 'quota' });
      await store.append(id, [user('first'), assistant('ok')]);
      const window_ = [
        user('What is 6*7?'),
        assistant([toolCall('call_quota', 'calculator', { expression: '6*7' })]),
        toolResult('call_quota', 'calculator', '42'),
        assistant('42.'),
      ];
      const before = { conversation: await store.getConversation(id), raw: await window.reliability.raw.countRecords(name, 'entries') };
      faulty.arm();
      const started = performance.now();
      let failure: ReturnType<typeof window.reliability.describeError> | undefined;
      try {
        await store.append(id, window_);
      } catch (error) {
        failure = window.reliability.describeError(error);
      }
      const rejectedAfter = performance.now() - started;
      const sinceAbort = faulty.injected.length > 0 ? performance.now() - faulty.injected[0]!.abortedAt : undefined;
      const after = { conversation: await store.getConversation(id), raw: await window.reliability.raw.countRecords(name, 'entries') };
      const toolCalls = await window.reliability.raw.countRecords(name, 'toolCalls');
      // The same window again: had the failed batch left its call id in the index, this would be a duplicate.
      const retried = await store.append(id, window_);
      const entries = await store.entries(id);
      store.close();
      return {
        failure, injected: faulty.injected.length, rejectedAfter, sinceAbort, before, after, toolCalls,
        retriedSeqs: retried.map((entry) => entry.seq), seqs: entries.map((entry) => entry.seq),
      };
    });
    expect(result.injected).toBe(1);
    expect(result.failure).toMatchObject({ convolog: true, code: 'quota_exceeded' });
    expect(result.sinceAbort).toBeLessThan(1_000);
    expect(result.after).toEqual(result.before);
    expect(result.toolCalls).toBe(0);
    expect(result.retriedSeqs).toEqual([3, 4, 5, 6]);
    expect(result.seqs).toEqual([1, 2, 3, 4, 5, 6]);
    recordFigure('quota-injected', { rejectedWithinMs: Math.round(result.rejectedAfter) });
  });

  // WebKitGTK: no Storage Buckets, and neither MiniBrowser nor WebKitWebDriver's browser options
  // reach a quota setting (the website data manager's quotas are an API for embedders only).
  it.skipIf(IN_WEBKIT)(`rejects with quota_exceeded under a real, small quota (${IN_FIREFOX ? 'the profile\'s fixed limit' : 'a Storage Bucket'}), writes nothing, and the next append works`, async () => {
    const page = await suite.harness();
    const result = await page.evaluate(async ({ quotaKib, fromProfile }) => {
      const { openStore, user } = window.reliability.convolog;
      // Storage Buckets carry a real per-bucket quota that Chromium enforces at commit, as it
      // does for a full disk: the requests succeed, then only the transaction's abort fires.
      const buckets = (navigator as unknown as { storageBuckets?: { open(name: string, options: { quota: number }): Promise<{ indexedDB: IDBFactory }> } }).storageBuckets;
      if (buckets === undefined && !fromProfile) return { unsupported: true as const };
      const quota = quotaKib * 1024;
      const factory = fromProfile ? indexedDB : (await buckets!.open('reliability-quota', { quota })).indexedDB;
      const store = await openStore({ name: 'quota-real', indexedDB: factory, IDBKeyRange });
      const { id } = await store.createConversation({ title: 'real quota' });
      await store.append(id, [user('small')]);
      const before = await store.getConversation(id);
      // 4 MB of random text (IndexedDB compresses, so it must not be repetitive) against 0.5 or 2 MB.
      const bytes = new Uint8Array(3 * 1024 * 1024);
      for (let offset = 0; offset < bytes.length; offset += 65_536) crypto.getRandomValues(bytes.subarray(offset, offset + 65_536));
      let text = '';
      for (let offset = 0; offset < bytes.length; offset += 0x8000) text += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
      const started = performance.now();
      let failure: ReturnType<typeof window.reliability.describeError> | undefined;
      try {
        await store.append(id, [user(btoa(text)), user('and a second message of the batch')]);
      } catch (error) {
        failure = window.reliability.describeError(error);
      }
      const milliseconds = performance.now() - started;
      const after = await store.getConversation(id);
      const entryCount = (await store.entries(id)).length;
      const next = (await store.append(id, [user('a small message still fits')])).map((entry) => entry.seq);
      store.close();
      return { unsupported: false as const, quota, failure, milliseconds, before, after, entryCount, next };
    }, { quotaKib: QUOTA_KIB, fromProfile: IN_FIREFOX });
    if (result.unsupported) throw new Error('This Chromium has no Storage Buckets: no way to get a real small quota');
    expect(result.failure).toMatchObject({ convolog: true, code: 'quota_exceeded' });
    expect(result.after).toEqual(result.before);
    expect(result.entryCount).toBe(1);
    expect(result.next).toEqual([2]);
    recordFigure('quota-real', { [IN_FIREFOX ? 'profileLimitBytes' : 'bucketQuotaBytes']: result.quota, rejectedWithinMs: Math.round(result.milliseconds) });
  });
});
