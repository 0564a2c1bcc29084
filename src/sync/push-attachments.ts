import type { Entry } from '../core/entry.js';
import { isConvologError } from '../core/error.js';
import { mediaParts } from '../core/media-parts.js';
import type { AttachmentSource } from '../core/message.js';
import { attachmentDocumentId, documentPath } from './document-ids.js';
import { syncFailed } from './sync-failed.js';
import type { SyncSession } from './sync-session.js';

/** The name of the CouchDB attachment that holds an attachment document's bytes. @internal */
export const ATTACHMENT_NAME = 'data';

/** The reason our validate_doc_update gives for an attachment document that is already there. @internal */
export const ATTACHMENT_WRITE_ONCE_REASON = 'convolog: attachment documents are write-once';

/** Adds the attachments an entry references to `into` (one per id, the first reference met). @internal */
export function collectAttachments(entry: Entry, into: Map<string, AttachmentSource>): void {
  if (entry.type !== 'message') return;
  for (const [, part] of mediaParts(entry.message)) {
    if (part.source.kind === 'attachment' && !into.has(part.source.id)) into.set(part.source.id, part.source);
  }
}

interface AllDocsRow { key?: string; value?: { deleted?: boolean }; error?: string }

/**
 * Before a batch's entry documents go up: uploads each attachment they reference that the server
 * lacks, as the CouchDB attachment `data` of the document `attachment:<id>` (bytes as they are,
 * with their media type). One `POST _all_docs` tells which are there; those are not sent again, and
 * an upload answered 409 (or our validate function's write-once refusal) found it there too. A
 * reference whose bytes are not stored here goes up without them, with a `missing_attachment`
 * warning. Returns how many attachment documents are new on the server.
 * @internal
 */
export async function pushAttachments(
  session: SyncSession, sources: ReadonlyMap<string, AttachmentSource>, signal: AbortSignal | undefined,
): Promise<number> {
  if (sources.size === 0) return 0;
  const withSignal = signal === undefined ? {} : { signal };
  const response = await session.client.request<{ rows?: AllDocsRow[] }>({
    method: 'POST', path: '_all_docs', body: { keys: [...sources.keys()].map(attachmentDocumentId) }, ...withSignal,
  });
  const rows = new Map((response.body?.rows ?? []).flatMap((row) => (row.value !== undefined && typeof row.key === 'string' ? [[row.key, row.value]] : [])));
  let written = 0;
  for (const source of sources.values()) {
    const row = rows.get(attachmentDocumentId(source.id));
    if (row !== undefined && row.deleted !== true) continue;
    const data = await localBytes(session, source);
    if (data !== undefined && await upload(session, source, data, row?.deleted === true, signal)) written++;
  }
  return written;
}

/** The bytes stored here, or undefined (with a warning) when this store does not have them. */
async function localBytes(session: SyncSession, source: AttachmentSource): Promise<Blob | undefined> {
  try {
    return await session.store.getAttachment(source.id);
  } catch (error) {
    if (!isConvologError(error) || (error.code !== 'not_found' && error.code !== 'corrupt_entry')) throw error;
    warn(session, source, `is not stored on this device (${error.code}): the entries that reference it were pushed with the reference only, `
      + 'so other devices cannot show it. Put the file again here, or on a device that has it, and push from there.');
    return undefined;
  }
}

/**
 * Uploads one attachment's bytes; whether the server's document is new. A document deleted on the
 * server (only a writer other than convolog can: setup()'s validate function refuses it) may not
 * take them again: pouchdb-server answers 404 to an attachment PUT on a deleted document.
 */
async function upload(session: SyncSession, source: AttachmentSource, data: Blob, deleted: boolean, signal: AbortSignal | undefined): Promise<boolean> {
  const path = `${documentPath(attachmentDocumentId(source.id))}/${ATTACHMENT_NAME}`;
  const response = await session.client.request<{ error?: string; reason?: string }>({
    method: 'PUT', path, bytes: { data, mediaType: data.type === '' ? source.mediaType : data.type }, accept: deleted ? [403, 404, 409, 413] : [403, 409, 413],
    ...(signal === undefined ? {} : { signal }),
  });
  if (response.status === 409) return false;
  if (response.status === 404) {
    warn(session, source, 'was deleted on the server and could not be written again: the entries that reference it were pushed with the reference only.');
    return false;
  }
  if (response.status === 413) {
    warn(session, source, 'was refused by the server as too large (HTTP 413): the entries that reference it were pushed with the reference only. '
      + 'Raise the server\'s max_attachment_size / max_http_request_size to sync it.');
    return false;
  }
  if (response.status !== 403) return true;
  if (response.body?.reason === ATTACHMENT_WRITE_ONCE_REASON) return false;
  const { error, reason } = response.body ?? {};
  throw syncFailed({
    request: `PUT ${path}`, status: 403,
    ...(typeof error === 'string' ? { error: session.client.redact(error) } : {}),
    ...(typeof reason === 'string' ? { reason: session.client.redact(reason) } : {}),
  });
}

function warn(session: SyncSession, source: AttachmentSource, what: string): void {
  session.emit({
    type: 'warning',
    warning: { code: 'missing_attachment', message: `Attachment ${source.id} (${source.mediaType}, ${source.size} bytes) ${what}` },
    documentId: attachmentDocumentId(source.id),
  });
}
