import type { ConversationRecord } from './schema.js';

interface Kept<Text> { incarnation: string; texts: Map<number, Text> }

/**
 * Texts of entries kept in memory by conversation id, {@link ConversationRecord.incarnation} and
 * seq, at most `maxUnits` in all (each text counted by `unitsOf`): what both the search's pending
 * texts (DESIGN §17.12) and the indexer's handed texts (§17.14) stand on. While a record keeps its
 * incarnation, the entries at its seqs are the ones committed under it (entries are only added;
 * a delete and a re-creation, in any tab, give another incarnation or none), so a text is served
 * only for the incarnation it was kept for, read in the caller's own transaction. A record without
 * one is never kept; past the bound nothing more is.
 * @internal
 */
export class KeptTexts<Text> {
  readonly #kept = new Map<string, Kept<Text>>();
  #units = 0;

  constructor(private readonly maxUnits: number, private readonly unitsOf: (text: Text) => number) {}

  /** The units kept now (tests). */
  get units(): number {
    return this.#units;
  }

  /** The text of `record`'s entry at `seq`, if kept for its incarnation. */
  get(record: ConversationRecord, seq: number): Text | undefined {
    const kept = this.#kept.get(record.id);
    return kept === undefined || kept.incarnation !== record.incarnation ? undefined : kept.texts.get(seq);
  }

  /**
   * Keeps the text of `record`'s entry at `seq`; false (nothing kept) without an incarnation or
   * past the bound. Texts of another incarnation of the conversation go: the newer one stays
   * (a write keeps in commit order), or for a search either one (only hit rates depend on which).
   */
  keep(record: ConversationRecord, seq: number, text: Text): boolean {
    const { incarnation } = record;
    if (incarnation === undefined || this.#units + this.unitsOf(text) > this.maxUnits) return false;
    let kept = this.#kept.get(record.id);
    if (kept !== undefined && kept.incarnation !== incarnation) {
      this.#drop(record.id, kept);
      kept = undefined;
    }
    if (kept === undefined) this.#kept.set(record.id, kept = { incarnation, texts: new Map() });
    const before = kept.texts.get(seq);
    if (before !== undefined) this.#units -= this.unitsOf(before);
    kept.texts.set(seq, text);
    this.#units += this.unitsOf(text);
    return true;
  }

  /** Forgets conversation `id`'s texts up to seq `through`. */
  release(id: string, through: number): void {
    const kept = this.#kept.get(id);
    if (kept !== undefined) this.#dropSeqs(id, kept, (seq) => seq <= through);
  }

  /**
   * Forgets what records read in one transaction say is no longer pending: texts of another
   * incarnation, seqs at or below `indexedSeq` or past `lastSeq`; and, when `behind` is every
   * record still behind (`complete`), conversations not among them (caught up or gone).
   */
  prune(behind: readonly ConversationRecord[], complete: boolean): void {
    const records = new Map(behind.map((record) => [record.id, record]));
    for (const [id, kept] of this.#kept) {
      const record = records.get(id);
      if (record === undefined ? complete : record.incarnation !== kept.incarnation) this.#drop(id, kept);
      else if (record !== undefined) this.#dropSeqs(id, kept, (seq) => seq <= (record.indexedSeq ?? 0) || seq > record.lastSeq);
    }
  }

  /** Forgets conversation `id` (deleted). */
  forget(id: string): void {
    const kept = this.#kept.get(id);
    if (kept !== undefined) this.#drop(id, kept);
  }

  /** Forgets everything. */
  clear(): void {
    this.#kept.clear();
    this.#units = 0;
  }

  #dropSeqs(id: string, kept: Kept<Text>, drop: (seq: number) => boolean): void {
    for (const [seq, text] of kept.texts) {
      if (!drop(seq)) continue;
      kept.texts.delete(seq);
      this.#units -= this.unitsOf(text);
    }
    if (kept.texts.size === 0) this.#kept.delete(id);
  }

  #drop(id: string, kept: Kept<Text>): void {
    for (const text of kept.texts.values()) this.#units -= this.unitsOf(text);
    this.#kept.delete(id);
  }
}
