import type { AttachmentSource } from '../core/message.js';
import { attachmentDocumentId, documentPath } from './document-ids.js';
import { ATTACHMENT_NAME } from './push-attachments.js';
import type { SyncSession } from './sync-session.js';

/**
 * `mergeEntries`' `fetchAttachments` for a pull: fetches each attachment that pulled entries
 * reference and this store lacks (`GET attachment:<id>/data`, bytes as they are) and puts it. The
 * server is not trusted with the bytes: bytes of another size than the reference declares are
 * refused unstored, and `putAttachment` returns the id of what it stored (their SHA-256): other
 * bytes than the id names are refused too, with an `attachment_mismatch` warning each (those stay
 * an unreferenced put, collected after the grace period). A server without the
 * document is a `missing_attachment` warning. Either way the merge then drops the reference
 * (untrusted) or keeps it without bytes (trusted). A failed request stops the pull (`sync_failed`),
 * so nothing is dropped for a reason that is not the document's.
 * @internal
 */
export async function fetchAttachments(session: SyncSession, missing: readonly AttachmentSource[], signal: AbortSignal | undefined): Promise<void> {
  for (const source of missing) {
    const response = await session.client.request<ArrayBuffer>({
      method: 'GET', path: `${documentPath(attachmentDocumentId(source.id))}/${ATTACHMENT_NAME}`, binary: true, accept: [404],
      ...(signal === undefined ? {} : { signal }),
    });
    if (response.status === 404) {
      warn(session, source, 'missing_attachment', 'is not on the server (the device that pushed it did not have its bytes, or has not pushed them yet)');
      continue;
    }
    // Not even stored: bytes of another size than the reference declares cannot be the ones it names.
    if (response.body.byteLength !== source.size) {
      warn(session, source, 'attachment_mismatch', `came from the server as ${response.body.byteLength} bytes: refused`);
      continue;
    }
    const stored = await session.store.putAttachment(response.body, {
      mediaType: source.mediaType, ...(source.filename === undefined ? {} : { filename: source.filename }),
    });
    if (stored.id !== source.id) {
      warn(session, source, 'attachment_mismatch', `came from the server as other bytes (SHA-256 ${stored.id}, ${stored.size} bytes): refused`);
    }
  }
}

interface AttachmentRow { key?: string; doc?: { _attachments?: Record<string, { length?: unknown }> } | null }

/**
 * `mergeEntries`' `fetchAttachments` for a lazy pull (`{ attachments: 'lazy' }`): fetches no
 * bytes, and asks the server in one request (`POST _all_docs`, documents with attachment stubs)
 * which of the missing attachments it holds with the size the reference declares. Those ids are
 * the promise the merge keeps the references on (`getAttachment` fetches and checks the bytes
 * later); the rest are warned as the eager pull warns them and dropped (untrusted). A trusted merge
 * keeps every reference anyway: no request.
 * @internal
 */
export async function promiseAttachments(session: SyncSession, missing: readonly AttachmentSource[], signal: AbortSignal | undefined): Promise<string[]> {
  if (session.trusted) return [];
  const response = await session.client.request<{ rows?: AttachmentRow[] }>({
    method: 'POST', path: '_all_docs', query: { include_docs: true }, body: { keys: missing.map((source) => attachmentDocumentId(source.id)) },
    ...(signal === undefined ? {} : { signal }),
  });
  const sizes = new Map<string, unknown>();
  for (const row of response.body?.rows ?? []) {
    if (typeof row.key === 'string' && typeof row.doc === 'object' && row.doc !== null) sizes.set(row.key, row.doc._attachments?.[ATTACHMENT_NAME]?.length);
  }
  const promised: string[] = [];
  for (const source of missing) {
    const size = sizes.get(attachmentDocumentId(source.id));
    if (size === source.size) promised.push(source.id);
    else if (size === undefined) warn(session, source, 'missing_attachment', 'is not on the server (the device that pushed it did not have its bytes, or has not pushed them yet)');
    else warn(session, source, 'attachment_mismatch', `is on the server as ${String(size)} bytes: refused`);
  }
  return promised;
}

function warn(session: SyncSession, source: AttachmentSource, code: 'missing_attachment' | 'attachment_mismatch', what: string): void {
  session.emit({
    type: 'warning',
    warning: {
      code,
      message: `Attachment ${source.id} (${source.mediaType}, ${source.size} bytes) ${what}. `
        + (session.trusted ? 'The entries keep the reference without its bytes.' : 'The entries that reference it were merged without it.'),
    },
    documentId: attachmentDocumentId(source.id),
  });
}
