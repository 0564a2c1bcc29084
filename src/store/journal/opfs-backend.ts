import type { JournalBackend, JournalStorage } from './journal-storage.js';

const ROOT_FOLDER = 'convolog-journal';

type Directory = FileSystemDirectoryHandle & { keys(): AsyncIterableIterator<string> };
type WritableFile = FileSystemFileHandle & { createWritable?: () => Promise<FileSystemWritableFileStream> };

/** Whether this engine has the origin private file system with whole-file writes. @internal */
export function hasOpfs(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' && typeof (FileSystemFileHandle.prototype as WritableFile).createWritable === 'function';
}

/**
 * The journal folder in the origin private file system (OPFS): `convolog-journal/<database>/`.
 * Each write goes through `createWritable`, which writes a swap file and moves it into place on
 * `close()`: a process killed mid-write leaves the old file or the new one, never a torn mix
 * (DESIGN §21 measures this against a worker's `createSyncAccessHandle`).
 * @internal
 */
export const opfsBackend: JournalBackend = async (database) => {
  const root = await navigator.storage.getDirectory();
  const journals = await root.getDirectoryHandle(ROOT_FOLDER, { create: true });
  const name = encodeURIComponent(database);
  return folder(await journals.getDirectoryHandle(name, { create: true }) as Directory, [ROOT_FOLDER, name]);
};

function folder(directory: Directory, path: readonly string[]): JournalStorage {
  return {
    canJournal: true,
    opfsFolder: path,
    async list() {
      const names: string[] = [];
      for await (const name of directory.keys()) names.push(name);
      return names;
    },
    read: async (file) => (await fileOf(directory, file))?.text(),
    write: (file, text) => writeWhole(directory, file, text),
    async readBytes(file) {
      const found = await fileOf(directory, file);
      return found && new Uint8Array(await found.arrayBuffer());
    },
    size: async (file) => (await fileOf(directory, file))?.size ?? 0,
    writeBytes: (file, bytes) => writeWhole(directory, file, bytes as Uint8Array<ArrayBuffer>),
    async remove(file) {
      try {
        await directory.removeEntry(file);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}

async function fileOf(directory: Directory, file: string): Promise<File | undefined> {
  try {
    return await (await directory.getFileHandle(file)).getFile();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Through a swap file moved into place on `close()`: the old file or the new one, never a mix. */
async function writeWhole(directory: Directory, file: string, data: string | Blob | Uint8Array<ArrayBuffer>): Promise<void> {
  const handle = await directory.getFileHandle(file, { create: true }) as WritableFile;
  const writable = await handle.createWritable!();
  try {
    await writable.write(data);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'NotFoundError';
}
