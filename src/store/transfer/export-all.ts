import { isConvologError } from '../../core/error.js';
import { throwIfAborted } from '../database/aborted-error.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { BACKUP_FILE, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ExportAllOptions } from './backup-format.js';
import { ATTACHMENTS_FOLDER } from './zip/zip-export-names.js';
import { exportedAttachment, readConversationSnapshot, type ConversationSnapshot } from './export-conversation.js';
import { ZipWriter } from './zip/zip-writer.js';

const OPERATION = 'The backup';

/**
 * `store.exportAll`: a ZIP of every conversation, each as its v3 export (every branch,
 * compactions, appData) in `conversations/<n>.json`, each attachment's bytes once in
 * `attachments/<id>`, and `backup.json` (which file holds which conversation) last. Conversation
 * by conversation: each is read in its own transaction (so a write in another tab is in it whole
 * or not at all, never torn), written to the ZIP and moved into a Blob before the next; only the
 * ids are held for all of them. A conversation deleted meanwhile is left out.
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
  for (const [index, id] of ids.entries()) {
    throwIfAborted(OPERATION, signal);
    const snapshot = await snapshotUnlessDeleted(context, id, written);
    if (snapshot !== undefined) {
      const { exported, attachments } = snapshot;
      if (attachments.length > 0) exported.attachments = attachments.map(({ record }) => exportedAttachment(record));
      const file = `conversations/${index}.json`;
      zip.add(file, encoder.encode(JSON.stringify(exported)), true);
      for (const { record, bytes } of attachments) {
        if (bytes === undefined) continue;
        zip.add(ATTACHMENTS_FOLDER + record.id, bytes, false);
        written.add(record.id);
      }
      zip.flush();
      manifest.conversations.push({ id, file });
    }
    onProgress?.({ done: index + 1, total: ids.length });
  }
  zip.add(BACKUP_FILE, encoder.encode(JSON.stringify(manifest)), true);
  return zip.finish();
}

async function snapshotUnlessDeleted(context: StoreContext, id: string, written: ReadonlySet<string>): Promise<ConversationSnapshot | undefined> {
  try {
    return await readConversationSnapshot(context, id, true, written);
  } catch (error) {
    if (isConvologError(error, 'not_found')) return undefined;
    throw error;
  }
}
