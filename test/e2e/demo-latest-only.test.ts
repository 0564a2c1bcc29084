// The rule behind the demo's search-as-you-type, without a browser: only the newest query's
// answer counts. Starting a query aborts the one before, and an older answer that arrives
// anyway (a store that ignored the signal) is dropped, never shown over a newer one.
import { describe, expect, it } from 'vitest';
import { LatestOnly } from '../../demo/shared/latest-only.js';

/** A task whose outcome the test decides, and the signal it was given. */
function deferred<T>(): { task: (signal: AbortSignal) => Promise<T>; resolve(value: T): void; reject(error: unknown): void; signal(): AbortSignal | undefined } {
  let settle: { resolve(value: T): void; reject(error: unknown): void } | undefined;
  let given: AbortSignal | undefined;
  const promise = new Promise<T>((resolve, reject) => { settle = { resolve, reject }; });
  return {
    task: (signal) => {
      given = signal;
      return promise;
    },
    resolve: (value) => settle!.resolve(value),
    reject: (error) => settle!.reject(error),
    signal: () => given,
  };
}

describe('demo: LatestOnly (search as you type)', () => {
  it('aborts the previous task and drops its answer when it comes after a newer one', async () => {
    const latest = new LatestOnly();
    const older = deferred<string>();
    const newer = deferred<string>();
    const olderResult = latest.run(older.task);
    const newerResult = latest.run(newer.task);
    expect(older.signal()?.aborted).toBe(true);
    expect(newer.signal()?.aborted).toBe(false);
    newer.resolve('newer');
    expect(await newerResult).toBe('newer');
    older.resolve('older, late'); // a store that ignored the signal
    expect(await olderResult).toBeUndefined();
  });

  it('drops an older answer that comes first, too', async () => {
    const latest = new LatestOnly();
    const older = deferred<string>();
    const newer = deferred<string>();
    const olderResult = latest.run(older.task);
    const newerResult = latest.run(newer.task);
    older.resolve('older');
    expect(await olderResult).toBeUndefined();
    newer.resolve('newer');
    expect(await newerResult).toBe('newer');
  });

  it('swallows the failure of a superseded task (its abort) and rethrows that of the newest', async () => {
    const latest = new LatestOnly();
    const older = deferred<string>();
    const newer = deferred<string>();
    const olderResult = latest.run(older.task);
    const newerResult = latest.run(newer.task);
    older.reject(new DOMException('aborted', 'AbortError'));
    expect(await olderResult).toBeUndefined();
    newer.reject(new Error('the store is closed'));
    await expect(newerResult).rejects.toThrow('the store is closed');
  });

  it('cancel aborts the running task and drops its answer (the field was cleared)', async () => {
    const latest = new LatestOnly();
    const running = deferred<string>();
    const result = latest.run(running.task);
    latest.cancel();
    expect(running.signal()?.aborted).toBe(true);
    running.resolve('too late');
    expect(await result).toBeUndefined();
  });
});
