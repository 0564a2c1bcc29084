import type { AttachmentSource } from '../core/message.js';
import { warnAttachment } from './attachment-warning.js';
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
      warnAttachment(session, source, 'missing_attachment', 'is not on the server (the device that pushed it did not have its bytes, or has not pushed them yet)');
      continue;
    }
    // Not even stored: bytes of another size than the reference declares cannot be the ones it names.
    if (response.body.byteLength !== source.size) {
      warnAttachment(session, source, 'attachment_mismatch', `came from the server as ${response.body.byteLength} bytes: refused`);
      continue;
    }
    const stored = await session.store.putAttachment(response.body, {
      mediaType: source.mediaType, ...(source.filename === undefined ? {} : { filename: source.filename }),
    });
    if (stored.id !== source.id) {
      warnAttachment(session, source, 'attachment_mismatch', `came from the server as other bytes (SHA-256 ${stored.id}, ${stored.size} bytes): refused`);
    }
  }
}
