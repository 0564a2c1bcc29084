import { importedFrom, type ImportedFrom } from '../../core/imported-from.js';
import type { Warning } from '../../core/warning.js';
import { releaseAttachments } from '../attachments/attachment-refs.js';
import { conversationRange } from '../conversations/conversation-range.js';
import { awaitRequests } from '../database/await-requests.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import type { ImportOptions, ImportOutcome } from '../types/options.js';
import type { CheckedImport } from './check-import.js';
import { writeImport } from './write-import.js';

/** What {@link writeOnce} did, and the record of the conversation it concerns. @internal */
export interface WrittenOnce {
  outcome: ImportOutcome;
  record: ConversationRecord;
  warnings: Warning[];
  /** The earlier import it skipped, replaced or duplicated. */
  earlierId?: string;
}

/**
 * Inside the import's one readwrite transaction: looks for an earlier import of the same source
 * conversation and skips, replaces or duplicates it (`onReimport`, default `'skip'`), else writes
 * the import. The look-up and the write share the transaction, so two tabs importing the same
 * file at once are serialized by IndexedDB and the second finds the first's copy; a replace
 * deletes the earlier copy and writes the new one in it too, so a failure leaves the earlier copy.
 * @internal
 */
export async function writeOnce(
  context: StoreContext, transaction: Transaction<'readwrite'>, checked: CheckedImport, options: ImportOptions,
): Promise<WrittenOnce> {
  const onConflict = options.onConflict ?? 'new_id';
  const source = importedFrom(checked.conversation.appData);
  const earlier = source === undefined ? undefined : await findEarlierImport(transaction, checked, source);
  if (earlier === undefined) return { outcome: 'created', ...(await writeImport(context, transaction, checked, onConflict)) };
  const mode = options.onReimport ?? 'skip';
  if (mode === 'skip') return { outcome: 'skipped', record: earlier, warnings: [], earlierId: earlier.id };
  if (mode === 'duplicate') return { outcome: 'duplicated', earlierId: earlier.id, ...(await writeImport(context, transaction, checked, onConflict)) };
  // deleteConversation's deletes, written here: importing them from its module made it a chunk
  // shared with this lazy one, which cost openStore 154 B gzipped up front (measured). All of
  // them: the earlier copy's attachment references (or its bytes would never be collected) and
  // its search number (or a copy coming back under that id by sync would reuse its postings).
  const range = conversationRange(context.keyRange, earlier.id);
  await releaseAttachments(transaction, context.keyRange, range, context.now().getTime());
  await awaitRequests((track) => {
    track(transaction.objectStore('conversations').delete(earlier.id));
    track(transaction.objectStore('entries').delete(range));
    track(transaction.objectStore('toolCalls').delete(range));
  });
  const number = await transaction.objectStore('searchNames').index('byId').getKey(earlier.id);
  if (number !== undefined) await transaction.objectStore('searchNames').delete(number);
  // A fresh id: sync pushes the earlier id's deletion, and a conversation reusing it would be deleted with it on other devices.
  const fresh: CheckedImport = { ...checked, conversation: { ...checked.conversation, id: context.generateId() } };
  return { outcome: 'replaced', earlierId: earlier.id, ...(await writeImport(context, transaction, fresh, onConflict)) };
}

/**
 * The conversation an earlier import of `source` wrote, found through keys only: the import's own
 * id (the importers use the source id), then the conversations holding its root entries' ids (the
 * source's message ids, which a replace keeps under its fresh conversation id). A candidate counts
 * when it carries the same source, or, imported before sources were kept, no source and this id.
 */
async function findEarlierImport(transaction: Transaction<'readwrite'>, checked: CheckedImport, source: ImportedFrom): Promise<ConversationRecord | undefined> {
  const candidates = new Set<string>([checked.conversation.id]);
  const byId = transaction.objectStore('entries').index('byId');
  const roots = checked.entries.filter((entry) => entry.parentId === null);
  const keys = await Promise.all(roots.map((entry) => byId.getKey(entry.id)));
  for (const key of keys) if (key !== undefined) candidates.add(key[0]);
  const conversations = transaction.objectStore('conversations');
  for (const id of candidates) {
    const record = await conversations.get(id);
    if (record !== undefined && isEarlierImport(record, source, checked.conversation.id)) return record;
  }
  return undefined;
}

function isEarlierImport(record: ConversationRecord, source: ImportedFrom, importId: string): boolean {
  const recorded = importedFrom(record.appData);
  if (recorded === undefined) return record.id === importId;
  return recorded.app === source.app && recorded.id === source.id;
}
