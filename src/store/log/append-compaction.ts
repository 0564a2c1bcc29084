import { ConvologError } from '../../core/error.js';
import type { CompactionEntry } from '../../core/entry.js';
import { awaitRequests } from '../database/await-requests.js';
import { checkExpectedSeq } from './check-expected-seq.js';
import type { CompactionInput, WriteOptions } from '../types/options.js';
import { publishAppended } from './publish-appended.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { checkEntryId, nodeFrom, prefetchEntry } from './find-entry.js';
import { LineTable } from './line-table.js';
import { placeEntries } from './place-entries.js';
import type { TreeNode } from './tree-node.js';

/**
 * `store.appendCompaction`: from now on the context of the branch is the summary followed by the
 * messages from `firstKeptId` on. The compaction goes under the head (or `parentId`); the kept
 * entry must be a user message on that branch (`not_found`, `invalid_cut`). Moves the head to the
 * compaction; each entry remembers where its branch's kept tail starts, so context stays O(kept tail).
 * @internal
 */
export async function appendCompaction(
  context: StoreContext, id: string, compaction: CompactionInput, options: WriteOptions = {},
): Promise<CompactionEntry> {
  checkInput(compaction);
  checkEntryId(options.parentId, 'appendCompaction: parentId', true);
  const written = await runTransaction(context, ['conversations', 'entries', 'searchBehind'], 'readwrite', 'Appending a compaction', async (transaction) => {
    const parentRead = prefetchEntry(transaction, options.parentId);
    const keptRead = prefetchEntry(transaction, compaction.firstKeptId);
    const record = await readRecord(transaction, id);
    checkExpectedSeq(record, options.expectedLastSeq);
    const parent = await nodeFrom(record, options.parentId, parentRead, 'parentId');
    const kept = await readKeptEntry(record, parent, compaction.firstKeptId, keptRead!);
    const timestamp = context.now().toISOString();
    const entry: CompactionEntry = {
      type: 'compaction', id: context.generateId(), conversationId: id, seq: record.lastSeq + 1, timestamp, parentId: parent.id,
      summary: compaction.summary, firstKeptId: compaction.firstKeptId,
    };
    if (compaction.tokensBefore !== undefined) entry.tokensBefore = compaction.tokensBefore;
    const placed = placeEntries(record, parent, [entry], (_, previous) => previous.window, () => kept.seq);
    const next: ConversationRecord = { ...placed.record, updatedAt: timestamp, lastCompactionSeq: entry.seq };
    await awaitRequests((track) => {
      track(transaction.objectStore('entries').add(placed.records[0]!));
      track(transaction.objectStore('conversations').put(context.indexer.mark(next, transaction)));
    });
    context.indexer.handOff(transaction, next, [entry]);
    return { record: next, entries: [entry] };
  });
  publishAppended(context, written);
  return written.entries[0]!;
}

async function readKeptEntry(
  record: ConversationRecord, parent: TreeNode, firstKeptId: string, keptRead: Promise<EntryRecord | undefined>,
): Promise<EntryRecord> {
  const found = await keptRead;
  if (found === undefined || found.conversationId !== record.id || found.tree === undefined) {
    throw new ConvologError({
      code: 'not_found',
      message: `No entry with id "${firstKeptId}" in conversation "${record.id}": firstKeptId must name a user message entry of this conversation.`,
      details: { conversationId: record.id, firstKeptId },
    });
  }
  const kept = found;
  if (kept.type !== 'message' || kept.message.role !== 'user') {
    throw new ConvologError({
      code: 'invalid_cut',
      message: `Entry "${firstKeptId}" (seq ${kept.seq}) is not a user message: a compaction keeps the log from a user message, ` +
        'the only boundary that never splits a tool window. Use planCut over keptTail to choose one.',
      details: { conversationId: record.id, firstKeptId, seq: kept.seq },
    });
  }
  if (parent.seq === 0 || !new LineTable(record.lines).isOnPath({ seq: kept.seq, line: kept.tree.line }, parent)) {
    throw new ConvologError({
      code: 'invalid_cut',
      message: `Entry "${firstKeptId}" (seq ${kept.seq}) is not on the branch the compaction goes on (it is another version): ` +
        'a compaction keeps messages of its own branch. Plan the cut over contextEntries(id, { leafId }) of that branch.',
      details: { conversationId: record.id, firstKeptId, seq: kept.seq },
    });
  }
  return kept;
}

function checkInput(compaction: CompactionInput): void {
  const valid = typeof compaction === 'object' && compaction !== null && typeof compaction.summary === 'string' &&
    typeof compaction.firstKeptId === 'string' && compaction.firstKeptId !== '' &&
    (compaction.tokensBefore === undefined || (typeof compaction.tokensBefore === 'number' && compaction.tokensBefore >= 0));
  if (valid) return;
  throw new ConvologError({
    code: 'invalid_message',
    message: 'A compaction needs `summary` (a string), `firstKeptId` (the id of a user message entry) and optionally `tokensBefore` (a number ≥ 0).',
  });
}
