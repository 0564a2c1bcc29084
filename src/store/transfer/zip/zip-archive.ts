import { zipEntriesByName } from '../read-zip-export.js';
import { invalidArchive } from './invalid-archive.js';
import { readZipEntry, type InflateBudget } from './read-zip-entry.js';
import { readZipDirectory } from './zip-directory.js';

/**
 * A ZIP opened for reading entry by entry (DESIGN §18): its names from the central directory,
 * and each entry's bytes only when asked for. What `openZipArchive` returns; the importers of
 * `convolog/importers` read a ChatGPT or Claude export through it.
 */
export interface ZipArchive {
  /** The names of the entries, in the order of the central directory. */
  readonly names: readonly string[];
  /** The inflated size an entry declares, or `undefined` when there is no such entry. */
  size(name: string): number | undefined;
  /**
   * The bytes of one entry. Everything read from this archive counts against one `maxBytes`
   * (`too_large` past it, checked before each 16 KB slice is inflated); an entry that inflates to
   * more than it declares is `invalid_archive`; an unknown name is `invalid_archive` (`missing_entry`).
   */
  read(name: string): Promise<Uint8Array>;
}

/** The default of `openZipArchive`'s `maxBytes`: what the archive may inflate to in all. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 4 * 1024 * 1024 * 1024;

/** Reads the directory of `blob` and returns the archive over it. @internal */
export async function openArchive(blob: Blob, maxBytes: number): Promise<ZipArchive> {
  const entries = zipEntriesByName(await readZipDirectory(blob));
  const budget: InflateBudget = { maxBytes, left: maxBytes };
  return {
    names: [...entries.keys()],
    size: (name) => entries.get(name)?.size,
    read: async (name) => {
      const entry = entries.get(name);
      if (entry === undefined) throw invalidArchive('missing_entry', `The ZIP holds no entry named ${JSON.stringify(name)}.`, { entry: name });
      return readZipEntry(blob, entry, budget);
    },
  };
}
