import type { CompactionEntry, Entry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import type { Warning } from '../../core/warning.js';
import { awaitRequests } from '../database/await-requests.js';
import type { CheckedImport } from './check-import.js';
import { duplicateConversation } from '../conversations/duplicate-conversation.js';
import { indexTree, type IndexedTree } from '../log/index-tree.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { toolCallIds } from '../log/tool-call-ids.js';
import { trackAttachmentRefs } from '../attachments/attachment-refs.js';

/**
 * Inside one readwrite transaction: gives every id already in the store a fresh one (with an
 * `id_reassigned` warning and references remapped) or throws `duplicate_id`, then writes the
 * conversation record, its entries and its call ids. Existing conversations are never touched.
 * @internal
 */
export async function writeImport(
  context: StoreContext, transaction: Transaction<'readwrite'>, checked: CheckedImport, onConflict: 'new_id' | 'error',
): Promise<{ record: ConversationRecord; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const reassign = (kind: string, id: string): string => {
    if (onConflict === 'error') throw duplicateId(kind, id);
    const fresh = context.generateId();
    warnings.push({ code: 'id_reassigned', message: `The ${kind} id "${id}" is already in this store; the import uses "${fresh}" instead.` });
    return fresh;
  };
  const conversationTaken = (await transaction.objectStore('conversations').getKey(checked.conversation.id)) !== undefined;
  if (conversationTaken && onConflict === 'error') throw duplicateConversation(checked.conversation.id);
  const conversationId = conversationTaken ? reassign('conversation', checked.conversation.id) : checked.conversation.id;
  const byId = transaction.objectStore('entries').index('byId');
  const taken = await Promise.all(checked.entries.map((entry) => byId.getKey(entry.id)));
  const renamed = new Map<string, string>();
  checked.entries.forEach((entry, index) => {
    if (taken[index] !== undefined) renamed.set(entry.id, reassign('entry', entry.id));
  });
  const entries = checked.entries.map((entry) => remap(entry, conversationId, renamed));
  const tree = indexTree(entries);
  const headId = checked.headId === null ? null : renamed.get(checked.headId) ?? checked.headId;
  const record = recordOf(checked, conversationId, entries, tree, headId, context.indexer.incarnation());
  const entryStore = transaction.objectStore('entries');
  const callStore = transaction.objectStore('toolCalls');
  await awaitRequests((track) => {
    track(transaction.objectStore('conversations').add(context.indexer.mark(record, transaction)));
    for (const stored of tree.records) track(entryStore.add(stored));
    for (const entry of entries) {
      if (entry.type !== 'message') continue;
      for (const toolCallId of toolCallIds(entry.message)) track(callStore.add({ conversationId, toolCallId, seq: entry.seq }));
    }
    trackAttachmentRefs(transaction, entries, track);
  });
  context.indexer.handOff(transaction, record, entries);
  return { record, warnings };
}

function remap(entry: Entry, conversationId: string, renamed: ReadonlyMap<string, string>): Entry {
  const parentId = entry.parentId === null ? null : renamed.get(entry.parentId) ?? entry.parentId;
  const next = { ...entry, conversationId, id: renamed.get(entry.id) ?? entry.id, parentId };
  if (next.type === 'compaction') next.firstKeptId = renamed.get(next.firstKeptId) ?? next.firstKeptId;
  return next;
}

/**
 * The conversation record: the head is the newest leaf at or below the export's head (the newest
 * leaf of all, the last entry, without one), so an export taken mid-switch still lands on a leaf.
 */
function recordOf(checked: CheckedImport, id: string, entries: readonly Entry[], tree: IndexedTree, headId: string | null, incarnation: string): ConversationRecord {
  const named = headId === null ? undefined : tree.nodes.get(headId);
  const headSeq = named === undefined ? entries.length : tree.table.newestTipBelow(named);
  const head = entries[headSeq - 1];
  const node = head === undefined ? undefined : tree.nodes.get(head.id);
  const record: ConversationRecord = {
    id, title: checked.conversation.title, createdAt: checked.conversation.createdAt, updatedAt: checked.conversation.updatedAt,
    lastSeq: entries.length, headId: head?.id ?? null, headSeq: head?.seq ?? 0,
    keptFromSeq: node?.keptFrom ?? 1, lastCompactionSeq: lastCompaction(entries)?.seq ?? 0, windowStartSeq: node?.window ?? 0,
    lines: tree.table.lines, incarnation,
  };
  if (checked.conversation.appData !== undefined) record.appData = checked.conversation.appData;
  return record;
}

function lastCompaction(entries: readonly Entry[]): CompactionEntry | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!;
    if (entry.type === 'compaction') return entry;
  }
  return undefined;
}

function duplicateId(kind: string, id: string): ConvologError {
  return new ConvologError({
    code: 'duplicate_id',
    message: `The ${kind} id "${id}" of the import is already in this store; nothing was imported. ` +
      "Import with onConflict: 'new_id' to give it a fresh id.",
    details: { kind, id },
  });
}
