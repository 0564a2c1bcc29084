import type { Warning } from '../../core/warning.js';
import { toConversation } from '../conversations/to-conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import type { ImportAllOptions } from './backup-format.js';
import type { CarriedAttachment } from './carried-attachments.js';
import { checkImport } from './check-import.js';
import { writeCarriedAttachments } from './write-carried-attachments.js';
import { writeImport } from './write-import.js';

/**
 * One conversation of a backup, with the attachments it carries, in one readwrite transaction:
 * when its id is in the store already (looked up in the same transaction, so another tab's
 * concurrent write of it is seen), `'skip'` leaves it, `'new_id'` writes a copy under fresh ids.
 * @internal
 */
export async function restoreConversation(
  context: StoreContext, exported: Record<string, unknown>, carried: readonly CarriedAttachment[], options: ImportAllOptions,
): Promise<{ outcome: 'restored' | 'existing'; id: string; warnings: Warning[] }> {
  const checked = checkImport(exported, options.trusted ?? true, false, new Set(carried.map((attachment) => attachment.id)));
  const written = await runTransaction(context, [...ALL_STORES, 'searchNames'], 'readwrite', 'Restoring a conversation', async (transaction) => {
    const taken = await transaction.objectStore('conversations').getKey(checked.conversation.id);
    if (taken !== undefined && (options.onConflict ?? 'skip') === 'skip') return undefined;
    const { record, warnings } = await writeImport(context, transaction, checked, 'new_id');
    await writeCarriedAttachments(transaction, checked.entries, carried, context.now());
    return { record, warnings };
  });
  if (written === undefined) return { outcome: 'existing', id: checked.conversation.id, warnings: [] };
  const conversation = toConversation(written.record);
  context.changes.publish({ type: 'conversation_created', conversationId: conversation.id, conversation });
  return { outcome: 'restored', id: conversation.id, warnings: [...checked.warnings, ...written.warnings] };
}
