import type { CompactionEntry, Entry, MessageEntry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import type { Warning } from '../../core/warning.js';
import { awaitRequests } from '../database/await-requests.js';
import type { CheckedImport } from './check-import.js';
import { duplicateConversation } from '../conversations/duplicate-conversation.js';
import { nextWindowStart } from '../log/next-window-start.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { toolCallIds } from '../log/tool-call-ids.js';

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
  const record = recordOf(checked, conversationId, entries);
  const entryStore = transaction.objectStore('entries');
  const callStore = transaction.objectStore('toolCalls');
  await awaitRequests((track) => {
    track(transaction.objectStore('conversations').add(record));
    for (const entry of entries) {
      track(entryStore.add(entry));
      if (entry.type !== 'message') continue;
      for (const toolCallId of toolCallIds(entry.message)) track(callStore.add({ conversationId, toolCallId, seq: entry.seq }));
    }
  });
  return { record, warnings };
}

function remap(entry: Entry, conversationId: string, renamed: ReadonlyMap<string, string>): Entry {
  const next = { ...entry, conversationId, id: renamed.get(entry.id) ?? entry.id };
  if (next.type === 'compaction') next.firstKeptId = renamed.get(next.firstKeptId) ?? next.firstKeptId;
  return next;
}

function recordOf(checked: CheckedImport, id: string, entries: readonly Entry[]): ConversationRecord {
  const record: ConversationRecord = {
    id, title: checked.conversation.title, createdAt: checked.conversation.createdAt, updatedAt: checked.conversation.updatedAt,
    lastSeq: entries.length, keptFromSeq: 1, lastCompactionSeq: 0,
    windowStartSeq: nextWindowStart(0, entries.filter((entry): entry is MessageEntry => entry.type === 'message')),
  };
  if (checked.conversation.appData !== undefined) record.appData = checked.conversation.appData;
  const last = lastCompaction(entries);
  if (last !== undefined) {
    record.lastCompactionSeq = last.seq;
    record.keptFromSeq = entries.find((entry) => entry.id === last.firstKeptId)!.seq;
  }
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
