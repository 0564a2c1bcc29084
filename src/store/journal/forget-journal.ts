import type { JournalBackend } from './journal-storage.js';
import { untilNoLiveFiles } from './live-files.js';

/**
 * Removes the marker and the journal of a database the app deleted on purpose (`deleteStore`):
 * its absence is then no reset, and the journal must not bring it back. It waits for the workers
 * of closing stores to let go of their live files (live-files.ts). Best effort: a folder
 * that refuses is left as it is (the next open reports a reset and restores, which is the safe side).
 * @internal
 */
export async function forgetJournal(backend: JournalBackend | undefined, database: string): Promise<void> {
  if (backend === undefined) return;
  try {
    const storage = await backend(database);
    // A closing store's worker may still hold its live file, which cannot be removed until it lets go.
    await untilNoLiveFiles(database);
    await Promise.all((await storage.list()).map((file) => storage.remove(file)));
  } catch {
    // Nothing to forget, or nothing that lets us.
  }
}
