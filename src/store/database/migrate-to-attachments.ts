import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';

/**
 * Schema version 5 (DESIGN §18): attachments. Creates three object stores and touches no
 * existing record, so it runs the same after version 3 (0.2) or 4 (the packed search index),
 * whichever the database has: no 0.2 entry names an attachment, so there is nothing to backfill.
 * - `attachments`: one metadata record per stored attachment, by id (the SHA-256 of its bytes);
 *   the index `byPending` holds those put in the last grace period and not yet collected.
 * - `attachmentChunks`: the bytes, as ArrayBuffers of at most 1 MiB, by [id, index].
 * - `attachmentRefs`: one row per (entry, attachment it names), by [conversationId, seq, id], so
 *   a deletion finds a conversation's references by range; `byAttachment` counts an
 *   attachment's references across every conversation.
 * @internal
 */
export function migrateToAttachments(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  _keyRange?: typeof IDBKeyRange, done?: () => void,
): void {
  const database = (unwrap(transaction) as unknown as IDBTransaction).db;
  database.createObjectStore('attachments', { keyPath: 'id' }).createIndex('byPending', 'pendingSince');
  database.createObjectStore('attachmentChunks', { keyPath: ['id', 'index'] });
  database.createObjectStore('attachmentRefs', { keyPath: ['conversationId', 'seq', 'attachmentId'] }).createIndex('byAttachment', 'attachmentId');
  done?.();
}
