import type { Entry } from '../../core/entry.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { Conversation } from '../types/conversation.js';
import { exportConversation } from '../transfer/export-conversation.js';
import { JOURNAL_FORMAT, JOURNAL_VERSION, journalText, SEGMENT_PREFIX, SNAPSHOT_PREFIX, snapshotRecord, type JournalHeader } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import { liveFiles } from './live-files.js';
import { pruneAttachmentFiles } from './prune-attachment-files.js';

/**
 * Rolls the journal into a snapshot (DESIGN §21), so it stays a small multiple of the database:
 * lists the segments, then reads every conversation from IndexedDB (each segment listed holds
 * writes committed before the listing, so the reads that follow see them), writes the snapshot
 * naming the segments it holds, and only then removes them and older snapshots. A crash at any
 * point leaves a journal that restores the same content; a segment written meanwhile is not
 * listed and stays, to be replayed on top (replay is idempotent), and so does a file another tab's
 * journal worker still appends to (live-files.ts). Returns the snapshot's size.
 * @internal
 */
export async function rollJournal(context: StoreContext, storage: JournalStorage, generation: number): Promise<number> {
  const before = await storage.list();
  // After the listing: a file listed but no longer live was sealed, every append to it done.
  const live = await liveFiles(context.name);
  const segments = before.filter((name) => name.startsWith(SEGMENT_PREFIX) && !live.has(name)).sort();
  const snapshots = before.filter((name) => name.startsWith(SNAPSHOT_PREFIX));
  const at = new Date().toISOString();
  const header: JournalHeader = { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, database: context.name, generation, includes: segments, at };
  const snapshot = new SnapshotParts(journalText(header, []));
  for await (const { conversation, entries } of everyConversation(context)) snapshot.add(`${JSON.stringify(snapshotRecord(at, conversation, entries))}\n`);
  const name = `${SNAPSHOT_PREFIX}${String(Date.now()).padStart(15, '0')}-${Math.random().toString(36).slice(2, 10)}.jsonl`;
  await storage.write(name, snapshot.blob());
  // Older snapshots first: a crash in between leaves segments the new snapshot names, which it skips.
  for (const old of [...snapshots, ...segments]) await storage.remove(old);
  // A live attachment file is being written beside its put's commit: not one of deleted bytes.
  await pruneAttachmentFiles(context, storage, before.filter((name) => !live.has(name)));
  return snapshot.length;
}

/** Text gathered into Blob parts of about this many characters. */
const PART_LENGTH = 1 << 20;

/**
 * A snapshot's text as Blob parts of about 1 MiB: a Blob's bytes live outside the JS heap (in
 * Chromium's blob storage), so a roll holds one part's lines at a time. Before, every line and
 * then their join were in memory at once: twice the store's JSON, during every roll, which a
 * 5,000-conversation restore started again and again (DESIGN §21).
 */
class SnapshotParts {
  /** The characters added, the figure the roller compares segments with. */
  length = 0;
  readonly #parts: Blob[] = [];
  #pending: string[] = [];
  #pendingLength = 0;

  constructor(header: string) {
    this.add(header);
  }

  add(text: string): void {
    this.#pending.push(text);
    this.#pendingLength += text.length;
    this.length += text.length;
    if (this.#pendingLength >= PART_LENGTH) this.#flush();
  }

  blob(): Blob {
    this.#flush();
    return new Blob(this.#parts, { type: 'application/jsonl' });
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#parts.push(new Blob(this.#pending));
    this.#pending = [];
    this.#pendingLength = 0;
  }
}

/**
 * Every conversation with its log, one export each. The ids are read at once, not paged by
 * activity: a conversation written during the roll would move between pages and be missed.
 */
async function* everyConversation(context: StoreContext): AsyncGenerator<{ conversation: Conversation; entries: Entry[] }> {
  const ids = await runTransaction(context, ['conversations'], 'readonly', 'Reading the conversations for the journal',
    (transaction) => transaction.objectStore('conversations').getAllKeys());
  for (const id of ids) {
    let exported;
    try {
      exported = await exportConversation(context, id);
    } catch (error) {
      // Deleted since the ids were read: its deletion is in a segment this snapshot does not hold.
      if ((error as { code?: unknown }).code === 'not_found') continue;
      throw error;
    }
    const { headId, ...rest } = exported.conversation;
    yield { conversation: { ...rest, headId, lastSeq: exported.entries.length }, entries: exported.entries };
  }
}
