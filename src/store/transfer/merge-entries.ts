import type { Entry, MessageEntry } from '../../core/entry.js';
import { trackAttachmentRefs } from '../attachments/attachment-refs.js';
import { describeIssue } from '../../core/describe-issue.js';
import type { Warning } from '../../core/warning.js';
import { toConversation } from '../conversations/to-conversation.js';
import { checkAppData } from '../conversations/check-app-data.js';
import { checkConversationId } from '../conversations/check-conversation-id.js';
import { checkTitle } from '../conversations/check-title.js';
import { awaitRequests } from '../database/await-requests.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import { ALL_STORES, type ConversationRecord, type EntryRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { notFound } from '../database/read-record.js';
import { LineTable } from '../log/line-table.js';
import { nextWindowStart } from '../log/next-window-start.js';
import { idsToLookUp, pairingIssues } from '../log/pairing-check.js';
import { placeEntries } from '../log/place-entries.js';
import { readWindow } from '../log/read-window.js';
import { toolCallIds } from '../log/tool-call-ids.js';
import { headNode, nodeOfRecord, ROOT_NODE, type TreeNode } from '../log/tree-node.js';
import type { MergeEntriesOptions, MergeEntriesResult, MergedConversation } from '../types/options.js';
import { carriedShield } from './carried-shield.js';
import { checkMergedEntry, retainMergedContent } from './check-merged-entry.js';
import { attachmentSourcesOf, claimMergedAttachments, fetchMissingAttachments, readStoredAttachments } from './merged-attachments.js';

/**
 * `store.mergeEntries` (DESIGN §13): writes entries that were written elsewhere (another device)
 * into a conversation, keeping their ids, parents and timestamps; each gets the next local seq on
 * arrival, parents first. An entry whose parent is in neither the store nor the batch waits
 * (`waiting`); one that fails the checks of an untrusted import (schema, a compaction's cut, the
 * pairing invariant of its branch, unique call ids) is skipped with a `skipped_entry` warning, and
 * so are its descendants in the batch. An entry already in the conversation is skipped silently,
 * so merging twice writes nothing twice. The head moves only by a fast-forward: when it gained
 * children, to the newest leaf below it (from an empty log: the newest leaf). An untrusted merge
 * keeps an attachment reference only when the bytes are stored here (read in its transaction) or
 * promised by `fetchAttachments`, which may also put the missing ones first. One transaction: on failure nothing is written.
 * @internal
 */
export async function mergeEntries(
  context: StoreContext, conversationId: string, entries: readonly unknown[], options: MergeEntriesOptions = {},
): Promise<MergeEntriesResult> {
  if (!Array.isArray(entries)) throw new TypeError('mergeEntries: `entries` must be an array');
  const warnings: Warning[] = [];
  const parsed = new Map<string, Entry>();
  for (const input of entries) {
    const checked = checkMergedEntry(conversationId, input);
    if ('reason' in checked) warnings.push(skipped(checked.id, checked.reason));
    else parsed.set(checked.entry.id, checked.entry);
  }
  const promised = options.fetchAttachments === undefined ? new Set<string>() : await fetchMissingAttachments(context, [...parsed.values()], options.fetchAttachments);
  const created = options.conversation === undefined ? undefined : newRecord(conversationId, options.conversation, context.indexer.incarnation());
  const outcome = await runTransaction(context, ALL_STORES, 'readwrite', 'Merging entries', async (transaction) => {
    const existing = await transaction.objectStore('conversations').get(conversationId);
    const record = existing ?? created;
    if (record === undefined) throw notFound(conversationId);
    const merge = new Merge(context, transaction, record, warnings);
    const fresh = await merge.withoutKnown(parsed);
    // Read in this transaction, so what decides keeping a reference is what the write sees: another
    // tab removing the bytes comes either before (the reference is dropped) or after (it sees the new reference).
    const stored = await readStoredAttachments(transaction, attachmentSourcesOf(fresh.values()).keys());
    await merge.run(options.trusted === true ? fresh : retainContent(fresh, new Set([...stored.keys(), ...promised]), warnings));
    await claimMergedAttachments(transaction, merge.added, stored);
    const next = merge.finish();
    if (existing === undefined || merge.added.length > 0) await transaction.objectStore('conversations').put(context.indexer.mark(next, transaction));
    context.indexer.handOff(transaction, next, merge.added);
    // Read in this transaction: another writer's append before it has a seq at or under it, one after it a seq above `next.lastSeq`.
    return { record: next, added: merge.added, waiting: merge.waiting, created: existing === undefined, previousLastSeq: record.lastSeq };
  });
  const conversation = toConversation(outcome.record);
  if (outcome.created) context.changes.publish({ type: 'conversation_created', conversationId, conversation });
  else if (outcome.added.length > 0) context.changes.publish({ type: 'entries_appended', conversationId, conversation, entries: outcome.added });
  return { conversation, added: outcome.added, waiting: outcome.waiting, warnings, created: outcome.created, previousLastSeq: outcome.previousLastSeq };
}

