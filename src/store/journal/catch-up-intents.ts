import { toConversation } from '../conversations/to-conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { parseJournalFile, SEGMENT_PREFIX } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import type { JournalWriter } from './journal-writer.js';

/**
 * How far back from the newest journal file intents are looked for: the entries' catch-up margin
 * (60 s, catch-up-journal.ts) and one more, for a live file started up to a minute before the
 * next one (worker-journal-sink.ts starts a new one after 60 s).
 */
const INTENT_MS = 120_000;

/**
 * Journals what the last session announced an intent for (see `JournalIntent`) in the journal's
 * newest segments (named within {@link INTENT_MS} of `newest`): a kill may have cut off the
 * write's own record after its commit, and such a write leaves no recent entry for the entries'
 * catch-up to find. A conversation IndexedDB has is journaled whole, as it is now (its entries may
 * carry a sync source's times), one it lacks as deleted. Replay is idempotent, so an intent whose
 * record did reach the journal costs one more record. Returns whether an intent named the whole
 * store (an import, a `clear`): the caller then rolls the journal into a snapshot, which holds
 * the store as it is and replaces every record before it; and the newest app-clock time read. Loaded on demand by `catchUpJournal`;
 * files that cannot be read are skipped (another tab's live file).
 * @internal
 */
export async function catchUpIntents(
  context: StoreContext, storage: JournalStorage, names: readonly string[], newest: number, writer: JournalWriter,
): Promise<CaughtUpIntents> {
  const ids = new Set<string>();
  let wholeStore = false;
  let lastNow: string | undefined;
  const ignored: JournalIssue[] = [];
  for (const name of names) {
    if (!name.startsWith(SEGMENT_PREFIX) || Number(name.slice(SEGMENT_PREFIX.length, SEGMENT_PREFIX.length + 15)) < newest - INTENT_MS) continue;
    const text = await storage.read(name).catch(() => undefined);
    const file = text === undefined ? undefined : parseJournalFile(name, text, context.name, ignored);
    for (const { change, now } of file?.records ?? []) {
      if (now !== undefined && (lastNow === undefined || now > lastNow)) lastNow = now;
      if (change.type !== 'intent') continue;
      if (change.scope === 'store') wholeStore = true;
      else ids.add(change.conversationId);
    }
  }
  const caughtUp: CaughtUpIntents = { wholeStore, ...(lastNow === undefined ? {} : { lastNow }) };
  // The snapshot the caller takes holds every conversation whole.
  if (wholeStore || ids.size === 0) return caughtUp;
  const found = await runTransaction(context, ['conversations'], 'readonly', 'Catching up the journal',
    (transaction) => Promise.all([...ids].map((id) => transaction.objectStore('conversations').get(id))));
  [...ids].forEach((conversationId, index) => {
    const record = found[index];
    if (record === undefined) writer.record({ type: 'conversation_deleted', conversationId });
    else writer.recordWhole({ type: 'conversation_updated', conversationId, conversation: toConversation(record) });
  });
  return caughtUp;
}

/** What {@link catchUpIntents} found besides the intents it caught up. @internal */
export interface CaughtUpIntents {
  /** An intent named the whole store (an import, a `clear`): the caller rolls a snapshot. */
  wholeStore: boolean;
  /** The newest record's time by the app's own clock, where the app has one (`JournalRecord.now`). */
  lastNow?: string;
}
