import type { Entry } from '../../core/entry.js';
import { searchableText } from '../../core/search-text.js';
import type { StoreChange } from '../types/store-change.js';
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

interface Kept { incarnation: string; texts: Map<number, HandedText> }

/**
 * The searchable texts of the entries this tab committed and the packed index does not hold yet,
 * handed from the writes to this tab's indexer so that a batch of them needs no read-back (DESIGN
 * §17.14): reading back 20,000 entries an import had just written was ~1.1 s of the 4.5 s of
 * indexing after it. Kept by conversation id, {@link ConversationRecord.incarnation} and seq, as
 * the search's {@link PendingTexts} are: while a record keeps its incarnation the entries at its
 * seqs are the ones written (appends only add seqs; a delete and a re-creation, in any tab, give
 * another incarnation or none), so a batch takes a kept text only for the incarnation it read in
 * its own transaction. Only what committed is kept ({@link SearchIndexer.handOff}); a record
 * without an incarnation never is; past {@link MAX_HANDED_UNITS} nothing more is.
 * @internal
 */
export class HandedTexts {
  readonly #kept = new Map<string, Kept>();
  #units = 0;

  /** The units kept now (tests). */
  get units(): number {
    return this.#units;
  }

  /** Keeps the texts of `entries`, committed into `record` (the record as that write stored it). */
  keep(record: ConversationRecord, entries: readonly Entry[]): void {
    const { incarnation } = record;
    if (incarnation === undefined) return;
    let kept = this.#kept.get(record.id);
    if (kept !== undefined && kept.incarnation !== incarnation) {
      // Only a newer write can carry another incarnation than one kept before it: the old one is gone.
      this.#drop(record.id, kept);
      kept = undefined;
    }
    for (const entry of entries) {
      const text = { id: entry.id, time: entryTime(entry), text: searchableText(entry) };
      if (this.#units + unitsOf(text) > MAX_HANDED_UNITS) return;
      if (kept === undefined) this.#kept.set(record.id, kept = { incarnation, texts: new Map() });
      kept.texts.set(entry.seq, text);
      this.#units += unitsOf(text);
    }
  }

  /** The text of `record`'s entry at `seq` (`record` as read in a transaction), if kept for its incarnation. */
  get(record: ConversationRecord, seq: number): HandedText | undefined {
    const kept = this.#kept.get(record.id);
    return kept === undefined || kept.incarnation !== record.incarnation ? undefined : kept.texts.get(seq);
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

  /** Forgets conversation `id`'s texts up to seq `through`: a batch that took them was written (or skipped, indexed elsewhere). */
  release(id: string, through: number): void {
    const kept = this.#kept.get(id);
    if (kept === undefined) return;
    for (const [seq, text] of kept.texts) {
      if (seq > through) continue;
      kept.texts.delete(seq);
      this.#units -= unitsOf(text);
    }
    if (kept.texts.size === 0) this.#kept.delete(id);
  }

  /**
   * Forgets what records read in one transaction say is no longer pending: another incarnation,
   * seqs indexed (by any tab). `complete`: `behind` is every record still behind, so a conversation
   * not among them is caught up or gone.
   */
  prune(behind: readonly ConversationRecord[], complete: boolean): void {
    const records = new Map(behind.map((record) => [record.id, record]));
    for (const [id, kept] of this.#kept) {
      const record = records.get(id);
      if (record === undefined) {
        if (complete) this.#drop(id, kept);
      } else if (record.incarnation !== kept.incarnation) {
        this.#drop(id, kept);
      } else {
        this.release(id, record.indexedSeq ?? 0);
      }
    }
  }

  /** Forgets a conversation deleted (here or in another tab), everything on a clear or when the store closes. */
  changed(change: StoreChange): void {
    if (change.type === 'conversation_deleted') this.forget(change.conversationId);
    if (change.type === 'cleared' || change.type === 'closed') this.clear();
  }

  /** Forgets conversation `id` (deleted). */
  forget(id: string): void {
    const kept = this.#kept.get(id);
    if (kept !== undefined) this.#drop(id, kept);
  }

  /** Forgets everything (a clear, a closed store). */
  clear(): void {
    this.#kept.clear();
    this.#units = 0;
  }

  #drop(id: string, kept: Kept): void {
    for (const text of kept.texts.values()) this.#units -= unitsOf(text);
    this.#kept.delete(id);
  }
}

function unitsOf(text: HandedText): number {
  return text.text.length + ENTRY_UNITS;
}
