import type { ZipArchive } from './transfer/zip/zip-archive.js';

export type { ZipArchive } from './transfer/zip/zip-archive.js';

/** Options of {@link openZipArchive}. */
export interface OpenZipArchiveOptions {
  /** What all entries read may inflate to together (`too_large` past it); 4 GiB by default. */
  maxBytes?: number;
}

/**
 * Opens a ZIP held in a Blob (a `File` from a picker) for reading entry by entry: the central
 * directory is read at once, each entry's bytes only when `read` asks for them, sliced from the
 * Blob and inflated 16 KB at a time, so the archive is never inflated whole. Refuses
 * (`invalid_archive`) a file that is not a ZIP, a cut-off one and an entry name that escapes its
 * folder (`..`, an absolute path, a backslash). The reader and fflate load only when called.
 * This is how `convolog/importers` reads a ChatGPT or Claude export ZIP.
 *
 * @example
 * const archive = await openZipArchive(file, { maxBytes: 2 ** 30 })
 * const result = await importChatGPTZip(store, archive, { onProgress: (p) => console.log(p.index, p.total) })
 */
export async function openZipArchive(blob: Blob, options: OpenZipArchiveOptions = {}): Promise<ZipArchive> {
  const { openArchive, DEFAULT_MAX_ARCHIVE_BYTES } = await import('./transfer/zip/zip-archive.js');
  return openArchive(blob, options.maxBytes ?? DEFAULT_MAX_ARCHIVE_BYTES);
}
