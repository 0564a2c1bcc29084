import { ConvologError } from '../../core/error.js';
import { describeIssue } from '../../core/describe-issue.js';
import type { MessageEntry } from '../../core/entry.js';
import type { Message } from '../../core/message.js';
import { awaitRequests } from '../database/await-requests.js';
import { nextWindowStart } from './next-window-start.js';
import { idsToLookUp, pairingIssues } from './pairing-check.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { toolCallIds } from './tool-call-ids.js';
import { placeEntries } from './place-entries.js';
import { trackAttachmentRefs } from '../attachments/attachment-refs.js';
import type { TreeNode } from './tree-node.js';

/** What a write to a log produced. @internal */
export interface Written<EntryType> { record: ConversationRecord; entries: EntryType[] }

/**
 * Inside an open readwrite transaction: checks that the branch ending at `parent` stays
 * resumable with `batch` appended under it (`pairing` otherwise; `window` is that branch's
 * trailing tool window), then writes the entries with seqs allocated here, their call ids, and
 * the updated record, whose head moves to the last new entry. `calls` are the batch's call ids
 * already looked up, when the caller read them beside the record. Nothing but requests of
 * `transaction` is awaited.
 * @internal
 */
export async function writeMessages(
  context: StoreContext,
  transaction: Transaction<'readwrite'>,
  record: ConversationRecord,
  parent: TreeNode,
  window: readonly MessageEntry[],
  batch: readonly Message[],
  calls?: ReadonlyMap<string, number>,
): Promise<Written<MessageEntry>> {
  if (batch.length === 0) return { record, entries: [] };
  const storedCalls = calls ?? await lookUpCalls(transaction, record.id, idsToLookUp(batch));
  const issues = pairingIssues({ window, batch, lastSeq: parent.seq, storedCalls });
  if (issues.length > 0) throw pairingError(issues);

  const timestamp = context.now().toISOString();
  const entries: MessageEntry[] = [];
  let parentId = parent.id;
  for (const [index, message] of batch.entries()) {
    const id = context.generateId();
    entries.push({ type: 'message', id, conversationId: record.id, seq: record.lastSeq + 1 + index, timestamp, parentId, message });
    parentId = id;
  }
  const placed = placeEntries(record, parent, entries, (entry, previous) => nextWindowStart(previous.window, [entry as MessageEntry]));
  const next: ConversationRecord = { ...placed.record, updatedAt: timestamp };
  const entryStore = transaction.objectStore('entries');
  const callStore = transaction.objectStore('toolCalls');
  await awaitRequests((track) => {
    for (const stored of placed.records) track(entryStore.add(stored));
    for (const entry of entries) {
      for (const toolCallId of toolCallIds(entry.message)) track(callStore.add({ conversationId: record.id, toolCallId, seq: entry.seq }));
    }
    trackAttachmentRefs(transaction, entries, track);
    track(transaction.objectStore('conversations').put(context.indexer.mark(next, transaction)));
  });
  context.indexer.handOff(transaction, next, entries);
  return { record: next, entries };
}

/**
 * The stored calls among `ids` (→ the seq of the message that made each): what the pairing check
 * needs of the call-id index. A rejection is held for the caller, never left unhandled.
 * @internal
 */
export async function lookUpCalls(
  transaction: Transaction<'readwrite'>, conversationId: string, ids: readonly string[],
): Promise<Map<string, number>> {
  const store = transaction.objectStore('toolCalls');
  const reads = ids.map((id) => store.get([conversationId, id]));
  for (const read of reads) read.catch(() => undefined);
  const found = await Promise.all(reads);
  const calls = new Map<string, number>();
  for (const record of found) if (record !== undefined) calls.set(record.toolCallId, record.seq);
  return calls;
}

function pairingError(issues: ConvologError['issues'] & object): ConvologError {
  const first = issues[0]!;
  return new ConvologError({
    code: 'pairing',
    issues,
    message: `The append would break the tool-call pairing: ${describeIssue(first)}` +
      (issues.length > 1 ? ` (and ${issues.length - 1} more issue(s))` : '') +
      '. Nothing was written. A tool result must answer a pending call of the last assistant message on its branch, call ids must be unique ' +
      'in the conversation, and a new user or assistant message cannot follow unanswered calls (also when it forks there): call settle() first.',
  });
}
