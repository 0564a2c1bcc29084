import type { StoreContext } from '../database/store-context.js';
import { JournalWriter } from './journal-writer.js';
import type { OpenedJournal } from './open-journal.js';

/**
 * After the database is open (DESIGN §21): restores from the journal when the open found a reset,
 * then mirrors every write this store instance commits into the journal. Returns what write
 * methods await so that a resolved write is journaled too; `undefined` without a journal
 * (`journal: false`, no OPFS). Never throws.
 * @internal
 */
export async function attachJournal(context: StoreContext, opened: OpenedJournal, enabled: boolean): Promise<(() => Promise<void>) | undefined> {
  const { storage, report } = opened;
  if (!enabled || storage === undefined || !storage.canJournal) return undefined;
  if (report.reset) {
    const { restoreJournal } = await import('./restore-journal.js');
    await restoreJournal(context, storage, report);
  }
  const writer = new JournalWriter(storage, {
    database: context.name,
    generation: opened.generation,
    readEntries: async (conversationId) => {
      const { exportConversation } = await import('../transfer/export-conversation.js');
      return (await exportConversation(context, conversationId)).entries;
    },
    onIssue: (issue) => report.issues.push(issue),
  });
  context.changes.onPublish = (change) => writer.record(change);
  return () => writer.flushed();
}
