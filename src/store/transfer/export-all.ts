import { throwIfAborted } from '../database/aborted-error.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { BACKUP_FILE, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ExportAllOptions } from './backup-format.js';
import { exportedAttachment, exportOf } from './export-conversation.js';
import { readBackupBatch, type BatchConversation } from './read-backup-batch.js';
import { ATTACHMENTS_FOLDER } from './zip/zip-export-names.js';
import { ZipWriter } from './zip/zip-writer.js';

const OPERATION = 'The backup';

/**
 * `store.exportAll`: a ZIP of every conversation, each as its v3 export (every branch,
 * compactions, appData) in `conversations/<n>.json`, each attachment's bytes once in
 * `attachments/<id>`, and `backup.json` (which file holds which conversation) last. A few
 * conversations per read (`readBackupBatch`): each is read whole in one transaction (so a write
 * in another tab is in it whole or not at all, never torn), written to the ZIP, whose parts move
 * into Blobs as they grow; only the ids are held for all of them. A conversation deleted
 * meanwhile is left out.
 * @internal
 */
export async function exportAll(context: StoreContext, options: ExportAllOptions = {}): Promise<Blob> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  const ids = await runTransaction(context, ['conversations'], 'readonly', OPERATION, (transaction) => transaction.objectStore('conversations').getAllKeys());
  const zip = new ZipWriter();
  const written = new Set<string>();
  const manifest: BackupManifest = { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, exportedAt: context.now().toISOString(), conversations: [] };
  const encoder = new TextEncoder();
  for (let done = 0; done < ids.length;) {
    throwIfAborted(OPERATION, signal);
    const { conversations, covered } = await readBackupBatch(context, ids.slice(done), written);
    for (const conversation of conversations) {
      const file = `conversations/${ids.indexOf(conversation.record.id, done)}.json`;
      zip.add(file, encoder.encode(JSON.stringify(exportOfBatch(context, conversation))), true);
      for (const { record, chunks } of conversation.attachments) {
        if (chunks === undefined) continue;
        zip.addStored(ATTACHMENTS_FOLDER + record.id, chunks);
        written.add(record.id);
      }
      manifest.conversations.push({ id: conversation.record.id, file });
    }
    // Still once per conversation, as documented: a batch is this module's business.
    for (const end = done + covered; done < end; done++) onProgress?.({ done: done + 1, total: ids.length });
  }
  zip.add(BACKUP_FILE, encoder.encode(JSON.stringify(manifest)), true);
  return zip.finish();
}

function exportOfBatch(context: StoreContext, { record, entries, attachments }: BatchConversation) {
  const exported = exportOf(context.now(), record, entries);
  if (attachments.length > 0) exported.attachments = attachments.map((attachment) => exportedAttachment(attachment.record));
  return exported;
}
