import type { Entry } from '../../core/entry.js';
import { listConversations } from '../conversations/list-conversations.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { readEntryRange } from '../log/read-entry-range.js';
import { toConversation } from '../conversations/to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import { SEGMENT_PREFIX, SNAPSHOT_PREFIX } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import type { JournalWriter } from './journal-writer.js';

/** How far before the newest journal file a write may have committed without reaching the journal. */
const MARGIN_MS = 60_000;
const PAGE = 20;
const STEP = 64;

/**
 * Journals what the previous session committed to IndexedDB but was killed before journaling
 * (DESIGN §21): a tab dies between a commit and its segment's write, the write was never
 * acknowledged, but the next session builds on it, and without it a later restore would stop at
 * the gap. Such writes are the last of a session, so they are newer than the newest journal file
 * (less a margin): the conversations active since then have their recent entries journaled
 * again (replay is idempotent, by entry id). Renames, checkouts and deletions keep `updatedAt`
 * or leave nothing to read, and imports and sync pulls carry their source's times: they announce
 * an intent first, and the intents in the newest files have their conversations journaled whole,
 * or, for an import or a `clear`, `wholeStore` asks the caller for a snapshot (catch-up-intents.ts).
 * Costs the recently active conversations' recent entries, not the database.
 * @internal
 */
export async function catchUpJournal(context: StoreContext, storage: JournalStorage, writer: JournalWriter): Promise<{ wholeStore: boolean }> {
  const names = await storage.list();
  const newest = newestTime(names);
  if (newest === undefined) return { wholeStore: false };
  const intents = await (await import('./catch-up-intents.js')).catchUpIntents(context, storage, names, newest, writer);
  if (intents.wholeStore) return intents;
  // The app's times (`updatedAt`, entry timestamps) are compared with the app's clock where it has
  // its own (records carry it as `now`), with the wall clock of the files' names where it has not.
  const since = new Date((intents.lastNow === undefined ? newest : Date.parse(intents.lastNow)) - MARGIN_MS).toISOString();
  for (const active of await activeSince(context, since)) {
    const recent = await recentEntries(context, active.id, since);
    if (recent === undefined || recent.entries.length === 0) continue;
    const { conversation, entries } = recent;
    writer.record({ type: 'entries_appended', conversationId: conversation.id, conversation, entries });
  }
  await writer.flushed();
  return intents;
}

function newestTime(names: readonly string[]): number | undefined {
  let newest: number | undefined;
  for (const name of names) {
    const prefix = name.startsWith(SEGMENT_PREFIX) ? SEGMENT_PREFIX : name.startsWith(SNAPSHOT_PREFIX) ? SNAPSHOT_PREFIX : undefined;
    if (prefix === undefined) continue;
    const time = Number(name.slice(prefix.length, prefix.length + 15));
    if (Number.isFinite(time)) newest = Math.max(newest ?? time, time);
  }
  return newest;
}

async function activeSince(context: StoreContext, since: string): Promise<Conversation[]> {
  const active: Conversation[] = [];
  for (let startAfter: Conversation | undefined; ;) {
    const page = await listConversations(context, { limit: PAGE, ...(startAfter === undefined ? {} : { startAfter }) });
    for (const conversation of page) {
      if (conversation.updatedAt < since) return active;
      active.push(conversation);
    }
    if (page.length < PAGE) return active;
    startAfter = page[page.length - 1];
  }
}

/** The entries written since `since`, newest back (by seq) until an older one; every branch. */
async function recentEntries(context: StoreContext, id: string, since: string): Promise<{ conversation: Conversation; entries: Entry[] } | undefined> {
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Catching up the journal', async (transaction) => {
    let conversation: Conversation;
    try {
      conversation = toConversation(await readRecord(transaction, id));
    } catch {
      return undefined; // deleted meanwhile
    }
    const { lastSeq } = conversation;
    const recent: Entry[] = [];
    for (let to = lastSeq; to >= 1; to -= STEP) {
      const { entries } = await readEntryRange(transaction, context.keyRange, id, Math.max(1, to - STEP + 1), to);
      const newer = entries.filter((entry) => entry.timestamp >= since);
      recent.unshift(...newer);
      if (newer.length < entries.length) break;
    }
    return { conversation, entries: recent };
  });
}
