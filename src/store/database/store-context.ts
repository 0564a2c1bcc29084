import type { AttachmentSource } from '../../core/message.js';
import type { AttachmentFetcher } from '../types/attachment-fetcher.js';
import type { ChangeChannel } from '../changes/change-channel.js';
import type { Connection } from './connection.js';
import type { Conversation } from '../types/conversation.js';
import type { StoreChangeMessage } from '../types/store-change.js';
import type { SearchIndexer } from './search-indexer.js';

/** What every store operation shares. @internal */
export interface StoreContext {
  name: string;
  connection: Connection;
  changes: ChangeChannel;
  durability: IDBTransactionDurability;
  keyRange: typeof IDBKeyRange;
  now: () => Date;
  generateId: () => string;
  /** Inline base64 media over this many decoded bytes are stored as attachments by `append` (DESIGN §18). */
  inlineMediaLimit: number;
  /** Gives written entries their search keys (DESIGN §11). */
  indexer: SearchIndexer;
  /**
   * Set by the journal (DESIGN §21): keeps a put's bytes outside IndexedDB before the put resolves,
   * written beside its commit. `committed` resolves to whether this put stored the bytes (they were
   * not there before) and rejects when its transaction fails; so does the returned promise.
   */
  journalAttachment?: (ref: AttachmentSource, bytes: Uint8Array, committed: Promise<boolean>) => Promise<void>;
  /**
   * Set by the journal: takes an append's change before its transaction commits, so the journal's
   * write overlaps the commit (DESIGN §21); `withdraw` if the commit then fails.
   */
  journalAhead?: (change: Extract<StoreChangeMessage, { type: 'entries_appended' }>, previous: Conversation) => { withdraw(): void };
  /**
   * Set by the journal: settles when every change recorded so far is journaled. A bulk writer
   * (importAll) waits on it between batches so the journal's backlog stays bounded (DESIGN §20).
   */
  journalFlushed?: () => Promise<void>;
  /** Where `getAttachment` fetches bytes the store lacks (lazy sync), added by `store.addAttachmentFetcher`. */
  attachmentFetchers?: Set<AttachmentFetcher>;
}
