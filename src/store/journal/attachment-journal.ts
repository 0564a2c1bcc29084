import type { AttachmentRef } from '../attachments/attachment-ref.js';
import type { JournalIssue } from '../types/open-report.js';
import { attachmentFile, attachmentFileName } from './attachment-file.js';
import type { JournalStorage } from './journal-storage.js';
import { describe } from './reset-marker.js';

/**
 * Keeps each attachment's bytes in the journal folder (DESIGN §21), one file per id, written
 * before `putAttachment` resolves. Bytes this put added to IndexedDB are always written (a roll
 * may have removed an earlier file when the attachment was deleted); bytes it found there are
 * written unless this session wrote them already (they may predate the journal). A write that
 * fails is an issue, never a failed put: IndexedDB holds the bytes.
 * @internal
 */
export function attachmentJournal(storage: JournalStorage, database: string, onIssue: (issue: JournalIssue) => void):
  ((ref: AttachmentRef, bytes: Uint8Array, added: boolean) => Promise<void>) | undefined {
  const { writeBytes } = storage;
  if (writeBytes === undefined) return undefined;
  const written = new Set<string>();
  return async (ref, bytes, added) => {
    if (!added && written.has(ref.id)) return;
    const file = attachmentFileName(ref.id);
    try {
      await writeBytes.call(storage, file, attachmentFile(database, ref, bytes));
      written.add(ref.id);
    } catch (error) {
      onIssue({ code: 'journal_write_failed', file, message: `An attachment's bytes (${ref.size} bytes) could not be journaled (${describe(error)}); a reset would lose them.` });
    }
  };
}
