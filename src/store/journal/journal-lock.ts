// The journal's Web Locks (DESIGN §21): apart from the roller, because the open that creates a
// database and deleteStore need them up front, while the roller loads only where the journal is on.

type LockManagerLike = { request(name: string, options: { ifAvailable: boolean }, run: (lock: unknown) => Promise<void>): Promise<void> };

function lockManager(): LockManagerLike | undefined {
  // Not just `?.locks`: some environments (happy-dom) have `navigator.locks === null`, and a throw
  // here would abort the upgrade that takes the lock, and with it openStore.
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike | null } }).navigator?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

/**
 * Takes the journal's lock now, synchronously queued, until the returned function is called: the
 * open that had to create the database holds it from its upgrade until its restore is done, so no
 * tab whose open completes meanwhile rolls the half-restored database into a snapshot.
 * @internal
 */
export function holdLock(name: string): () => void {
  const locks = lockManager();
  if (locks === undefined) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void locks.request(name, { ifAvailable: false }, () => held).catch(() => undefined);
  return release;
}

/** The Web Lock a roll and a restore of `database` hold: a roll never snapshots a half-restored database. @internal */
export function journalLockName(database: string): string {
  return `convolog-journal:${database}`;
}

/**
 * Runs `task` under the journal's lock, waiting for it: `deleteStore` forgets the journal only
 * after a roll still in flight (started before the store closed) has written its snapshot, or that
 * snapshot would outlive the deleted database and could bring it back after a later reset.
 * @internal
 */
export async function afterJournalLock(database: string, task: () => Promise<void>): Promise<void> {
  const locks = lockManager();
  if (locks === undefined) return task();
  await locks.request(journalLockName(database), { ifAvailable: false }, task);
}

/**
 * Runs `task` under the journal's lock: once it is free with `wait`, otherwise only if it is free
 * now (a busy lock is another tab rolling or restoring, whose snapshot covers this tab's writes).
 * @internal
 */
export async function withLock(name: string, wait: boolean, task: () => Promise<void>): Promise<void> {
  const locks = lockManager();
  if (locks === undefined) return task();
  await locks.request(name, { ifAvailable: !wait }, async (lock) => {
    if (lock !== null) await task();
  });
}
