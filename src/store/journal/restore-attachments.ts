import { putAttachment } from '../attachments/put-attachment.js';
import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { ATTACHMENT_FILE_PREFIX, parseAttachmentFile } from './attachment-file.js';
import type { JournalStorage } from './journal-storage.js';
import { describe } from './reset-marker.js';

/**
 * Puts back every attachment the journal folder holds (DESIGN §21), before the conversations that
 * reference them are restored, one file at a time (one attachment's bytes in memory at once).
 * Each is checked against its id (`putAttachment` hashes it): a file damaged on disk, cut short,
 * or not a convolog attachment is an issue, and its references answer `not_found`. A put starts
 * the grace period (DESIGN §18): bytes no restored conversation references go after it.
 * Returns how many were put back.
 * @internal
 */
export async function restoreAttachments(context: StoreContext, storage: JournalStorage, issues: JournalIssue[]): Promise<number> {
  if (storage.readBytes === undefined) return 0;
  let restored = 0;
  for (const file of (await storage.list()).sort()) {
    if (!file.startsWith(ATTACHMENT_FILE_PREFIX)) continue;
    const problem = await restoreOne(context, storage, file);
    if (problem === undefined) restored++;
    else issues.push({ code: 'journal_unreadable', file, message: `The attachment ${file} in the journal was not restored: ${problem}. Messages that show it will say it is not available.` });
  }
  return restored;
}

async function restoreOne(context: StoreContext, storage: JournalStorage, file: string): Promise<string | undefined> {
  let parsed;
  try {
    const content = await storage.readBytes!(file);
    if (content === undefined) return 'it is gone';
    parsed = parseAttachmentFile(content, context.name);
  } catch (error) {
    return `it could not be read (${describe(error)})`;
  }
  if (typeof parsed === 'string') return parsed;
  const { header, bytes } = parsed;
  if (file !== `${ATTACHMENT_FILE_PREFIX}${header.id}`) return 'its name and its header name different attachments';
  try {
    const ref = await putAttachment(context, bytes, { mediaType: header.mediaType, ...(header.filename === undefined ? {} : { filename: header.filename }) });
    // Stored under the bytes' own hash, which nothing references: collected after the grace period.
    if (ref.id !== header.id) return 'its bytes do not match its id (damaged on disk)';
  } catch (error) {
    return `putting it back failed (${describe(error)})`;
  }
  return undefined;
}
