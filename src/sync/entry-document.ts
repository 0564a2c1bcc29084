import type { Entry } from '../core/entry.js';
import { entryDocumentId } from './document-ids.js';

/** The `type` of an entry document. */
export const ENTRY_DOCUMENT_TYPE = 'convolog.entry';

/**
 * One entry as a CouchDB document, written once and never changed: everything of the entry but its
 * local `seq` (each device numbers entries in its own arrival order).
 */
export interface EntryDocument {
  _id: string;
  _rev?: string;
  type: typeof ENTRY_DOCUMENT_TYPE;
  formatVersion: 1;
  conversationId: string;
  /** The entry without `seq` and `conversationId`: `type`, `id`, `parentId`, `timestamp`, and `message` or the compaction fields. */
  entry: Record<string, unknown>;
}

/** The document that carries `entry` to other devices. @internal */
export function toEntryDocument(entry: Entry): EntryDocument {
  const { seq: _seq, conversationId, ...rest } = entry;
  return {
    _id: entryDocumentId(conversationId, entry.id),
    type: ENTRY_DOCUMENT_TYPE,
    formatVersion: 1,
    conversationId,
    entry: rest,
  };
}

/** A pulled entry document, checked only as far as its envelope goes (the store checks the entry). @internal */
export interface PulledEntry {
  documentId: string;
  conversationId: string;
  /** The entry as the document has it, with `conversationId`; untrusted until the store checked it. */
  entry: Record<string, unknown>;
}

/**
 * The entry a pulled document carries, or a reason it cannot be one of ours: a document whose id
 * does not match the conversation and entry ids it claims is refused, so a planted document can
 * never stand in for another entry.
 * @internal
 */
export function readEntryDocument(document: Record<string, unknown>): PulledEntry | { reason: string } {
  const { _id: documentId, conversationId, entry, formatVersion } = document;
  if (typeof documentId !== 'string') return { reason: 'it has no _id' };
  if (formatVersion !== 1) return { reason: `its formatVersion ${JSON.stringify(formatVersion)} is not 1 (written by a newer convolog?)` };
  if (typeof conversationId !== 'string' || conversationId === '') return { reason: 'it names no conversation' };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return { reason: 'it carries no entry' };
  const entryRecord = entry as Record<string, unknown>;
  if (typeof entryRecord['id'] !== 'string') return { reason: 'its entry has no id' };
  if (entryDocumentId(conversationId, entryRecord['id']) !== documentId) return { reason: 'its _id does not match its conversation and entry ids' };
  return { documentId, conversationId, entry: { ...entryRecord, conversationId } };
}
