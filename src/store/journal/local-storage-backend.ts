import type { JournalBackend, JournalStorage } from './journal-storage.js';

const PREFIX = 'convolog-journal:';

/**
 * The fallback folder in `localStorage`, for the reset marker only (`canJournal: false`): a
 * journal would not fit in its few megabytes, and every write there blocks the page.
 * @internal
 */
export function localStorageBackend(storage: Storage): JournalBackend {
  return async (database) => folderIn(storage, `${PREFIX}${database}:`);
}

function folderIn(storage: Storage, prefix: string): JournalStorage {
  return {
    canJournal: false,
    async list() {
      const names: string[] = [];
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index);
        if (key?.startsWith(prefix) === true) names.push(key.slice(prefix.length));
      }
      return names;
    },
    read: async (file) => storage.getItem(prefix + file) ?? undefined,
    write: async (file, text) => storage.setItem(prefix + file, typeof text === 'string' ? text : await text.text()),
    remove: async (file) => storage.removeItem(prefix + file),
  };
}
