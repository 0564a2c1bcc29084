import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';

// Written against the stored shapes of 0.1 (schema version 1) and frozen with this migration:
// it must not follow later changes of the entry or record types.
interface StoredMessage { role?: unknown; content?: unknown }
interface StoredEntry {
  type?: unknown; id?: unknown; conversationId?: unknown; seq?: unknown; message?: StoredMessage; firstKeptId?: unknown;
  parentId?: unknown; tree?: unknown;
}
interface ConversationState { firstSeq: number; lastId: string | null; keptFrom: number; window: number; userSeqs: Map<string, number> }

/**
 * Schema version 2 (DESIGN §10): the log becomes a tree. A 0.1 log is linear, so each entry's
 * parent is the entry before it, the head is the last entry, and the whole log is one line.
 * Every entry also gets the store's branch bookkeeping (its line, where the kept tail of the last
 * compaction before it starts, where the trailing tool window before it starts), computed in one
 * pass in key order (conversation, then seq). Runs inside the upgrade transaction: any failure
 * aborts the upgrade and leaves the version 1 data as it was.
 * @internal
 */
export function migrateToBranches(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
): void {
  const raw = unwrap(transaction) as unknown as IDBTransaction;
  const entries = raw.objectStore('entries');
  entries.createIndex('byLine', ['conversationId', 'tree.line', 'seq']);
  const states = new Map<string, ConversationState>();
  const request = entries.openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (cursor === null) {
      updateConversations(raw.objectStore('conversations'), states);
      return;
    }
    const entry = cursor.value as StoredEntry;
    if (typeof entry === 'object' && entry !== null && typeof entry.conversationId === 'string' && typeof entry.seq === 'number') {
      cursor.update(withBranchFields(entry, stateOf(states, entry.conversationId, entry.seq)));
    }
    cursor.continue();
  };
}

function stateOf(states: Map<string, ConversationState>, conversationId: string, seq: number): ConversationState {
  let state = states.get(conversationId);
  if (state === undefined) {
    state = { firstSeq: seq, lastId: null, keptFrom: 1, window: 0, userSeqs: new Map() };
    states.set(conversationId, state);
  }
  return state;
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

function updateConversations(conversations: IDBObjectStore, states: ReadonlyMap<string, ConversationState>): void {
  const request = conversations.openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (cursor === null) return;
    const record = cursor.value as { id: string; lastSeq: number };
    const state = states.get(record.id);
    const lines = state === undefined || record.lastSeq === 0 ? [] : [{ start: state.firstSeq, forkFrom: 0, parentLine: 0, tip: record.lastSeq }];
    cursor.update({ ...record, headId: state?.lastId ?? null, headSeq: state === undefined ? 0 : record.lastSeq, lines });
    cursor.continue();
  };
}
