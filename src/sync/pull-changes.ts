import { isConvologError, type ConvologError } from '../core/error.js';
import type { Warning } from '../core/warning.js';
import type { SyncCheckpoint } from './checkpoint.js';
import { CONVERSATION_DOCUMENT_TYPE, metadataFingerprint, readConversationDocument, type ConversationMetadata } from './conversation-document.js';
import { ENTRY_DOCUMENT_TYPE, readEntryDocument, type PulledEntry } from './entry-document.js';
import { fetchAttachments } from './pull-attachments.js';
import { promiseAttachments } from './promise-attachments.js';
import { applyServerMetadata, conversationFields, fetchConversationDocuments } from './server-metadata.js';
import type { SyncSession } from './sync-session.js';
import { MAX_WAITING, WaitingDocuments } from './waiting-documents.js';

interface ChangeRow { id?: string; seq?: string | number; deleted?: boolean; doc?: Record<string, unknown> | null }
interface ChangesBody { results?: ChangeRow[]; last_seq?: string | number }

/** Options of {@link pullChanges}. @internal */
export interface PullOptions {
  /** Whether to save the checkpoint after the last batch (`once` saves one for both ways). */
  saveLast: boolean;
  /** Live mode: the first `_changes` request is a long poll that waits for a change. */
  longpoll?: boolean;
  signal?: AbortSignal;
}

/** What a pull applied: the entries merged into the store and the conversations created, renamed or deleted. */
export interface PullResult { entries: number; conversations: number }

/**
 * Pulls the `_changes` feed from the checkpoint in batches of `batchSize` and applies each batch
 * to the store (the attachments its new entries reference fetched first, eagerly; lazy, only
 * checked on the server, fetched when `getAttachment` asks), then moves the
 * checkpoint (saved after each batch but the last): a crash between the two re-reads one batch,
 * which applies nothing twice. Entries whose parent has not arrived wait: their documents are
 * retried with every later batch of their conversation, and their ids are saved with the
 * checkpoint's position past them, so a restart reads them again by id. More than
 * {@link MAX_WAITING} waiting gives the oldest up with a `dropped_orphan` warning.
 * @internal
 */
