import { foldForSearch } from '../../core/search-normalize.js';
import type { HandedTexts } from '../database/handed-texts.js';
import { KeptTexts } from '../database/kept-texts.js';
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

/**
 * One store's folded texts of the entries the packed index does not hold yet, kept between
 * queries so a query reads only the entries it has not seen (DESIGN §17.12), as {@link KeptTexts}
 * are: by conversation id, incarnation and seq, so a conversation deleted and created again, here
 * or in another tab, is never served another's texts. What a query's snapshot says is no longer
 * pending goes at that query (`prune` with every record behind), and past
 * {@link MAX_PENDING_UNITS} nothing more is kept.
 * @internal
 */
export class PendingTexts extends KeptTexts<PendingText> {
  /** `handed`: the texts this tab's writes handed to its indexer (DESIGN §17.14), which stand in for a read of what this tab wrote. */
  constructor(private readonly handed: () => HandedTexts | undefined = () => undefined) {
    super(MAX_PENDING_UNITS, (text) => (text.folded?.length ?? 0) + ENTRY_UNITS);
  }

  /**
   * The text kept for `record`'s entry at `seq`, if its incarnation is the one kept; else, if this
   * tab wrote that entry and handed its text over for the same incarnation, that text folded (and
   * kept from now on): the first query after this tab's import reads none of it back.
   */
  override get(record: ConversationRecord, seq: number): PendingText | undefined {
    const kept = super.get(record, seq);
    if (kept !== undefined) return kept;
    const handed = this.handed()?.get(record, seq);
    if (handed === undefined) return undefined;
    const folded = { time: handed.time, folded: foldForSearch(handed.text) };
    this.keep(record, seq, folded);
    return folded;
  }
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
