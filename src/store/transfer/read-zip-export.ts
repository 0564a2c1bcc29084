import { ConvologError } from '../../core/error.js';
import { checkBytes, attachmentSection, type CarriedAttachment } from './carried-attachments.js';
import { ATTACHMENTS_FOLDER, CONVERSATION_FILE } from './zip/zip-export-names.js';
import { invalidArchive } from './zip/invalid-archive.js';
import type { ZipSource } from './zip/blob-window.js';
import { readZipEntry, tooLarge, type InflateBudget } from './zip/read-zip-entry.js';
import { readZipDirectory, type ZipEntry } from './zip/zip-directory.js';

/**
 * A ZIP export (`exportConversation(id, { format: 'zip' })`) as the export object and the
 * attachments it carries, each checked against its id. Only the entries the export names are
 * read, each sliced from the Blob, and everything inflated counts against `maxBytes` (checked on
 * the declared sizes first, then on the bytes as they come). Loaded on demand, with fflate.
 * @internal
 */
export async function readZipExport(blob: Blob, maxBytes: number): Promise<ZipConversation> {
  const entries = zipEntriesByName(await readZipDirectory(blob));
  const file = entries.get(CONVERSATION_FILE);
  if (file === undefined) {
    throw invalidArchive('missing_entry', `The ZIP holds no ${CONVERSATION_FILE}: it is not a convolog conversation export (a ChatGPT or Claude export goes through convolog/importers; a backup through importAll).`, { entry: CONVERSATION_FILE });
  }
  return readZipConversation(blob, entries, file, { maxBytes, left: maxBytes });
}

/** One conversation of a ZIP and the attachments it carries. @internal */
export interface ZipConversation { exported: Record<string, unknown>; carried: CarriedAttachment[] }

/**
 * One conversation's export (`file`) of a ZIP and the bytes of every attachment its section
 * lists, read from `attachments/<id>` and checked against the id, all inflating within `budget`.
 * @internal
 */
export async function readZipConversation(blob: ZipSource, entries: ReadonlyMap<string, ZipEntry>, file: ZipEntry, budget: InflateBudget): Promise<ZipConversation> {
  const exported = parse(await readZipEntry(blob, file, budget), file.name);
  const section = attachmentSection(exported, false);
  const files = section.map((attachment) => {
    const entry = entries.get(ATTACHMENTS_FOLDER + attachment.id);
    if (entry === undefined) throw invalidArchive('missing_entry', `The ZIP lists attachment "${attachment.id}" but holds no ${ATTACHMENTS_FOLDER}${attachment.id}.`, { entry: ATTACHMENTS_FOLDER + attachment.id });
    return entry;
  });
  const declared = files.reduce((total, entry) => total + entry.size, 0);
  if (declared > budget.left) throw tooLarge(budget, files.at(-1)!.name);
  const carried: CarriedAttachment[] = [];
  for (const [index, entry] of files.entries()) carried.push(await checkBytes(section[index]!, await readZipEntry(blob, entry, budget)));
  return { exported, carried };
}

/** The entries by name; a name twice is refused (which of the two would count?). @internal */
export function zipEntriesByName(entries: readonly ZipEntry[]): Map<string, ZipEntry> {
  const named = new Map<string, ZipEntry>();
  for (const entry of entries) {
    if (named.has(entry.name)) throw invalidArchive('corrupt', `The ZIP holds "${entry.name}" twice: it was tampered with.`, { entry: entry.name });
    named.set(entry.name, entry);
  }
  return named;
}

function parse(bytes: Uint8Array, name: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_history', cause: error,
      message: `The ${name} of the ZIP is not valid JSON (${error instanceof Error ? error.message : String(error)}). Nothing was imported.`,
    });
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ConvologError({ code: 'invalid_history', message: `The ${name} of the ZIP is not a conversation export. Nothing was imported.` });
}

// What importAll needs of the ZIP code, through this module's one dynamic import.
export { readZipDirectory } from './zip/zip-directory.js';
export { readZipEntry } from './zip/read-zip-entry.js';
export { BlobWindow } from './zip/blob-window.js';
