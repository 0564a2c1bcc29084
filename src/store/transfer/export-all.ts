import { throwIfAborted } from '../database/aborted-error.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { BACKUP_FILE, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ExportAllOptions } from './backup-format.js';
import { exportedAttachment, exportOf } from './export-conversation.js';
import { readBackupBatch, type BatchConversation } from './read-backup-batch.js';
import { crc32 } from './zip/crc32.js';
import { deflateRaw } from './zip/deflate-raw.js';
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
  for (let done = 0; done < ids.length;) {
    throwIfAborted(OPERATION, signal);
    const { conversations, covered } = await readBackupBatch(context, ids.slice(done), written);
    for (const conversation of conversations) {
      const file = `conversations/${ids.indexOf(conversation.record.id, done)}.json`;
      // One at a time: 50 native deflate streams at once were 2–4× slower in Chromium than in turn.
      const { deflated, crc, size } = await deflatedJson(exportOfBatch(context, conversation));
      zip.addDeflated(file, deflated, crc, size);
      for (const { record, chunks } of conversation.attachments) {
        if (chunks === undefined) continue;
        zip.addStored(ATTACHMENTS_FOLDER + record.id, chunks);
        written.add(record.id);
      }
      manifest.conversations.push({ id: conversation.record.id, file, title: conversation.record.title });
    }
    // Still once per conversation, as documented: a batch is this module's business.
    for (const end = done + covered; done < end; done++) onProgress?.({ done: done + 1, total: ids.length });
  }
  zip.add(BACKUP_FILE, new TextEncoder().encode(JSON.stringify(manifest)), true);
  return zip.finish();
}

function exportOfBatch(context: StoreContext, { record, entries, attachments }: BatchConversation) {
  const exported = exportOf(context.now(), record, entries);
  if (attachments.length > 0) exported.attachments = attachments.map((attachment) => exportedAttachment(attachment.record));
  return exported;
}

/** One conversation's JSON, deflated, with what its ZIP entry records (the CRC and size of the JSON). */
async function deflatedJson(exported: unknown): Promise<{ deflated: Uint8Array[]; crc: number; size: number }> {
  const bytes = new TextEncoder().encode(JSON.stringify(exported));
  return { deflated: await deflateRaw(bytes), crc: crc32(bytes), size: bytes.byteLength };
}
