import type { SearchPosition } from './search-position.js';

/** What one page of a search needs besides its words. @internal */
export interface SearchPage {
  /** The most hits the page holds. */
  limit: number;
  /** The last hit of the previous page: this page holds only hits after it. */
  after: SearchPosition | undefined;
  signal: AbortSignal | undefined;
}
