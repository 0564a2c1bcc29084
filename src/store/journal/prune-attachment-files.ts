import { readAttachment } from '../attachments/get-attachment.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { ATTACHMENT_FILE_PREFIX, attachmentFile, attachmentFileName } from './attachment-file.js';
import type { JournalStorage } from './journal-storage.js';

/**
 * Removes the files of attachments IndexedDB no longer has (deleted with the last conversation
 * that referenced them, or collected), as a roll ends. `listed` was read before IndexedDB is: a
 * put commits its bytes before it writes their file, so a file listed then whose id IndexedDB
 * lacks now was not being written by a put still under way.
 *
 * The same bytes can still be put again (another tab pastes the picture once more) between the
 * read and the removal, and their file written just before it is removed. So the ids removed are
 * read once more afterwards, and the file of any stored again is written anew from IndexedDB: a
 * put that commits after that read writes its own file after the removal.
 * @internal
 */
export async function pruneAttachmentFiles(context: StoreContext, storage: JournalStorage, listed: readonly string[]): Promise<void> {
  const files = listed.filter((name) => name.startsWith(ATTACHMENT_FILE_PREFIX));
  if (files.length === 0) return;
  const stored = await storedIds(context);
  const removed: string[] = [];
  for (const file of files) {
    const id = file.slice(ATTACHMENT_FILE_PREFIX.length);
    if (stored.has(id)) continue;
    await storage.remove(file);
    removed.push(id);
  }
  if (removed.length === 0) return;
  const back = await storedIds(context);
  for (const id of removed) if (back.has(id)) await writeAgain(context, storage, id);
}

function storedIds(context: StoreContext): Promise<Set<string>> {
  return runTransaction(context, ['attachments'], 'readonly', 'Reading the attachments for the journal',
    async (transaction) => new Set(await transaction.objectStore('attachments').getAllKeys()));
}

async function writeAgain(context: StoreContext, storage: JournalStorage, id: string): Promise<void> {
  if (storage.writeBytes === undefined) return;
  const stored = await readAttachment(context, id).catch(() => undefined); // deleted again meanwhile: nothing to keep
  if (stored === undefined) return;
  const { record, blob } = stored;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const ref = { kind: 'attachment' as const, id, mediaType: record.mediaType, size: bytes.byteLength, ...(record.filename === undefined ? {} : { filename: record.filename }) };
  await storage.writeBytes(attachmentFileName(id), attachmentFile(context.name, ref, bytes));
}
