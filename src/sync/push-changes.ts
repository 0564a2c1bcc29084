import type { AttachmentSource } from '../core/message.js';
import type { Conversation } from '../store/types/conversation.js';
import { metadataFingerprint, toConversationDocument, type ConversationDocument } from './conversation-document.js';
import { toEntryDocument, type EntryDocument } from './entry-document.js';
import { listAllConversations } from './list-all-conversations.js';
import { collectAttachments, pushAttachments } from './push-attachments.js';
import { applyServerMetadata, fetchConversationDocuments } from './server-metadata.js';
import { syncFailed } from './sync-failed.js';
import type { SyncSession } from './sync-session.js';
import type { SyncCheckpoint } from './checkpoint.js';

/** The reason our validate_doc_update gives for an entry document that is already there. @internal */
export const WRITE_ONCE_REASON = 'convolog: entry documents are write-once';

type Planned =
  | { kind: 'entry'; conversationId: string; seq: number }
  | { kind: 'metadata'; conversationId: string; fingerprint: string; deleted: boolean };

interface BulkResult { id?: string; ok?: boolean; rev?: string; error?: string; reason?: string }

/** A batch under construction: documents, what each one stands for, and the attachments its entries reference. */
interface Batch { docs: Array<EntryDocument | ConversationDocument>; plan: Planned[]; attachments: Map<string, AttachmentSource> }

/**
 * Pushes what the server lacks: tombstones of conversations deleted here, then per conversation
 * its changed metadata and every entry after the pushed checkpoint (all branches, seq order), in
 * `_bulk_docs` batches, each after the attachments its entries reference (uploaded once). An entry document already there (a 409 conflict, or our validate
 * function's refusal) was pushed before and counts as done. The checkpoint advances per
 * conversation only over entries the server confirmed, and is saved after each batch but the last
 * (`saveLast: false` leaves that save to the caller, so `once` saves one checkpoint for both ways).
 * @internal
 */
export async function pushChanges(session: SyncSession, options: { saveLast: boolean; signal?: AbortSignal }): Promise<{ written: number }> {
  const checkpoint = await session.checkpoint(options.signal);
  const state = { written: 0, changed: false };
  const batch: Batch = { docs: [], plan: [], attachments: new Map() };
  const flush = async () => {
    if (batch.docs.length === 0) return;
    await sendBatch(session, batch, state, options.signal);
    batch.docs = [];
    batch.plan = [];
    batch.attachments = new Map();
  };
  for (const conversationId of [...session.deletions]) {
    const known = checkpoint.metadata[conversationId];
    if (known === undefined) {
      // Never synced: nothing on the server to delete.
      session.deletions.delete(conversationId);
      continue;
    }
    batch.docs.push(toConversationDocument({ conversationId, title: '', createdAt: new Date(0).toISOString(), deleted: true, rev: known.rev }));
    batch.plan.push({ kind: 'metadata', conversationId, fingerprint: metadataFingerprint({ title: '', deleted: true }), deleted: true });
  }
  for (const conversation of await listAllConversations(session.store)) {
    if (session.deletions.has(conversation.id)) continue;
    await planConversation(session, conversation, batch, flush);
  }
  const hadLastBatch = batch.docs.length > 0;
  await flush();
  if (hadLastBatch && options.saveLast) await session.save(options.signal);
  return { written: state.written };
}

async function planConversation(session: SyncSession, conversation: Conversation, batch: Batch, flush: () => Promise<void>): Promise<void> {
  const checkpoint = await session.checkpoint();
  const fingerprint = metadataFingerprint(conversation);
  const known = checkpoint.metadata[conversation.id];
  if (known?.fingerprint !== fingerprint) {
    batch.docs.push(toConversationDocument({
      conversationId: conversation.id, title: conversation.title, createdAt: conversation.createdAt, deleted: false,
      ...(conversation.appData === undefined ? {} : { appData: conversation.appData }),
      ...(known === undefined ? {} : { rev: known.rev }),
    }));
    batch.plan.push({ kind: 'metadata', conversationId: conversation.id, fingerprint, deleted: false });
  }
  let afterSeq = checkpoint.pushed[conversation.id] ?? 0;
  while (afterSeq < conversation.lastSeq) {
    const room = session.batchSize - batch.docs.length;
    if (room <= 0) {
      await flushAndSave(session, flush);
      continue;
    }
    const entries = await session.store.entries(conversation.id, { allBranches: true, afterSeq, limit: room });
    if (entries.length === 0) break;
    for (const entry of entries) {
      batch.docs.push(toEntryDocument(entry));
      batch.plan.push({ kind: 'entry', conversationId: conversation.id, seq: entry.seq });
      collectAttachments(entry, batch.attachments);
    }
    afterSeq = entries[entries.length - 1]!.seq;
  }
  if (batch.docs.length >= session.batchSize) await flushAndSave(session, flush);
}

