import { toConversation } from '../conversations/to-conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { parseJournalFile } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import type { JournalWriter } from './journal-writer.js';

/**
 * Journals the state of each conversation that the last session announced an intent for (a
 * rename, an appData change, a checkout, a deletion: see `JournalIntent`) in `files`, the
 * journal's newest files: a kill may have cut off the write's own record after its commit, and
 * such a write leaves no recent entry for the entries' catch-up to find. A conversation IndexedDB
 * has is journaled as it is now (`conversation_updated`), one it lacks as deleted. Replay is
 * idempotent, so an intent whose record did reach the journal costs one more line. Loaded on
 * demand by `catchUpJournal`; files that cannot be read are skipped (another tab's live file).
 * @internal
 */
export async function catchUpIntents(context: StoreContext, storage: JournalStorage, files: readonly string[], writer: JournalWriter): Promise<void> {
  const ids = new Set<string>();
  const ignored: JournalIssue[] = [];
  for (const name of files) {
    const text = await storage.read(name).catch(() => undefined);
    const file = text === undefined ? undefined : parseJournalFile(name, text, context.name, ignored);
    for (const { change } of file?.records ?? []) if (change.type === 'intent') ids.add(change.conversationId);
  }
  if (ids.size === 0) return;
  const found = await runTransaction(context, ['conversations'], 'readonly', 'Catching up the journal',
    (transaction) => Promise.all([...ids].map((id) => transaction.objectStore('conversations').get(id))));
  [...ids].forEach((conversationId, index) => {
    const record = found[index];
    if (record === undefined) writer.record({ type: 'conversation_deleted', conversationId });
    else writer.record({ type: 'conversation_updated', conversationId, conversation: toConversation(record) });
  });
}