export async function pullChanges(session: SyncSession, options: PullOptions): Promise<PullResult> {
  const checkpoint = await session.checkpoint(options.signal);
  const total: PullResult = { entries: 0, conversations: 0 };
  const waiting = new WaitingDocuments(await readWaiting(session, checkpoint.waiting, options.signal));
  let longpoll = options.longpoll === true;
  let saved = true;
  for (let first = true; ; first = false) {
    const response = await session.client.request<ChangesBody>({
      method: 'GET', path: '_changes',
      query: {
        since: checkpoint.since, limit: session.batchSize, include_docs: true,
        ...(longpoll ? { feed: 'longpoll', timeout: 60_000 } : {}),
      },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    longpoll = false;
    const rows = response.body?.results ?? [];
    const documents = rows.flatMap((row) => (row.deleted === true || typeof row.doc !== 'object' || row.doc === null ? [] : [row.doc]));
    const batch = waiting.retry(documents, first);
    const applied = await applyDocuments(session, batch, options.signal);
    for (const documentId of waiting.settle(batch, applied.waiting)) warnDropped(session, documentId);
    total.entries += applied.entries;
    total.conversations += applied.conversations;
    // The position and the waiting ids go into one checkpoint document: it never moves past a waiting document without keeping its id.
    const waitingChanged = updateWaiting(checkpoint, waiting.ids());
    const moved = response.body?.last_seq !== undefined && response.body.last_seq !== checkpoint.since;
    if (moved) checkpoint.since = response.body!.last_seq!;
    if (moved || waitingChanged) saved = false;
    if (applied.entries > 0 || applied.conversations > 0) session.emit({ type: 'progress', direction: 'pull', entries: applied.entries, conversations: applied.conversations });
    if (rows.length < session.batchSize) break;
    await session.save(options.signal);
    saved = true;
  }
  if (!saved && options.saveLast) await session.save(options.signal);
  return total;
}

/** Sets the checkpoint's waiting ids; whether they changed. */
function updateWaiting(checkpoint: SyncCheckpoint, ids: string[]): boolean {
  const changed = ids.length !== checkpoint.waiting.length || ids.some((id, index) => checkpoint.waiting[index] !== id);
  checkpoint.waiting = ids;
  return changed;
}

/** Documents the last pull left waiting for their parents, read again by id. */
async function readWaiting(session: SyncSession, ids: readonly string[], signal: AbortSignal | undefined): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const response = await session.client.request<{ rows?: Array<{ doc?: Record<string, unknown> | null }> }>({
    method: 'POST', path: '_all_docs', query: { include_docs: true }, body: { keys: ids }, ...(signal === undefined ? {} : { signal }),
  });
  return (response.body?.rows ?? []).flatMap((row) => (typeof row.doc === 'object' && row.doc !== null ? [row.doc] : []));
}

interface Applied { entries: number; conversations: number; waiting: string[] }

/** Applies one batch: metadata first (so a deletion is known before its entries), then entries per conversation. */
async function applyDocuments(session: SyncSession, documents: Record<string, unknown>[], signal: AbortSignal | undefined): Promise<Applied> {
  const applied: Applied = { entries: 0, conversations: 0, waiting: [] };
  const metadata = new Map<string, ConversationMetadata>();
  const entries = new Map<string, PulledEntry[]>();
  for (const document of documents) {
    if (document['type'] === CONVERSATION_DOCUMENT_TYPE) {
      const read = readConversationDocument(document);
      if ('reason' in read) warnDocument(session, document, read.reason);
      else metadata.set(read.conversationId, read);
    } else if (document['type'] === ENTRY_DOCUMENT_TYPE) {
      const read = readEntryDocument(document);
      if ('reason' in read) warnDocument(session, document, read.reason);
      else entries.set(read.conversationId, [...(entries.get(read.conversationId) ?? []), read]);
    }
    // Anything else (design documents, an app's own documents) is not ours: left alone.
  }
  for (const server of metadata.values()) {
    if (await applyMetadataSafely(session, server)) applied.conversations++;
  }
  const unknown = await conversationsToLookUp(session, entries, metadata);
  for (const [conversationId, pulled] of entries) {
    const server = metadata.get(conversationId) ?? unknown.get(conversationId);
    if (server?.deleted === true || session.deletions.has(conversationId)) continue;
    const result = await mergeSafely(session, conversationId, pulled, server, signal);
    if (result === undefined) continue;
    applied.entries += result.added;
    if (result.created) applied.conversations++;
    applied.waiting.push(...result.waiting);
  }
  return applied;
}

/** The server's metadata for conversations that have entries in this batch but no local record and no metadata in the batch. */
async function conversationsToLookUp(
  session: SyncSession, entries: Map<string, PulledEntry[]>, metadata: Map<string, ConversationMetadata>,
): Promise<Map<string, ConversationMetadata>> {
  const missing: string[] = [];
  for (const conversationId of entries.keys()) {
    if (metadata.has(conversationId)) continue;
    if ((await session.store.getConversation(conversationId)) === undefined) missing.push(conversationId);
  }
  const found = await fetchConversationDocuments(session, missing);
  const usable = new Map<string, ConversationMetadata>();
  for (const [conversationId, read] of found) if (!('reason' in read)) usable.set(conversationId, read);
  return usable;
}

async function applyMetadataSafely(session: SyncSession, server: ConversationMetadata): Promise<boolean> {
  try {
    return await applyServerMetadata(session, server);
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    warn(session, { code: 'skipped_document', message: `The metadata of conversation ${server.conversationId} was not applied: ${error.message}` });
    return false;
  }
}

interface Merged { added: number; created: boolean; waiting: string[] }

async function mergeSafely(
  session: SyncSession, conversationId: string, pulled: PulledEntry[], server: ConversationMetadata | undefined, signal: AbortSignal | undefined,
): Promise<Merged | undefined> {
  const checkpoint = await session.checkpoint();
  const conversation = server === undefined
    ? { title: '', createdAt: String(pulled[0]!.entry['timestamp'] ?? new Date(0).toISOString()) }
    : conversationFields(server);
  try {
    const result = await session.store.mergeEntries(conversationId, pulled.map((item) => item.entry), {
      conversation, trusted: session.trusted,
      fetchAttachments: (missing) => (session.lazy ? promiseAttachments(session, missing, signal) : fetchAttachments(session, missing, signal)),
    });
    for (const warning of result.warnings) warn(session, warning);
    if (result.created && server?.rev !== undefined) {
      checkpoint.metadata[conversationId] = { rev: server.rev, fingerprint: metadataFingerprint(server) };
    }
    // Everything local was on the server when the merge's transaction began: the seqs it allocated
    // need not go back up. Not a lastSeq read before the merge: an append (another tab, a reply
    // streaming in) between that read and the merge would be marked pushed and never sent.
    if ((checkpoint.pushed[conversationId] ?? 0) === result.previousLastSeq) checkpoint.pushed[conversationId] = result.conversation.lastSeq;
    const byId = new Map(pulled.map((item) => [String(item.entry['id']), item.documentId]));
    return { added: result.added.length, created: result.created, waiting: result.waiting.map((id) => byId.get(id) ?? id) };
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    warn(session, { code: 'skipped_document', message: `The entries pulled for conversation ${conversationId} were not applied: ${error.message}` });
    return undefined;
  }
}

// Whether the pulled document is at fault, so it is skipped (and the checkpoint moves past it). Not
// when the store is closed or failing, convolog has a bug (`internal_error`), or fetching an
// attachment's bytes failed (`sync_failed`): those stop the pull.
function isDocumentError(error: unknown): error is ConvologError {
  return isConvologError(error) && !['closed', 'quota_exceeded', 'storage_unavailable', 'internal_error', 'sync_failed'].includes(error.code);
}

function warnDocument(session: SyncSession, document: Record<string, unknown>, reason: string): void {
  const documentId = typeof document['_id'] === 'string' ? document['_id'] : undefined;
  warn(session, { code: 'skipped_document', message: `Skipped document ${documentId ?? '(no id)'}: ${reason}.` }, documentId);
}

function warnDropped(session: SyncSession, documentId: string): void {
  warn(session, {
    code: 'dropped_orphan',
    message: `Gave up waiting for the parent of ${documentId}: more than ${MAX_WAITING} pulled entries were waiting for their parents and this one waited longest. `
      + 'It stays on the server; a sync client with a new deviceId (a full sync) reads it again.',
  }, documentId);
}

function warn(session: SyncSession, warning: Warning, documentId?: string): void {
  session.emit({ type: 'warning', warning, ...(documentId === undefined ? {} : { documentId }) });
}
