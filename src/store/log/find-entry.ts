import { ConvologError } from '../../core/error.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { headNode, nodeOfRecord, ROOT_NODE, type TreeNode } from './tree-node.js';

/**
 * The stored entry with this id in this conversation. An id unknown here, one of another
 * conversation included, throws `not_found`; `role` names what the caller passed it as.
 * @internal
 */
export async function findEntry(
  transaction: Transaction<IDBTransactionMode>, conversationId: string, entryId: string, role: string,
): Promise<EntryRecord> {
  const found = await transaction.objectStore('entries').index('byId').get(entryId);
  if (found !== undefined && found.conversationId === conversationId && found.tree !== undefined) return found;
  throw entryNotFound(conversationId, entryId, role);
}

function entryNotFound(conversationId: string, entryId: string, role: string): ConvologError {
  return new ConvologError({
    code: 'not_found',
    message: `No entry with id "${entryId}" in conversation "${conversationId}" (given as ${role}). ` +
      'Pass the id of an entry of this conversation, as entries() or children() return them.',
    details: { conversationId, entryId },
  });
}

/**
 * The node a call names: `undefined` → the head, `null` → the root, an id → that entry
 * (`not_found` when unknown). Anything else is the caller's bug: a TypeError.
 * @internal
 */
export async function findNode(
  transaction: Transaction<IDBTransactionMode>, record: ConversationRecord, entryId: string | null | undefined, role: string,
): Promise<TreeNode> {
  checkEntryId(entryId, role, true);
  if (entryId === undefined || (entryId !== null && entryId === record.headId)) return headNode(record);
  if (entryId === null) return ROOT_NODE;
  return nodeOfRecord(await findEntry(transaction, record.id, entryId, role));
}

/**
 * Starts reading the entry `entryId` names (nothing for the head or the root), so the read runs
 * beside the conversation record's instead of after it; {@link nodeFrom} checks the answer once
 * the record is known. A rejection is held for `nodeFrom`, never left unhandled.
 * @internal
 */
export function prefetchEntry(
  transaction: Transaction<IDBTransactionMode>, entryId: string | null | undefined,
): Promise<EntryRecord | undefined> | undefined {
  if (typeof entryId !== 'string') return undefined;
  const pending = transaction.objectStore('entries').index('byId').get(entryId);
  pending.catch(() => undefined);
  return pending;
}

/** The node named by `entryId` (see {@link findNode}), from a {@link prefetchEntry} read. @internal */
export async function nodeFrom(
  record: ConversationRecord, entryId: string | null | undefined, prefetched: Promise<EntryRecord | undefined> | undefined, role: string,
): Promise<TreeNode> {
  if (entryId === undefined || (entryId !== null && entryId === record.headId)) return headNode(record);
  if (entryId === null || prefetched === undefined) return ROOT_NODE;
  const found = await prefetched;
  if (found !== undefined && found.conversationId === record.id && found.tree !== undefined) return nodeOfRecord(found);
  throw entryNotFound(record.id, entryId, role);
}

/** A TypeError unless `entryId` is a string (or `null`/`undefined` where `nullable`). @internal */
export function checkEntryId(entryId: unknown, role: string, nullable: boolean): void {
  if (typeof entryId === 'string' || (nullable && (entryId === null || entryId === undefined))) return;
  throw new TypeError(`${role} must be an entry id (a string)${nullable ? ', null for the root, or left out for the head' : ''}; got ${entryId === null ? 'null' : typeof entryId}.`);
}
