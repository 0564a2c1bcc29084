import { foldForSearch } from '../../core/search-normalize.js';
import type { SearchWord } from '../../core/search-query.js';
import { runTransaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import type { Conversation } from '../types/conversation.js';
import type { StoreChange } from '../types/store-change.js';
import { mayMatchTitle, type MatchableTitle } from './title-matches.js';

/** Where a conversation sits in the list, and its title as the filter matches it. @internal */
export interface TitleRow extends MatchableTitle { id: string; updatedAt: string }

/** Records read per request while building. */
const CHUNK = 1_000;

/** Newest first, ties by id descending: the order of the `byUpdated` index walked backwards. @internal */
export function compareRows(left: Pick<TitleRow, 'id' | 'updatedAt'>, right: Pick<TitleRow, 'id' | 'updatedAt'>): number {
  if (left.updatedAt !== right.updatedAt) return left.updatedAt > right.updatedAt ? -1 : 1;
  if (left.id === right.id) return 0;
  return left.id > right.id ? -1 : 1;
}

/**
 * Every conversation's title, folded, in memory: what a title filter matches (DESIGN §20). Reading
 * 10,000 conversation records costs 160–900 ms in Chromium, so a filter cannot read them per page;
 * this index reads them once, on the first filter, and then follows the store's changes (this
 * instance's at once, other tabs' through the change channel), so no schema change is needed.
 * A page re-reads what it returns, so it never gives a deleted chat or a title that no longer matches.
 * @internal
 */
export class TitleIndex {
  private rows = new Map<string, TitleRow>();
  private ready: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  /** Changes heard while a build reads: applied over what it read. */
  private heard: StoreChange[] | undefined;

  constructor(private readonly context: StoreContext) {
    this.unsubscribe = context.changes.subscribe((change) => this.hear(change));
  }

  /**
   * The rows after `startAfter` that may match every word (each occurs in the folded title),
   * newest first: a superset of the matches, for the caller to check only as far as its page needs.
   */
  async candidates(words: readonly SearchWord[], startAfter?: Pick<Conversation, 'id' | 'updatedAt'>): Promise<TitleRow[]> {
    await (this.ready ??= this.build());
    const found: TitleRow[] = [];
    for (const row of this.rows.values()) {
      if (startAfter !== undefined && compareRows(row, startAfter) <= 0) continue;
      if (mayMatchTitle(row, words)) found.push(row);
    }
    return found.sort(compareRows);
  }

  /** Stops following changes (the store closed). */
  dispose(): void {
    this.unsubscribe();
    this.rows.clear();
  }

  private async build(): Promise<void> {
    this.heard = [];
    try {
      const rows = new Map<string, TitleRow>();
      await runTransaction(this.context, ['conversations'], 'readonly', 'Listing conversations', async (transaction) => {
        const store = transaction.objectStore('conversations');
        let after: string | undefined;
        for (;;) {
          const range = after === undefined ? undefined : this.context.keyRange.lowerBound(after, true);
          const records = await store.getAll(range, CHUNK);
          for (const record of records) rows.set(record.id, rowOf(record));
          if (records.length < CHUNK) return;
          after = records[records.length - 1]!.id;
        }
      });
      this.rows = rows;
      for (const change of this.heard) this.apply(change);
    } catch (error) {
      this.ready = undefined;
      throw error;
    } finally {
      this.heard = undefined;
    }
  }

  private hear(change: StoreChange): void {
    if (this.heard !== undefined) this.heard.push(change);
    this.apply(change);
  }

  private apply(change: StoreChange): void {
    switch (change.type) {
      case 'conversation_created':
      case 'conversation_updated':
      case 'entries_appended':
        this.rows.set(change.conversationId, rowOf(change.conversation));
        return;
      case 'conversation_deleted':
        this.rows.delete(change.conversationId);
        return;
      case 'database_reset':
        // This instance's reset happened before the store opened, so every read sees what the
        // journal restored; it is replayed to each new subscriber, this index's too, and must not
        // empty a read under way. Another tab's restore is read again.
        if (change.origin === 'other_tab') this.forget();
        return;
      case 'cleared':
      case 'closed':
        this.forget();
    }
  }

  /** Read again on the next filter. */
  private forget(): void {
    this.rows.clear();
    this.ready = undefined;
  }
}

function rowOf(conversation: Pick<ConversationRecord, 'id' | 'updatedAt' | 'title'>): TitleRow {
  return { id: conversation.id, updatedAt: conversation.updatedAt, title: conversation.title, folded: foldForSearch(conversation.title) };
}
