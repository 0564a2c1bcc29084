import { foldForSearch } from '../../core/search-normalize.js';
import type { HandedTexts } from '../database/handed-texts.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/** What a search keeps of one entry not yet indexed: its place in hit order and its folded text (`undefined`: not text, always read). @internal */
export interface PendingText {
  /** The entry's time in milliseconds (`entryTime`). */
  time: number;
  folded: string | undefined;
}

/**
 * The most a store keeps, in UTF-16 code units of folded text plus {@link ENTRY_UNITS} an entry:
 * about 4 M, at most 8 MiB of strings (V8 keeps Latin-1 text in one byte a unit). The bench's
 * 2,000 pending messages of ~860 characters take 1.8 M. Past it, texts are read at each query.
 * @internal
 */
export const MAX_PENDING_UNITS = 1 << 22;

/** What one kept entry is counted beside its text: its map slot and numbers, so entries without text are bounded too. */
const ENTRY_UNITS = 32;

interface Kept { incarnation: string; texts: Map<number, PendingText> }

/**
 * One store's folded texts of the entries the packed index does not hold yet, kept between
 * queries so a query reads only the entries it has not seen (DESIGN §17.12). Keyed by
 * conversation id, {@link ConversationRecord.incarnation} and seq: while a record keeps its
 * incarnation its entries are the same (appends only add seqs), and a conversation deleted and
 * created again, here or in another tab, has another incarnation or none. A record without one is
 * never kept. What a query's snapshot says is no longer pending goes at that query
 * ({@link PendingTexts.prune}), and past {@link MAX_PENDING_UNITS} nothing more is kept.
 * @internal
 */
export class PendingTexts {
  readonly #kept = new Map<string, Kept>();
  #units = 0;

  /** `handed`: the texts this tab's writes handed to its indexer (DESIGN §17.14), which stand in for a read of what this tab wrote. */
  constructor(private readonly handed: () => HandedTexts | undefined = () => undefined) {}

  /** The units kept now (tests). */
  get units(): number {
    return this.#units;
  }

  /**
   * Keeps only what is pending in a snapshot, `behind` being every record of `byUnindexed` in it:
   * a conversation no longer behind, or of another incarnation, goes whole; a seq indexed since
   * (at or below `indexedSeq`) or past `lastSeq` goes alone.
   */
  prune(behind: readonly ConversationRecord[]): void {
    const records = new Map(behind.map((record) => [record.id, record]));
    for (const [id, kept] of this.#kept) {
      const record = records.get(id);
      if (record === undefined || record.incarnation !== kept.incarnation) {
        this.#drop(id, kept);
        continue;
      }
      const from = (record.indexedSeq ?? 0) + 1;
      for (const [seq, text] of kept.texts) {
        if (seq >= from && seq <= record.lastSeq) continue;
        kept.texts.delete(seq);
        this.#units -= unitsOf(text);
      }
    }
  }

  /**
   * The text kept for `record`'s entry at `seq`, if its incarnation is the one kept; else, if this
   * tab wrote that entry and handed its text over for the same incarnation, that text folded (and
   * kept from now on): the first query after this tab's import reads none of it back.
   */
  get(record: ConversationRecord, seq: number): PendingText | undefined {
    const kept = this.#kept.get(record.id);
    const text = kept === undefined || kept.incarnation !== record.incarnation ? undefined : kept.texts.get(seq);
    if (text !== undefined) return text;
    const handed = this.handed()?.get(record, seq);
    if (handed === undefined) return undefined;
    const folded = { time: handed.time, folded: foldForSearch(handed.text) };
    this.keep(record, seq, folded);
    return folded;
  }

  /** Keeps the text of `record`'s entry at `seq`, read in the same snapshot as `record`; nothing without an incarnation or past the bound. */
  keep(record: ConversationRecord, seq: number, text: PendingText): void {
    const { incarnation } = record;
    if (incarnation === undefined || this.#units + unitsOf(text) > MAX_PENDING_UNITS) return;
    let kept = this.#kept.get(record.id);
    if (kept !== undefined && kept.incarnation !== incarnation) {
      // Another incarnation than this query's: the other is older or newer, and only hit rates depend on which stays.
      this.#drop(record.id, kept);
      kept = undefined;
    }
    if (kept === undefined) this.#kept.set(record.id, kept = { incarnation, texts: new Map() });
    const before = kept.texts.get(seq);
    if (before !== undefined) this.#units -= unitsOf(before);
    kept.texts.set(seq, text);
    this.#units += unitsOf(text);
  }

  /** Forgets everything. */
  clear(): void {
    this.#kept.clear();
    this.#units = 0;
  }

  #drop(id: string, kept: Kept): void {
    for (const text of kept.texts.values()) this.#units -= unitsOf(text);
    this.#kept.delete(id);
  }
}

function unitsOf(text: PendingText): number {
  return (text.folded?.length ?? 0) + ENTRY_UNITS;
}

const stores = new WeakMap<StoreContext, PendingTexts>();

/**
 * The {@link PendingTexts} of one store instance, made on its first search and dropped when the
 * store closes (or its connection is lost: the next search starts afresh).
 * @internal
 */
export function pendingTextsOf(context: StoreContext): PendingTexts {
  let texts = stores.get(context);
  if (texts !== undefined) return texts;
  texts = new PendingTexts(() => context.indexer.handed);
  // Closed already: a search of a closed store fails at its transaction; nothing is kept for it.
  if (context.connection.isClosed) return texts;
  stores.set(context, texts);
  const forget = context.changes.subscribe((change) => {
    if (change.type !== 'closed') return;
    stores.get(context)?.clear();
    stores.delete(context);
    forget();
  });
  return texts;
}
