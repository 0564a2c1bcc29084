import type { StoreContext } from '../database/store-context.js';
import type { OpenReport, RestoredCounts } from '../types/open-report.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport } from '../transfer/conversation-export.js';
import { importConversation } from '../transfer/import-conversation.js';
import { JournalState, wholeLog, type JournaledConversation } from './journal-state.js';
import type { JournalStorage } from './journal-storage.js';
import { readJournal, replayOrder } from './read-journal.js';
import { restoreAttachments } from './restore-attachments.js';
import { describe } from './reset-marker.js';

/**
 * Restores a database the browser threw away from its journal (DESIGN §21), before `openStore`
 * resolves: the newest snapshot and the segments after it are folded into each conversation's
 * last known state, and each conversation is imported as it was (ids, head, titles, times and
 * appData kept), after the attachments' bytes they reference. What it cannot restore (a damaged file, a gap in a log, a refused import) is an
 * issue in `report`; nothing here throws. Loaded on demand: only an open after a reset needs it.
 * @internal
 */
export async function restoreJournal(context: StoreContext, storage: JournalStorage, report: OpenReport): Promise<void> {
  const { issues } = report;
  let journal;
  try {
    journal = await readJournal(storage, context.name, issues);
  } catch (error) {
    issues.push({ code: 'journal_unreadable', message: `The journal could not be listed (${describe(error)}); nothing was restored.` });
    return;
  }
  const attachments = await restoreAttachments(context, storage, issues);
  if (journal.snapshot === undefined && journal.segments.length === 0 && attachments === 0) return;
  const state = new JournalState();
  for (const record of replayOrder(journal)) state.apply(record);
  const restored: RestoredCounts = { conversations: 0, entries: 0, attachments };
  for (const known of state.conversations.values()) await restoreConversation(context, known, restored, report);
  report.restored = restored;
  if (state.lastAt !== undefined) report.lostAfter = state.lastAt;
}

async function restoreConversation(context: StoreContext, known: JournaledConversation, restored: RestoredCounts, report: OpenReport): Promise<void> {
  const { conversation } = known;
  const { entries, dropped } = wholeLog(known);
  const notRestored = { code: 'conversation_not_restored' as const, conversationId: conversation.id, title: conversation.title };
  const headKept = entries.some((entry) => entry.id === conversation.headId);
  const exported: ConversationExport = {
    format: CONVERSATION_FORMAT, formatVersion: CONVERSATION_FORMAT_VERSION, exportedAt: context.now().toISOString(),
    conversation: {
      id: conversation.id, title: conversation.title, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt,
      headId: headKept ? conversation.headId : null, ...(conversation.appData === undefined ? {} : { appData: conversation.appData }),
    },
    entries,
  };
  try {
    // Trusted: these are the store's own committed records, and checking them again costs restore time.
    await importConversation(context, exported, { trusted: true, onConflict: 'error', maxBytes: Number.POSITIVE_INFINITY });
  } catch (error) {
    // Restored already, by an open that was cut off before it finished (the marker still said restoring).
    if ((error as { code?: unknown }).code === 'duplicate_id') return;
    report.issues.push({ ...notRestored, dropped: known.entries.size, message: `The chat "${conversation.title}" could not be restored (${describe(error)}).` });
    return;
  }
  restored.conversations++;
  restored.entries += entries.length;
  if (dropped > 0) {
    report.issues.push({ ...notRestored, dropped, message: `The chat "${conversation.title}" was restored up to seq ${entries.length}; ${dropped} later entries were missing a predecessor in the journal.` });
  }
}
