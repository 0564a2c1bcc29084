import { isConvologError, type ConvologErrorCode } from '../../core/error.js';
import { toPlainJson } from '../../core/plain-json.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { StoreContext } from '../database/store-context.js';
import { BACKUP_FILE, BACKUP_FORMAT, type BackupManifest, type ImportAllOptions, type ImportAllResult, type SkippedConversation } from './backup-format.js';
import { DEFAULT_MAX_IMPORT_BYTES } from './check-import-size.js';
import type { ZipConversation } from './read-zip-export.js';
import { checkRestore, restoreConversations, type RestoreItem } from './restore-conversations.js';
import type { ZipSource } from './zip/blob-window.js';
import { invalidArchive } from './zip/invalid-archive.js';
import type { ZipEntry } from './zip/zip-directory.js';

const OPERATION = 'The restore';

/** Faults of the file's own part for one conversation: that conversation is skipped, the rest restored. */
const DAMAGE: ReadonlySet<ConvologErrorCode> = new Set<ConvologErrorCode>([
  'invalid_archive', 'attachment_mismatch', 'invalid_history', 'too_large', 'pairing', 'invalid_cut', 'unsupported_version',
  'unknown_content_type', 'invalid_message', 'invalid_app_data', 'system_field',
]);

/**
 * At most this many conversations, and this many bytes of their JSON and attachments, per write
 * transaction (the first conversation always whole): a transaction per conversation cost
 * importAll most of its time (DESIGN §20), and the cap keeps what a batch holds bounded.
 */
export const IMPORT_BATCH = { conversations: 25, bytes: 1 * 2 ** 20 };

type Zip = typeof import('./read-zip-export.js');
type Listed = BackupManifest['conversations'][number];
interface Pending { item: RestoreItem; listed: Listed }

/**
 * `store.importAll`: restores a backup of `exportAll`, a few conversations per transaction, each
 * with its attachments: whole or not at all. A conversation whose part of the file is damaged or
 * tampered with (bad JSON, bytes that do not hash to their id, a bomb, a missing file) is skipped
 * and reported, the others restored. A file that is no backup, or cut off (its directory, at the
 * end, is gone), is refused before anything is written. Anything else (quota, a closed store,
 * `aborted`) stops the restore there and throws; what was restored stays. The file is read front
 * to back in windows (`BlobWindow`), not with two Blob reads per file.
 * @internal
 */
export async function importAll(context: StoreContext, blob: Blob, options: ImportAllOptions = {}): Promise<ImportAllResult> {
  const { signal, onProgress } = options;
  throwIfAborted(OPERATION, signal);
  if (!(typeof Blob !== 'undefined' && blob instanceof Blob)) throw new TypeError('importAll: give the backup as a Blob (a File), as exportAll made it.');
  const zip = await import('./read-zip-export.js');
  const entries = zip.zipEntriesByName(await zip.readZipDirectory(blob));
  const manifest = await readManifest(zip, blob, entries.get(BACKUP_FILE));
  const source = new zip.BlobWindow(blob);
  const result: ImportAllResult = { restored: [], existing: [], skipped: [], warnings: [] };
  const total = manifest.conversations.length;
  let batch: Pending[] = [];
  let bytes = 0;
  let done = 0;
  let journaled: Promise<void> | undefined;
  const flush = async (upTo: number): Promise<void> => {
    // The journal (DESIGN §21) re-reads and writes every restored conversation after its commit:
    // one batch may wait there while the next is written, never more (a restore outrunning the
    // journal held all of its lines in memory: 75–92 MB at 1,000 conversations).
    await journaled;
    await writeBatch(context, batch, options, result);
    journaled = context.journalFlushed?.();
    batch = [];
    bytes = 0;
    // Every conversation up to here is restored, existing or skipped: reported one by one, as documented.
    for (; done < upTo; done++) onProgress?.({ done: done + 1, total });
  };
  for (const [index, listed] of manifest.conversations.entries()) {
    throwIfAborted(OPERATION, signal);
    const read = await readConversation(zip, source, entries, listed.file, options);
    if ('code' in read) result.skipped.push({ ...skippedOf(listed), ...read });
    else {
      if (batch.length > 0 && bytes + read.bytes > IMPORT_BATCH.bytes) await flush(index);
      batch.push({ item: read.item, listed });
      bytes += read.bytes;
    }
    if (batch.length >= IMPORT_BATCH.conversations || bytes >= IMPORT_BATCH.bytes) await flush(index + 1);
  }
  await flush(total);
  return result;
}

/** One conversation of the backup, read and checked; its damage as what `skipped` lists. */
async function readConversation(zip: Zip, source: ZipSource, entries: ReadonlyMap<string, ZipEntry>, file: string, options: ImportAllOptions) {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  try {
    const entry = entries.get(file);
    if (entry === undefined) throw invalidArchive('missing_entry', `The backup lists ${file} but does not hold it.`, { entry: file });
    const budget = { maxBytes, left: maxBytes };
    const { exported, carried }: ZipConversation = await zip.readZipConversation(source, entries, entry, budget);
    return { item: checkRestore(toPlainJson(exported) as Record<string, unknown>, carried, options), bytes: maxBytes - budget.left };
  } catch (error) {
    return damageOf(error);
  }
}

/**
 * Writes a batch in one transaction; when a conversation's own damage fails it (the checks
 * before passed), each is written alone so that only the damaged one is skipped.
 */
async function writeBatch(context: StoreContext, batch: readonly Pending[], options: ImportAllOptions, result: ImportAllResult): Promise<void> {
  if (batch.length === 0) return;
  try {
    for (const restored of await restoreConversations(context, batch.map(({ item }) => item), options)) {
      if (restored.outcome === 'existing') result.existing.push(restored.id);
      else result.restored.push(restored.id);
      result.warnings.push(...restored.warnings);
    }
  } catch (error) {
    const damage = damageOf(error);
    if (batch.length > 1) {
      for (const one of batch) await writeBatch(context, [one], options, result);
      return;
    }
    result.skipped.push({ ...skippedOf(batch[0]!.listed), ...damage });
  }
}

/** What `skipped` says of a listed conversation besides its damage: its title where the manifest has one. */
function skippedOf({ id, file, title }: Listed): Omit<SkippedConversation, 'code' | 'message'> {
  return { conversationId: id, file, ...(title === undefined ? {} : { title }) };
}

/** The `code` and `message` of a conversation's damage; anything else is thrown on. */
function damageOf(error: unknown): { code: ConvologErrorCode; message: string } {
  if (!isConvologError(error) || !DAMAGE.has(error.code)) throw error;
  return { code: error.code, message: error.message };
}

async function readManifest(zip: Zip, blob: Blob, entry: ZipEntry | undefined): Promise<BackupManifest> {
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
  const listed = Array.isArray(conversations)
    && conversations.every((item) => typeof item?.id === 'string' && typeof item.file === 'string' && (item.title === undefined || typeof item.title === 'string'));
  if (format !== BACKUP_FORMAT || !listed) throw invalidArchive('corrupt', `The ${BACKUP_FILE} of the backup is not a convolog backup manifest.`);
  return manifest as BackupManifest;
}
