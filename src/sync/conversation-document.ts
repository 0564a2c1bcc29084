import type { AppData } from '../core/message.js';
import { conversationDocumentId } from './document-ids.js';

/** The `type` of a conversation's metadata document. */
export const CONVERSATION_DOCUMENT_TYPE = 'convolog.conversation';

/**
 * A conversation's title, creation time, appData and deletion: one document per conversation,
 * edited in place (the only documents sync ever updates). Two devices renaming the same chat edit
 * the same document id, so CouchDB keeps one winning revision that every device reads alike.
 * Deletion is a tombstone (`deleted: true`), which stays: the entries stay write-once.
 */
export interface ConversationDocument {
  _id: string;
  _rev?: string;
  type: typeof CONVERSATION_DOCUMENT_TYPE;
  formatVersion: 1;
  conversationId: string;
  title: string;
  createdAt: string;
  appData?: AppData;
  deleted?: true;
}

/** What a conversation document says about the conversation. @internal */
export interface ConversationMetadata {
  conversationId: string;
  title: string;
  createdAt: string;
  appData?: AppData;
  deleted: boolean;
  rev?: string;
}

/** The document for a conversation's current metadata (`rev`: the revision it replaces). @internal */
export function toConversationDocument(metadata: ConversationMetadata): ConversationDocument {
  return {
    _id: conversationDocumentId(metadata.conversationId),
    ...(metadata.rev === undefined ? {} : { _rev: metadata.rev }),
    type: CONVERSATION_DOCUMENT_TYPE,
    formatVersion: 1,
    conversationId: metadata.conversationId,
    title: metadata.title,
    createdAt: metadata.createdAt,
    ...(metadata.appData === undefined ? {} : { appData: metadata.appData }),
    ...(metadata.deleted ? { deleted: true as const } : {}),
  };
}

/** The metadata a pulled document carries, or why it is not a conversation document of ours. @internal */
export function readConversationDocument(document: Record<string, unknown>): ConversationMetadata | { reason: string } {
  const { _id: documentId, _rev: rev, conversationId, title, createdAt, appData, deleted, formatVersion } = document;
  if (formatVersion !== 1) return { reason: `its formatVersion ${JSON.stringify(formatVersion)} is not 1 (written by a newer convolog?)` };
  if (typeof conversationId !== 'string' || conversationId === '') return { reason: 'it names no conversation' };
  if (documentId !== conversationDocumentId(conversationId)) return { reason: 'its _id does not match its conversation id' };
  if (typeof title !== 'string') return { reason: 'its title is not a string' };
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return { reason: 'its createdAt is not a timestamp' };
  if (appData !== undefined && (typeof appData !== 'object' || appData === null || Array.isArray(appData))) return { reason: 'its appData is not an object' };
  return {
    conversationId, title, createdAt, deleted: deleted === true,
    ...(appData === undefined ? {} : { appData: appData as AppData }),
    ...(typeof rev === 'string' ? { rev } : {}),
  };
}

/**
 * A short fingerprint of what a device may change about a conversation (title and appData), to
 * tell a local rename from the state last synced without keeping a copy of every title. @internal
 */
export function metadataFingerprint(metadata: { title: string; appData?: AppData | undefined; deleted?: boolean }): string {
  const appData = metadata.appData !== undefined && Object.keys(metadata.appData).length > 0 ? metadata.appData : null;
  const text = JSON.stringify([metadata.title, appData, metadata.deleted === true]);
  // FNV-1a, 32 bits, twice with different seeds: collisions are harmless (a rename would wait for the next one) and rare.
  return `${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x01000193)}${text.length.toString(36)}`;
}

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
