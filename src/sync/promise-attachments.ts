import type { AttachmentSource } from '../core/message.js';
import { warnAttachment } from './attachment-warning.js';
import { attachmentDocumentId } from './document-ids.js';
import { ATTACHMENT_NAME } from './push-attachments.js';
import type { SyncSession } from './sync-session.js';

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
    else if (size === undefined) warnAttachment(session, source, 'missing_attachment', 'is not on the server (the device that pushed it did not have its bytes, or has not pushed them yet)');
    else warnAttachment(session, source, 'attachment_mismatch', `is on the server as ${String(size)} bytes: refused`);
  }
  return promised;
}
