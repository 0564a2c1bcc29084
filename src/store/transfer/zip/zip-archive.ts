import { zipEntriesByName } from '../read-zip-export.js';
import { invalidArchive } from './invalid-archive.js';
import { readZipEntry, streamZipEntry, type InflateBudget } from './read-zip-entry.js';
import { readZipDirectory, type ZipEntry } from './zip-directory.js';

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
  /**
   * One entry as UTF-8 text, decoded as it inflates (never the whole bytes and the text at once);
   * `invalid_archive` (`not_text`) when it is not UTF-8. Same budget and checks as `read`.
   */
  readText(name: string): Promise<string>;
}

/** The default of `openZipArchive`'s `maxBytes`: what the archive may inflate to in all. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 4 * 1024 * 1024 * 1024;

/** Reads the directory of `blob` and returns the archive over it. @internal */
export async function openArchive(blob: Blob, maxBytes: number): Promise<ZipArchive> {
  const entries = zipEntriesByName(await readZipDirectory(blob));
  const budget: InflateBudget = { maxBytes, left: maxBytes };
  const entryNamed = (name: string): ZipEntry => {
    const entry = entries.get(name);
    if (entry === undefined) throw invalidArchive('missing_entry', `The ZIP holds no entry named ${JSON.stringify(name)}.`, { entry: name });
    return entry;
  };
  return {
    names: [...entries.keys()],
    size: (name) => entries.get(name)?.size,
    read: async (name) => readZipEntry(blob, entryNamed(name), budget),
    readText: async (name) => {
      const decoder = new TextDecoder('utf-8', { fatal: true });
      const pieces: string[] = [];
      // A ConvologError passes through the inflater as it is (any other error there reads as damage).
      const decode = (data?: Uint8Array): string => {
        try {
          return data === undefined ? decoder.decode() : decoder.decode(data, { stream: true });
        } catch (error) {
          throw invalidArchive('not_text', `The ZIP entry "${name}" is not UTF-8 text.`, { entry: name }, error);
        }
      };
      await streamZipEntry(blob, entryNamed(name), budget, (data) => pieces.push(decode(data)));
      pieces.push(decode());
      return pieces.join('');
    },
  };
}