async function flushAndSave(session: SyncSession, flush: () => Promise<void>): Promise<void> {
  await flush();
  await session.save();
}

async function sendBatch(session: SyncSession, batch: Batch, state: { written: number }, signal: AbortSignal | undefined): Promise<void> {
  // The bytes go first: an entry on the server never names an attachment another device cannot fetch yet.
  const uploaded = await pushAttachments(session, batch.attachments, signal);
  const response = await session.client.request<BulkResult[]>({
    method: 'POST', path: '_bulk_docs', body: { docs: batch.docs }, accept: [417], ...(signal === undefined ? {} : { signal }),
  });
  const results = Array.isArray(response.body) ? response.body : [];
  const checkpoint = await session.checkpoint();
  const failedConversations = new Set<string>();
  const conflicts: string[] = [];
  let firstFailure: BulkResult | undefined;
  let written = uploaded;
  batch.plan.forEach((planned, index) => {
    const result = results[index] ?? { error: 'missing', reason: 'the server gave no result for this document' };
    if (planned.kind === 'metadata') {
      if (result.ok === true && typeof result.rev === 'string') {
        written++;
        recordMetadata(session, checkpoint, planned, result.rev);
      } else if (result.error === 'conflict') {
        conflicts.push(planned.conversationId);
      } else {
        firstFailure ??= result;
      }
      return;
    }
    if (failedConversations.has(planned.conversationId)) return;
    const alreadyThere = result.error === 'conflict' || (result.error === 'forbidden' && result.reason === WRITE_ONCE_REASON);
    if (result.ok === true || alreadyThere) {
      if (result.ok === true) written++;
      checkpoint.pushed[planned.conversationId] = Math.max(checkpoint.pushed[planned.conversationId] ?? 0, planned.seq);
      return;
    }
    // Entries go up in seq order: stop this conversation's checkpoint at the first refusal, so it is retried.
    failedConversations.add(planned.conversationId);
    firstFailure ??= result;
  });
  state.written += written;
  if (written > 0) session.emit({ type: 'progress', direction: 'push', written });
  if (conflicts.length > 0) await resolveMetadataConflicts(session, conflicts, batch, signal);
  if (firstFailure !== undefined) {
    await session.save(signal);
    // The server's words: a proxy in front of it may echo the request's headers.
    throw syncFailed({
      request: 'POST _bulk_docs', status: statusOf(firstFailure.error),
      ...(typeof firstFailure.error === 'string' ? { error: session.client.redact(firstFailure.error) } : {}),
      ...(typeof firstFailure.reason === 'string' ? { reason: session.client.redact(firstFailure.reason) } : {}),
    });
  }
}

function recordMetadata(session: SyncSession, checkpoint: SyncCheckpoint, planned: Extract<Planned, { kind: 'metadata' }>, rev: string): void {
  if (planned.deleted) {
    session.deletions.delete(planned.conversationId);
    delete checkpoint.pushed[planned.conversationId];
    checkpoint.metadata[planned.conversationId] = { rev, fingerprint: planned.fingerprint, deleted: true };
    return;
  }
  checkpoint.metadata[planned.conversationId] = { rev, fingerprint: planned.fingerprint };
}

/**
 * Another device changed the metadata first. CouchDB's current revision wins on every device: it
 * is applied here, and the local rename is dropped. A deletion still wins over a rename: it is
 * written again on top of the current revision.
 */
async function resolveMetadataConflicts(session: SyncSession, conversationIds: string[], batch: Batch, signal: AbortSignal | undefined): Promise<void> {
  const documents = await fetchConversationDocuments(session, conversationIds, signal);
  const retry: Batch = { docs: [], plan: [], attachments: new Map() };
  for (const conversationId of conversationIds) {
    const server = documents.get(conversationId);
    if (server === undefined || 'reason' in server) continue;
    const wantsDeletion = batch.plan.some((planned) => planned.kind === 'metadata' && planned.conversationId === conversationId && planned.deleted);
    if (wantsDeletion && !server.deleted) {
      retry.docs.push(toConversationDocument({ ...server, deleted: true }));
      retry.plan.push({ kind: 'metadata', conversationId, fingerprint: metadataFingerprint({ ...server, deleted: true }), deleted: true });
      continue;
    }
    if (wantsDeletion) session.deletions.delete(conversationId);
    await applyServerMetadata(session, server);
  }
  if (retry.docs.length > 0) await sendBatch(session, retry, { written: 0 }, signal);
}

function statusOf(error: string | undefined): number {
  if (error === 'forbidden') return 403;
  if (error === 'unauthorized') return 401;
  if (error === 'conflict') return 409;
  return 500;
}
