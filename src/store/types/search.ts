// The options and results of `store.search` (DESIGN §11).

/** Options of {@link ConvologStore.search}. */
export interface SearchOptions {
  /** Only entries of this conversation (every branch of it). Unknown here: `not_found`. */
  conversationId?: string;
  /** At most this many hits (a positive integer). Default 20. */
  limit?: number;
  /** The `nextCursor` of the previous page: the page continues after its last hit. Anything else: `invalid_cursor`. */
  cursor?: string;
  /** Aborting rejects the search with `aborted`. */
  signal?: AbortSignal;
}

/** One entry that matches every query word. */
export interface SearchHit {
  conversationId: string;
  entryId: string;
  seq: number;
  /** The entry's timestamp (ISO 8601). */
  timestamp: string;
  /** Who wrote the text: a message's role, or `'summary'` for a compaction's summary. */
  role: 'user' | 'assistant' | 'tool' | 'summary';
  /** At most 200 UTF-16 units of the entry's searchable text around the first match (plain text: render it as text, never as HTML). */
  snippet: string;
  /** `[start, end)` into `snippet`, one per matched word occurrence in it, in order. */
  highlights: Array<[start: number, end: number]>;
}

/** What {@link ConvologStore.search} found: newest first. */
export interface SearchResult {
  hits: SearchHit[];
  /**
   * Pass it as `cursor` to get the next page; absent when the page was not full (there are no
   * more hits). A full last page still has one: the page after it is empty.
   */
  nextCursor?: string;
}
