import type { JournalBackend } from './journal-storage.js';

/**
 * Removes the marker and the journal of a database the app deleted on purpose (`deleteStore`):
 * its absence is then no reset, and the journal must not bring it back. Best effort: a folder
 * that refuses is left as it is (the next open reports a reset and restores, which is the safe side).
 * @internal
 */
export async function forgetJournal(backend: JournalBackend | undefined, database: string): Promise<void> {
  if (backend === undefined) return;
  try {
    const storage = await backend(database);
    await Promise.all((await storage.list()).map((file) => storage.remove(file)));
  } catch {
    // Nothing to forget, or nothing that lets us.
  }
}
