/**
 * Live journal files (DESIGN §21): a file a tab's journal worker appends to through a sync access
 * handle, which locks it. While it is live, its Web Lock is held, by the worker itself, so the lock
 * goes when the handle goes, even when the worker or the tab dies. A roll must not take a live
 * file (its later appends would be skipped as "held by the snapshot", and removing it fails), and
 * `deleteStore` waits for them to be let go before it removes the journal.
 * @internal
 */

type LockInfo = { name?: string };
type LiveLockManager = {
  query(): Promise<{ held?: LockInfo[]; pending?: LockInfo[] }>;
  request(name: string, run: () => Promise<void>): Promise<void>;
};

function lockManager(): LiveLockManager | undefined {
  const locks = (globalThis as { navigator?: { locks?: LiveLockManager | null } }).navigator?.locks;
  return typeof locks?.query === 'function' && typeof locks.request === 'function' ? locks : undefined;
}

/** Whether this engine can mark files live (Web Locks with `query`): without it, no file may be live. @internal */
export function canMarkLive(): boolean {
  return lockManager() !== undefined;
}

function prefix(database: string): string {
  return `convolog-journal-live:${database}:`;
}

/** The Web Lock held while `file` of `database` is live. @internal */
export function liveLockName(database: string, file: string): string {
  return `${prefix(database)}${file}`;
}

/**
 * Runs `run` with `file` of `database` marked live (a roll leaves it alone meanwhile), or plainly
 * where Web Locks are missing (callers check {@link canMarkLive} when it matters). @internal
 */
export async function whileLive<T>(database: string, file: string, run: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks === undefined) return run();
  let result!: T;
  await locks.request(liveLockName(database, file), async () => {
    result = await run();
  });
  return result;
}

/** The files of `database` live in any tab now (held or about to be). @internal */
export async function liveFiles(database: string): Promise<Set<string>> {
  const locks = lockManager();
  if (locks === undefined) return new Set();
  const { held = [], pending = [] } = await locks.query();
  const start = prefix(database);
  return new Set([...held, ...pending].map((lock) => lock.name ?? '').filter((name) => name.startsWith(start)).map((name) => name.slice(start.length)));
}

/** Settles once no tab holds a live file of `database` (each let go after its last append). @internal */
export async function untilNoLiveFiles(database: string): Promise<void> {
  const locks = lockManager();
  if (locks === undefined) return;
  for (const file of await liveFiles(database)) await locks.request(liveLockName(database, file), async () => undefined);
}
