import type { AttachmentRef } from '../attachments/attachment-ref.js';
import type { JournalIssue } from '../types/open-report.js';
import { attachmentFile, attachmentFileName } from './attachment-file.js';
import type { JournalStorage } from './journal-storage.js';
import { canMarkLive, whileLive } from './live-files.js';
import { describe } from './reset-marker.js';

/**
 * Keeps each attachment's bytes in the journal folder (DESIGN §21), one file per id, written
 * before `putAttachment` resolves. Bytes new to this session are written beside the put's commit
 * (`committed`), with their file marked live meanwhile: a roll skips live files, so it never takes
 * the file for one of deleted bytes before the commit lands (without Web Locks, after the commit).
 * Bytes this session wrote already are written again only when the put added them to IndexedDB (a
 * roll may have removed the file when the attachment was deleted). A write that fails is an issue,
 * never a failed put: IndexedDB holds the bytes.
 * @internal
 */
export function attachmentJournal(storage: JournalStorage, database: string, onIssue: (issue: JournalIssue) => void):
  ((ref: AttachmentRef, bytes: Uint8Array, committed: Promise<boolean>) => Promise<void>) | undefined {
  const { writeBytes } = storage;
  if (writeBytes === undefined) return undefined;
  const written = new Set<string>();
  const write = async (ref: AttachmentRef, bytes: Uint8Array): Promise<void> => {
    const file = attachmentFileName(ref.id);
    try {
      await writeBytes.call(storage, file, attachmentFile(database, ref, bytes));
      written.add(ref.id);
    } catch (error) {
      onIssue({ code: 'journal_write_failed', file, message: `An attachment's bytes (${ref.size} bytes) could not be journaled (${describe(error)}); a reset would lose them.` });
    }
  };
  return async (ref, bytes, committed) => {
    if (written.has(ref.id) || !canMarkLive()) {
      const added = await committed;
      if (added || !written.has(ref.id)) await write(ref, bytes);
      return;
    }
    // Observed now, not once the lock is granted: a commit refused while the lock is awaited
    // would be an unhandled rejection meanwhile.
    const commit = committed.then(() => undefined, (error: unknown) => ({ error }));
    // Both settle before the file stops being live: a write still running after a failed commit
    // would be a file a roll may try to remove while it is open.
    const [failed] = await whileLive(database, attachmentFileName(ref.id), () => Promise.all([commit, write(ref, bytes)]));
    if (failed !== undefined) throw failed.error;
  };
}
