import type { AttachmentSource } from '../core/message.js';
import { attachmentDocumentId } from './document-ids.js';
import type { SyncSession } from './sync-session.js';

/** The pull's warning about an attachment's bytes it could not bring or vouch for (eager or lazy). @internal */
export function warnAttachment(session: SyncSession, source: AttachmentSource, code: 'missing_attachment' | 'attachment_mismatch', what: string): void {
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