function newRecord(id: string, fields: MergedConversation, incarnation: string): ConversationRecord {
  const record: ConversationRecord = {
    id: checkConversationId(id), title: checkTitle(fields.title), createdAt: fields.createdAt, updatedAt: fields.createdAt,
    lastSeq: 0, headId: null, headSeq: 0, keptFromSeq: 1, lastCompactionSeq: 0, windowStartSeq: 0, lines: [],
    incarnation,
  };
  if (fields.appData !== undefined) record.appData = checkAppData(fields.appData);
  return record;
}

/**
 * The untrusted merge's trust boundary: `retainPortableContent` for each entry, keeping the
 * references to attachments `getAttachment` can give: stored here, or promised by the caller's
 * `fetchAttachments` (lazy sync: the server holds them).
 */
function retainContent(entries: ReadonlyMap<string, Entry>, available: ReadonlySet<string>, warnings: Warning[]): Map<string, Entry> {
  const shield = carriedShield(available);
  const kept = new Map<string, Entry>();
  for (const [id, entry] of entries) {
    const retained = retainMergedContent(entry, shield);
    warnings.push(...retained.warnings);
    kept.set(id, retained.entry);
  }
  return kept;
}

function skipped(id: string | undefined, reason: string): Warning {
  return { code: 'skipped_entry', message: `Skipped the entry ${id === undefined ? '(no id)' : `"${id}"`} from elsewhere: ${reason}.` };
}

/** One merge inside its transaction: places entries parents-first, writing each at once so the next one's checks see it. */
class Merge {
  readonly added: Entry[] = [];
  readonly waiting: string[] = [];
  /** The head before the merge (placing entries moves the record's head; a merge moves it only by a fast-forward). */
  private readonly originalHead: TreeNode;
  private readonly nodes = new Map<string, TreeNode>();

  constructor(
    private readonly context: StoreContext,
    private readonly transaction: Transaction<'readwrite'>,
    private record: ConversationRecord,
    private readonly warnings: Warning[],
  ) {
    this.originalHead = headNode(record);
  }

  /** The candidates not in the store yet (an id taken by another conversation is a collision, with a warning). */
  async withoutKnown(candidates: ReadonlyMap<string, Entry>): Promise<Map<string, Entry>> {
    const byId = this.transaction.objectStore('entries').index('byId');
    const ids = [...candidates.keys()];
    const stored = await Promise.all(ids.map((id) => byId.get(id)));
    const fresh = new Map<string, Entry>();
    ids.forEach((id, index) => {
      const found = stored[index];
      if (found === undefined) fresh.set(id, candidates.get(id)!);
      // Already here: merged before (or written here). An id taken by another conversation is a collision.
      else if (found.conversationId !== this.record.id) this.warnings.push(skipped(id, 'its id belongs to an entry of another conversation here'));
    });
    return fresh;
  }

  async run(candidates: ReadonlyMap<string, Entry>): Promise<void> {
    const children = new Map<string | null, Entry[]>();
    for (const entry of candidates.values()) {
      const siblings = children.get(entry.parentId);
      if (siblings === undefined) children.set(entry.parentId, [entry]);
      else siblings.push(entry);
    }
    // Roots of the batch: entries whose parent is not in the batch (the root, a stored entry, or missing).
    const ready = [...candidates.values()].filter((entry) => entry.parentId === null || !candidates.has(entry.parentId));
    ready.sort(byTime);
    const refused = new Set<string>();
    while (ready.length > 0) {
      const entry = ready.shift()!;
      const parent = await this.parentNode(entry);
      if (parent === 'missing') {
        this.waitWithDescendants(entry, children);
        continue;
      }
      const reason = parent === 'foreign' ? 'its parent belongs to another conversation' : await this.place(entry, parent);
      if (reason !== undefined) {
        this.warnings.push(skipped(entry.id, reason));
        this.refuseDescendants(entry, children, refused);
        continue;
      }
      const next = (children.get(entry.id) ?? []).slice().sort(byTime);
      for (const child of next) ready.push(child);
      ready.sort(byTime);
    }
  }

  /** The conversation record with the head fast-forwarded (or left where it was) and `updatedAt` moved to the newest arrival. */
  finish(): ConversationRecord {
    if (this.added.length === 0) return this.record;
    const table = new LineTable(this.record.lines);
    const head = this.originalHead;
    let target: number | undefined;
    // A reduce, not Math.max(...): spreading one argument per line throws RangeError past ~120,000 leaves.
    if (head.id === null) target = table.lines.reduce((newest, line) => Math.max(newest, line.tip), -Infinity);
    else if (this.added.some((entry) => entry.parentId === head.id)) target = table.newestTipBelow(head);
    const node = target === undefined ? undefined : [...this.nodes.values()].find((candidate) => candidate.seq === target);
    const headFields = node === undefined
      ? { headId: head.id, headSeq: head.seq, keptFromSeq: head.keptFrom, windowStartSeq: head.window }
      : { headId: node.id, headSeq: node.seq, keptFromSeq: node.keptFrom, windowStartSeq: node.window };
    const newest = this.added.reduce((latest, entry) => (entry.timestamp > latest ? entry.timestamp : latest), this.record.updatedAt);
    return { ...this.record, ...headFields, updatedAt: newest };
  }

