import { conversationDocumentId } from './document-ids.js';
import { metadataFingerprint, readConversationDocument, type ConversationMetadata } from './conversation-document.js';
import type { SyncSession } from './sync-session.js';

/**
 * The server's current metadata documents of these conversations (one `_all_docs` request);
 * a conversation without a document is absent from the map. @internal
 */
export async function fetchConversationDocuments(
  session: SyncSession, conversationIds: readonly string[], signal?: AbortSignal,
): Promise<Map<string, ConversationMetadata | { reason: string }>> {
  const found = new Map<string, ConversationMetadata | { reason: string }>();
  if (conversationIds.length === 0) return found;
  const response = await session.client.request<{ rows?: Array<{ id?: string; doc?: Record<string, unknown> | null }> }>({
    method: 'POST', path: '_all_docs', query: { include_docs: true },
    body: { keys: conversationIds.map(conversationDocumentId) }, ...(signal === undefined ? {} : { signal }),
  });
  for (const row of response.body?.rows ?? []) {
    if (typeof row.doc !== 'object' || row.doc === null) continue;
    const metadata = readConversationDocument(row.doc);
    const conversationId = 'reason' in metadata ? row.doc['conversationId'] : metadata.conversationId;
    if (typeof conversationId === 'string') found.set(conversationId, metadata);
  }
  return found;
}

/**
 * Makes the local conversation say what the server's metadata says: deleted, renamed, or created
 * (empty) when the store has none. Records the revision, so the push does not send it back.
 * Returns whether anything changed locally. @internal
 */
export async function applyServerMetadata(session: SyncSession, metadata: ConversationMetadata): Promise<boolean> {
  const checkpoint = await session.checkpoint();
  const fingerprint = metadataFingerprint(metadata);
  const rev = metadata.rev ?? checkpoint.metadata[metadata.conversationId]?.rev ?? '';
  if (metadata.deleted) {
    // Recorded first: the store's conversation_deleted change must not read as a deletion made here.
    checkpoint.metadata[metadata.conversationId] = { rev, fingerprint, deleted: true };
    delete checkpoint.pushed[metadata.conversationId];
    session.deletions.delete(metadata.conversationId);
    return session.store.deleteConversation(metadata.conversationId);
  }
  // Deleted here, tombstone not pushed yet: a rename from elsewhere must not bring it back.
  if (session.deletions.has(metadata.conversationId)) return false;
  checkpoint.metadata[metadata.conversationId] = { rev, fingerprint };
  const local = await session.store.getConversation(metadata.conversationId);
  if (local === undefined) {
    await session.store.mergeEntries(metadata.conversationId, [], { conversation: conversationFields(metadata), trusted: session.trusted });
    return true;
  }
  if (metadataFingerprint(local) === fingerprint) return false;
  await session.store.updateConversation(metadata.conversationId, { title: metadata.title, appData: metadata.appData ?? {} });
  return true;
}

/** The fields `mergeEntries` creates a missing conversation with. @internal */
export function conversationFields(metadata: ConversationMetadata): { title: string; createdAt: string; appData?: ConversationMetadata['appData'] } {
  return { title: metadata.title, createdAt: metadata.createdAt, ...(metadata.appData === undefined ? {} : { appData: metadata.appData }) };
}
