import type { JournalBackend, JournalStorage } from './journal-storage.js';

/** What a {@link memoryJournalBackend} can be told to do wrong, to test the bad cases. @internal */
export interface MemoryJournalFaults {
  /** Every write throws a `QuotaExceededError` (a full disk, private mode). */
  refuseWrites?: boolean;
  /** Refuses the writes whose text this picks: a tab killed before one particular record reached the journal. */
  refuseWrite?: (text: string) => boolean;
  /** Every removal throws: what a crash right after a snapshot was written leaves behind. */
  refuseRemoves?: boolean;
  /** Runs before each removal takes effect: another tab writing between a roll's read and its removal. */
  beforeRemove?: (file: string) => Promise<void>;
  /** Runs once a binary file is written, before its write resolves. */
  afterWriteBytes?: (file: string) => Promise<void>;
  /** Opening the folder throws (no OPFS at all). */
  refuseOpen?: boolean;
}

/** An in-memory backend whose folders outlive the stores that use them (one "browser profile"). @internal */
export interface MemoryJournalBackend {
  backend: JournalBackend;
  /** The folder of a database name: file name to text. Tests read and damage it directly. */
  files(database: string): Map<string, string>;
  /** The same folder's binary files (attachment bytes): file name to bytes. */
  binaries(database: string): Map<string, Uint8Array>;
  faults: MemoryJournalFaults;
}

/**
 * A {@link JournalBackend} in memory, for Node (which has no OPFS) and for fault injection.
 * @internal
 */
export function memoryJournalBackend(faults: MemoryJournalFaults = {}): MemoryJournalBackend {
  const folders = new Map<string, Map<string, string>>();
  const binaryFolders = new Map<string, Map<string, Uint8Array>>();
  const files = (database: string): Map<string, string> => folderOf(folders, database);
  const binaries = (database: string): Map<string, Uint8Array> => folderOf(binaryFolders, database);
  const backend: JournalBackend = async (database) => {
    if (faults.refuseOpen === true) throw new DOMException('The origin private file system is not available.', 'SecurityError');
    return memoryStorage(files(database), binaries(database), faults);
  };
  return { backend, files, binaries, faults };
}

function folderOf<T>(folders: Map<string, Map<string, T>>, database: string): Map<string, T> {
  let folder = folders.get(database);
  if (folder === undefined) folders.set(database, (folder = new Map()));
  return folder;
}

function memoryStorage(folder: Map<string, string>, binaries: Map<string, Uint8Array>, faults: MemoryJournalFaults): JournalStorage {
  const refuse = (text: string): void => {
    if (faults.refuseWrites === true || faults.refuseWrite?.(text) === true) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    canJournal: true,
    list: async () => [...folder.keys(), ...binaries.keys()],
    read: async (file) => folder.get(file),
    async write(file, data) {
      const text = typeof data === 'string' ? data : await data.text();
      refuse(text);
      binaries.delete(file);
      folder.set(file, text);
    },
    readBytes: async (file) => binaries.get(file)?.slice(),
    size: async (file) => binaries.get(file)?.byteLength ?? new TextEncoder().encode(folder.get(file) ?? '').byteLength,
    async writeBytes(file, bytes) {
      refuse(file);
      folder.delete(file);
      binaries.set(file, bytes.slice());
      await faults.afterWriteBytes?.(file);
    },
    remove: async (file) => {
      if (faults.refuseRemoves === true) throw new DOMException('The tab was killed.', 'AbortError');
      await faults.beforeRemove?.(file);
      folder.delete(file);
      binaries.delete(file);
    },
  };
}