  private async parentNode(entry: Entry): Promise<TreeNode | 'missing' | 'foreign'> {
    if (entry.parentId === null) return ROOT_NODE;
    const placed = this.nodes.get(entry.parentId);
    if (placed !== undefined) return placed;
    const stored = await this.transaction.objectStore('entries').index('byId').get(entry.parentId);
    if (stored === undefined) return 'missing';
    if (stored.conversationId !== this.record.id) return 'foreign';
    const node = nodeOfRecord(stored);
    this.nodes.set(stored.id, node);
    return node;
  }

  /** Checks and writes one entry under `parent`; a reason when it is refused. */
  private async place(entry: Entry, parent: TreeNode): Promise<string | undefined> {
    const seq = this.record.lastSeq + 1;
    const positioned = { ...entry, conversationId: this.record.id, seq } as Entry;
    let keptFrom: number | undefined;
    if (positioned.type === 'message') {
      const reason = await this.pairingProblem(positioned, parent);
      if (reason !== undefined) return reason;
    } else {
      const cut = await this.cutSeq(positioned.firstKeptId, parent);
      if (cut === undefined) return `its firstKeptId "${positioned.firstKeptId}" is not a user message on its branch`;
      keptFrom = cut;
    }
    const placed = placeEntries(this.record, parent, [positioned],
      (written, previous) => (written.type === 'message' ? nextWindowStart(previous.window, [written as MessageEntry]) : previous.window),
      keptFrom === undefined ? undefined : () => keptFrom!);
    const stored = placed.records[0]!;
    this.record = { ...placed.record, lastCompactionSeq: positioned.type === 'compaction' ? seq : this.record.lastCompactionSeq };
    await this.write(stored);
    this.nodes.set(entry.id, nodeOfRecord(stored));
    this.added.push(positioned);
    return undefined;
  }

  private async write(stored: EntryRecord): Promise<void> {
    const entryStore = this.transaction.objectStore('entries');
    const callStore = this.transaction.objectStore('toolCalls');
    await awaitRequests((track) => {
      track(entryStore.add(stored));
      trackAttachmentRefs(this.transaction, [stored], track);
      if (stored.type !== 'message') return;
      for (const toolCallId of toolCallIds(stored.message)) track(callStore.add({ conversationId: this.record.id, toolCallId, seq: stored.seq }));
    });
  }

  private async pairingProblem(entry: MessageEntry, parent: TreeNode): Promise<string | undefined> {
    const window = await readWindow(this.context, this.transaction, this.record, parent);
    const callStore = this.transaction.objectStore('toolCalls');
    const ids = idsToLookUp([entry.message]);
    const found = await Promise.all(ids.map((id) => callStore.get([this.record.id, id])));
    const storedCalls = new Map<string, number>();
    for (const call of found) if (call !== undefined) storedCalls.set(call.toolCallId, call.seq);
    const issues = pairingIssues({ window, batch: [entry.message], lastSeq: parent.seq, storedCalls });
    return issues.length === 0 ? undefined : `it would break the tool-call pairing of its branch (${describeIssue(issues[0]!)})`;
  }

  /** The seq of `firstKeptId` when it is a user message on the branch ending at `parent`. */
  private async cutSeq(firstKeptId: string, parent: TreeNode): Promise<number | undefined> {
    const stored = await this.transaction.objectStore('entries').index('byId').get(firstKeptId);
    if (stored === undefined || stored.conversationId !== this.record.id) return undefined;
    if (stored.type !== 'message' || stored.message.role !== 'user') return undefined;
    const table = new LineTable(this.record.lines);
    return table.isOnPath({ seq: stored.seq, line: stored.tree.line }, parent) ? stored.seq : undefined;
  }

  private waitWithDescendants(entry: Entry, children: Map<string | null, Entry[]>): void {
    const stack = [entry];
    while (stack.length > 0) {
      const next = stack.pop()!;
      this.waiting.push(next.id);
      for (const child of children.get(next.id) ?? []) stack.push(child);
    }
  }

  private refuseDescendants(entry: Entry, children: Map<string | null, Entry[]>, refused: Set<string>): void {
    const stack = [...(children.get(entry.id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (refused.has(next.id)) continue;
      refused.add(next.id);
      this.warnings.push(skipped(next.id, `its parent "${next.parentId}" was skipped`));
      for (const child of children.get(next.id) ?? []) stack.push(child);
    }
  }
}

function byTime(left: Entry, right: Entry): number {
  if (left.timestamp !== right.timestamp) return left.timestamp < right.timestamp ? -1 : 1;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}
