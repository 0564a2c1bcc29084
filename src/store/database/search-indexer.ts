import type { Entry } from '../../core/entry.js';
import type { EntryRecord, SearchKey } from './schema.js';

/** Loads the tokenizer's module (about 1 KB gzipped): a separate chunk, fetched while the database opens. @internal */
export function loadSearchKeysOf(): Promise<(entry: Entry) => SearchKey[]> {
  return import('./search-keys-of.js').then((module) => module.searchKeysOf);
}

/**
 * Gives new entries their search keys, so every write stores its part of the index in the same
 * transaction as its entries (DESIGN §11). The tokenizer loads on demand: a write calls
 * {@link SearchIndexer.load} before it opens its transaction (nothing else may be awaited inside
 * one), then {@link SearchIndexer.withKeys} inside it. Switched off (`enabled` false) only by
 * the benchmark that measures what indexing costs an append.
 * @internal
 */
export class SearchIndexer {
  private keysOf: ((entry: Entry) => SearchKey[]) | undefined;
  private loading: Promise<void> | undefined;

  constructor(readonly enabled: boolean) {}

  /** Resolves once the tokenizer is loaded; a failed load is retried by the next call. */
  load(): Promise<void> {
    if (!this.enabled || this.keysOf !== undefined) return Promise.resolve();
    this.loading ??= loadSearchKeysOf().then((keysOf) => {
      this.keysOf = keysOf;
    }, (error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** The record with its search keys; throws unless {@link SearchIndexer.load} has resolved. */
  withKeys(record: EntryRecord): EntryRecord {
    if (!this.enabled) return record;
    if (this.keysOf === undefined) throw new Error('convolog: the search tokenizer was not loaded before a write (a bug in convolog).');
    return { ...record, search: this.keysOf(record) };
  }
}
