import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';

// Written against the stored shapes of 0.1 (schema version 1) and frozen with this migration:
// it must not follow later changes of the entry or record types.
interface StoredMessage { role?: unknown; content?: unknown }
interface StoredEntry {
  type?: unknown; id?: unknown; conversationId?: unknown; seq?: unknown; message?: StoredMessage; firstKeptId?: unknown;
  parentId?: unknown; tree?: unknown;
}
interface ConversationState { firstSeq: number; lastId: string | null; keptFrom: number; window: number; userSeqs: Map<string, number> }

/** Entries read per request: the rest of the pass is writes, which queue without waiting. */
const CHUNK = 1_000;

/**
 * Schema version 2 (DESIGN §10): the log becomes a tree. A 0.1 log is linear, so each entry's
 * parent is the entry before it, the head is the last entry, and the whole log is one line.
 * Every entry also gets the store's branch bookkeeping (its line, where the kept tail of the last
 * compaction before it starts, where the trailing tool window before it starts), computed in one
 * pass per conversation in seq order, read in chunks of {@link CHUNK} entries (one request each;
 * the writes queue behind it). Runs inside the upgrade transaction: any failure aborts the
 * upgrade and leaves the version 1 data as it was. Calls `done` (when given) once the last
 * conversation is written, so a later migration sees the migrated entries.
 * @internal
 */
export function migrateToBranches(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  keyRange: typeof IDBKeyRange = IDBKeyRange, done?: () => void,
): void {
  const raw = unwrap(transaction) as unknown as IDBTransaction;
  const entries = raw.objectStore('entries');
  const conversations = raw.objectStore('conversations');
  entries.createIndex('byLine', ['conversationId', 'tree.line', 'seq']);
  const listing = conversations.getAll();
  listing.onsuccess = () => {
    const records = listing.result as { id: string; lastSeq: number }[];
    const next = (index: number): void => {
      const record = records[index];
      if (record === undefined) return done?.();
      migrateConversation(entries, keyRange, record.id, 0, undefined, (state) => {
        conversations.put(withHead(record, state));
        next(index + 1);
      });
    };
    next(0);
  };
}

/** Migrates the entries of one conversation after `afterSeq`, a chunk at a time, then calls `done`. */
function migrateConversation(
  entries: IDBObjectStore, keyRange: typeof IDBKeyRange, conversationId: string, afterSeq: number,
  state: ConversationState | undefined, done: (state: ConversationState | undefined) => void,
): void {
  const request = entries.getAll(keyRange.bound([conversationId, afterSeq], [conversationId, Number.POSITIVE_INFINITY], true, false), CHUNK);
  request.onsuccess = () => {
    const chunk = request.result as StoredEntry[];
    let current = state;
    let lastSeq = afterSeq;
    for (const entry of chunk) {
      if (typeof entry !== 'object' || entry === null || typeof entry.seq !== 'number') continue;
      current ??= { firstSeq: entry.seq, lastId: null, keptFrom: 1, window: 0, userSeqs: new Map() };
      entries.put(withBranchFields(entry, current));
      lastSeq = entry.seq;
    }
    if (chunk.length < CHUNK) done(current);
    else migrateConversation(entries, keyRange, conversationId, lastSeq, current, done);
  };
}

function withBranchFields(entry: StoredEntry, state: ConversationState): StoredEntry {
  const seq = entry.seq as number;
  if (entry.type === 'compaction') {
    // 0.1 refused a firstKeptId that named no user message; should one be missing, the context keeps what follows the compaction.
    state.keptFrom = typeof entry.firstKeptId === 'string' ? state.userSeqs.get(entry.firstKeptId) ?? seq : seq;
  } else {
    const message = entry.message ?? {};
    if (message.role === 'user' && typeof entry.id === 'string') state.userSeqs.set(entry.id, seq);
    if (message.role !== 'tool') state.window = hasClientToolCall(message) ? seq : 0;
  }
  const migrated = { ...entry, parentId: state.lastId, tree: { line: state.firstSeq, keptFrom: state.keptFrom, window: state.window } };
  state.lastId = typeof entry.id === 'string' ? entry.id : null;
  return migrated;
}

function hasClientToolCall(message: StoredMessage): boolean {
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return false;
  return message.content.some((block: { type?: unknown } | null) => typeof block === 'object' && block !== null && block.type === 'tool_call');
}

/** The conversation record with its head on the last entry and its one line. */
function withHead(record: { id: string; lastSeq: number }, state: ConversationState | undefined): object {
  const lines = state === undefined || record.lastSeq === 0 ? [] : [{ start: state.firstSeq, forkFrom: 0, parentLine: 0, tip: record.lastSeq }];
  return { ...record, headId: state?.lastId ?? null, headSeq: state === undefined ? 0 : record.lastSeq, lines };
}
