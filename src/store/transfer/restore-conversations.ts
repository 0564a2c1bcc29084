import type { Warning } from '../../core/warning.js';
import { toConversation } from '../conversations/to-conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES, type ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import type { ImportAllOptions } from './backup-format.js';
import type { CarriedAttachment } from './carried-attachments.js';
import { checkImport, type CheckedImport } from './check-import.js';
import { writeCarriedAttachments } from './write-carried-attachments.js';
import { writeImport } from './write-import.js';

/** One conversation of a backup, checked, with the attachments it carries (checked against their ids). @internal */
export interface RestoreItem { checked: CheckedImport; carried: readonly CarriedAttachment[] }

/** What restoring one conversation did. @internal */
export interface Restored { outcome: 'restored' | 'existing'; id: string; warnings: Warning[] }

/** Checks one conversation of a backup (`invalid_history` and the like throw here, before any transaction). @internal */
export function checkRestore(exported: Record<string, unknown>, carried: readonly CarriedAttachment[], options: ImportAllOptions): RestoreItem {
  return { checked: checkImport(exported, options.trusted ?? true, false, new Set(carried.map((attachment) => attachment.id))), carried };
}

/**
 * Conversations of a backup, each with the attachments it carries, in one readwrite transaction:
 * all of them or none (the caller retries them one by one to find which one failed). Each in
 * turn: when its id is in the store already (looked up in the same transaction, so another tab's
 * concurrent write of it, or one restored just before in this batch, is seen), `'skip'` leaves
 * it, `'new_id'` writes a copy under fresh ids. One transaction per conversation cost importAll
 * most of its time (DESIGN §20).
 * @internal
 */
export async function restoreConversations(context: StoreContext, items: readonly RestoreItem[], options: ImportAllOptions): Promise<Restored[]> {
  const written = await runTransaction(context, [...ALL_STORES, 'searchNames'], 'readwrite', 'Restoring conversations', async (transaction) => {
    const done: ({ record: ConversationRecord; warnings: Warning[] } | undefined)[] = [];
    // One after the other: a later conversation sees the ids an earlier one of the batch took.
    for (const { checked, carried } of items) {
      const taken = await transaction.objectStore('conversations').getKey(checked.conversation.id);
      if (taken !== undefined && (options.onConflict ?? 'skip') === 'skip') {
        done.push(undefined);
        continue;
      }
      const { record, warnings } = await writeImport(context, transaction, checked, 'new_id');
      await writeCarriedAttachments(transaction, checked.entries, carried, context.now());
      done.push({ record, warnings });
    }
    return done;
  });
  return items.map(({ checked }, index) => {
    const write = written[index];
    if (write === undefined) return { outcome: 'existing', id: checked.conversation.id, warnings: [] };
    const conversation = toConversation(write.record);
    context.changes.publish({ type: 'conversation_created', conversationId: conversation.id, conversation });
    return { outcome: 'restored', id: conversation.id, warnings: [...checked.warnings, ...write.warnings] };
  });
}
