import type { Entry } from '../../core/entry.js';
import { searchableText } from '../../core/search-text.js';
import type { StoreChange } from '../types/store-change.js';
import { KeptTexts } from './kept-texts.js';
import type { ConversationRecord } from './schema.js';
import { entryTime } from './search-keys.js';

/** What the indexer needs of one entry this tab wrote: its id (the write's check), its time and its searchable text. @internal */
export interface HandedText { id: string; time: number; text: string }

/**
 * The most kept, in UTF-16 code units of searchable text plus {@link ENTRY_UNITS} an entry: about
 * 8 M, at most 16 MiB of strings. The bench's 20,000 messages of ~860 characters are 18 M: an
 * import that large hands over its first ~9,000 and the indexer reads the rest back.
 * @internal
 */
export const MAX_HANDED_UNITS = 1 << 23;

/** What one kept entry is counted beside its text: its map slot, object and numbers. */
const ENTRY_UNITS = 48;

/**
 * The searchable texts of the entries this tab committed and the packed index does not hold yet,
 * handed from the writes to this tab's indexer so that a batch of them needs no read-back (DESIGN
 * §17.14): reading back 20,000 entries an import had just written was ~1.1 s of the 4.5 s of
 * indexing after it. Kept as {@link KeptTexts} are (by conversation, incarnation and seq), so a
 * batch takes a kept text only for the incarnation it read in its own transaction; only what
 * committed ({@link SearchIndexer.handOff}); past {@link MAX_HANDED_UNITS} nothing more.
 * @internal
 */
export class HandedTexts extends KeptTexts<HandedText> {
  constructor() {
    super(MAX_HANDED_UNITS, (text) => text.text.length + ENTRY_UNITS);
  }

  /** Keeps the texts of `entries`, committed into `record` (the record as that write stored it), until one is past the bound. */
  keepEntries(record: ConversationRecord, entries: readonly Entry[]): void {
    for (const entry of entries) {
      if (!this.keep(record, entry.seq, { id: entry.id, time: entryTime(entry), text: searchableText(entry) })) return;
    }
  }

  /** The texts of `record`'s entries `from`..`to` (as read in a transaction), when every one is kept for its incarnation. */
  take(record: ConversationRecord, from: number, to: number): HandedText[] | undefined {
    const texts: HandedText[] = [];
    for (let seq = from; seq <= to; seq++) {
      const text = this.get(record, seq);
      if (text === undefined) return undefined;
      texts.push(text);
    }
    return texts;
  }

  /** Forgets a conversation deleted (here or in another tab), everything on a clear or when the store closes. */
  changed(change: StoreChange): void {
    if (change.type === 'conversation_deleted') this.forget(change.conversationId);
    if (change.type === 'cleared' || change.type === 'closed') this.clear();
  }
}
