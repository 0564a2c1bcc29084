import { ConvologError, isConvologError } from '../core/error.js';
import type { AttachmentFetcher } from '../store/types/attachment-fetcher.js';
import { attachmentDocumentId, documentPath } from './document-ids.js';
import { ATTACHMENT_NAME } from './push-attachments.js';
import type { SyncSession } from './sync-session.js';

/**
 * What `{ attachments: 'lazy' }` adds to the store (`store.addAttachmentFetcher`): the server's
 * bytes of an attachment (`GET attachment:<id>/data`), which the store checks against the id
 * before it stores them. No document: `undefined` (the store's `not_found`). A request that fails
 * (offline, 5xx) is a `sync_failed` that says the bytes are on the server and to retry when
 * online; its cause is the client's error, credentials already cut out.
 * @internal
 */
export function serverAttachmentFetcher(session: SyncSession): AttachmentFetcher {
  return {
    async fetchAttachment(id) {
      let response;
      try {
        response = await session.client.request<ArrayBuffer>({
          method: 'GET', path: `${documentPath(attachmentDocumentId(id))}/${ATTACHMENT_NAME}`, binary: true, accept: [404],
        });
      } catch (error) {
        throw isConvologError(error) && error.code === 'sync_failed' ? notFetched(id, error) : error;
      }
      if (response.status === 404) return undefined;
      return { bytes: response.body, mediaType: response.mediaType ?? 'application/octet-stream' };
    },
  };
}

function notFetched(id: string, cause: ConvologError): ConvologError {
  const status = cause.details?.['status'];
  const what = typeof status === 'number' ? `the sync server answered HTTP ${status}` : 'no response from the sync server';
  return new ConvologError({
    code: 'sync_failed',
    details: { ...cause.details, attachmentId: id },
    cause,
    message: `Attachment "${id}" is on the sync server but not yet on this device (lazy sync fetches it when shown), and fetching it failed: ${what}. `
      + 'Retry when online (or when the server is back); nothing was lost.',
  });
}
