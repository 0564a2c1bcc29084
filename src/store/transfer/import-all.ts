import { isConvologError, type ConvologErrorCode } from '../../core/error.js';
import { toPlainJson } from '../../core/plain-json.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { StoreContext } from '../database/store-context.js';
import { BACKUP_FILE, BACKUP_FORMAT, type BackupManifest, type ImportAllOptions, type ImportAllResult } from './backup-format.js';
import { DEFAULT_MAX_IMPORT_BYTES } from './check-import-size.js';
import type { ZipConversation } from './read-zip-export.js';
import { restoreConversation } from './restore-conversation.js';
import { invalidArchive } from './zip/invalid-archive.js';
import type { ZipEntry } from './zip/zip-directory.js';

const OPERATION = 'The restore';

/** Faults of the file's own part for one conversation: that conversation is skipped, the rest restored. */
const DAMAGE: ReadonlySet<ConvologErrorCode> = new Set<ConvologErrorCode>([
  'invalid_archive', 'attachment_mismatch', 'invalid_history', 'too_large', 'pairing', 'invalid_cut', 'unsupported_version',
  'unknown_content_type', 'invalid_message', 'invalid_app_data', 'system_field',
]);

/**
 * `store.importAll`: restores a backup of `exportAll`, conversation by conversation, each with
 * its attachments in one transaction: whole or not at all. A conversation whose part of the file
 * is damaged or tampered with (bad JSON, bytes that do not hash to their id, a bomb, a missing
 * file) is skipped and reported, the others restored. A file that is no backup, or cut off (its
 * directory, at the end, is gone), is refused before anything is written. Anything else (quota,
 * a closed store, `aborted`) stops the restore there and throws; what was restored stays.
 * @internal
 */
export async function importAll(context: StoreContext, blob: Blob, options: ImportAllOptions = {}): Promise<ImportAllResult> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  if (!(typeof Blob !== 'undefined' && blob instanceof Blob)) throw new TypeError('importAll: give the backup as a Blob (a File), as exportAll made it.');
  const zip = await import('./read-zip-export.js');
  const entries = zip.zipEntriesByName(await zip.readZipDirectory(blob));
  const manifest = await readManifest(zip, blob, entries.get(BACKUP_FILE));
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  const result: ImportAllResult = { restored: [], existing: [], skipped: [], warnings: [] };
  for (const [index, { id, file }] of manifest.conversations.entries()) {
    throwIfAborted(OPERATION, signal);
    try {
      const entry = entries.get(file);
      if (entry === undefined) throw invalidArchive('missing_entry', `The backup lists ${file} but does not hold it.`, { entry: file });
      const { exported, carried }: ZipConversation = await zip.readZipConversation(blob, entries, entry, { maxBytes, left: maxBytes });
      const restored = await restoreConversation(context, toPlainJson(exported) as Record<string, unknown>, carried, options);
      if (restored.outcome === 'existing') result.existing.push(restored.id);
      else result.restored.push(restored.id);
      result.warnings.push(...restored.warnings);
    } catch (error) {
      if (!isConvologError(error) || !DAMAGE.has(error.code)) throw error;
      result.skipped.push({ conversationId: id, file, code: error.code, message: error.message });
    }
    onProgress?.({ done: index + 1, total: manifest.conversations.length });
  }
  return result;
}

async function readManifest(zip: typeof import('./read-zip-export.js'), blob: Blob, entry: ZipEntry | undefined): Promise<BackupManifest> {
  if (entry === undefined) {
    throw invalidArchive('missing_entry', `The ZIP holds no ${BACKUP_FILE}: it is not a convolog backup (one conversation's ZIP export goes through importConversation).`, { entry: BACKUP_FILE });
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(new TextDecoder().decode(await zip.readZipEntry(blob, entry, { maxBytes: DEFAULT_MAX_IMPORT_BYTES, left: DEFAULT_MAX_IMPORT_BYTES })));
  } catch (error) {
    if (isConvologError(error)) throw error;
    throw invalidArchive('corrupt', `The ${BACKUP_FILE} of the backup is not JSON.`, {}, error);
  }
  const { format, conversations } = (manifest ?? {}) as Partial<BackupManifest>;
  const listed = Array.isArray(conversations) && conversations.every((item) => typeof item?.id === 'string' && typeof item.file === 'string');
  if (format !== BACKUP_FORMAT || !listed) throw invalidArchive('corrupt', `The ${BACKUP_FILE} of the backup is not a convolog backup manifest.`);
  return manifest as BackupManifest;
}
